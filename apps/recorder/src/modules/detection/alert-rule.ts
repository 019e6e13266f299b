// A model's alert rule (config.alert, API.md §8): enough matching detections, confident enough, the cooldown
// since the model's previous alert has passed, and no alert of the model yet for the incident still open on the
// camera (one alert per incident: issue #34). That one alert then follows its incident: what later pictures match
// (the most seen at once, every label, when last seen) is written to it, at most every ALERT_UPDATE_MIN_MS.
import type { AlertRule } from '../ai-models/ai-models.schemas.js';
import type { Detection } from './result-mapping.js';

/** The detections the rule counts (label filter and confidence floor applied). */
export function matchingDetections(rule: AlertRule, detections: readonly Detection[]): Detection[] {
  return detections.filter(
    (d) => d.confidence >= rule.min_confidence && (rule.labels === null || rule.labels.includes(d.label)),
  );
}

export function ruleFires(rule: AlertRule, detections: readonly Detection[]): Detection[] | null {
  const matched = matchingDetections(rule, detections);
  return matched.length >= rule.min_count ? matched : null;
}

export function cooledDown(rule: AlertRule, lastAlertAt: number | null, now: number): boolean {
  return lastAlertAt === null || now - lastAlertAt >= rule.cooldown_seconds * 1000;
}

/**
 * An alert raised this long before its incident began still belongs to it: the rule sees the picture that opens
 * the incident before the tracker has opened it.
 */
export const INCIDENT_LEAD_MS = 10_000;

/** Whether the model's last alert belongs to the incident open on its camera (null: none open). */
export function alertedForIncident(lastAlertAt: number | null, incidentSince: number | null): boolean {
  return incidentSince !== null && lastAlertAt !== null && lastAlertAt >= incidentSince - INCIDENT_LEAD_MS;
}

/** The least time between two writes of an alert following its incident (a busy scene matches every picture). */
export const ALERT_UPDATE_MIN_MS = 5_000;
/** With nothing new but that the scene goes on, `last_seen_at` is written this often. */
export const LAST_SEEN_REFRESH_MS = 30_000;

/** What an alert following its incident says: the most matched at once, every label, when last matched (ms). */
export interface AlertSight {
  count: number;
  labels: string[];
  lastSeenAt: number;
}

/** The alert's sight with one more matching picture taken in. */
export function withMatch(sight: AlertSight, matched: readonly Detection[], at: number): AlertSight {
  const labels = [...sight.labels];
  for (const { label } of matched) if (!labels.includes(label)) labels.push(label);
  return { count: Math.max(sight.count, matched.length), labels, lastSeenAt: Math.max(sight.lastSeenAt, at) };
}

/**
 * When the alert should be written next: null when what it says is still true (no more seen at once, no new
 * label, `last_seen_at` fresh enough), else in how many ms (0: now) — never sooner than ALERT_UPDATE_MIN_MS after
 * its last write.
 */
export function alertUpdateDue(
  written: AlertSight,
  writtenAt: number,
  sight: AlertSight,
  now: number,
): number | null {
  const grew = sight.count > written.count || sight.labels.some((label) => !written.labels.includes(label));
  const stale = sight.lastSeenAt - written.lastSeenAt >= LAST_SEEN_REFRESH_MS;
  if (!grew && !stale) return null;
  return Math.max(0, writtenAt + ALERT_UPDATE_MIN_MS - now);
}

/** "2 person/car detections", as the alert's title and message say. */
export function sightText(sight: Pick<AlertSight, 'count' | 'labels'>): string {
  return `${sight.count} ${sight.labels.join('/') || 'detection'}${sight.count === 1 ? '' : 's'}`;
}
