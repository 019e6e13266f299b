// A model's alert rule (config.alert, API.md §8): enough matching detections, confident enough, and the
// cooldown since the model's previous alert has passed.
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
