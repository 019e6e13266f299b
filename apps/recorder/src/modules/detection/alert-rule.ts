// A model's alert rule (config.alert, API.md §8): enough matching detections, confident enough, the cooldown
// since the model's previous alert has passed, and no alert of the model yet for the incident still open on the
// camera (one alert per incident: issue #34).
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
