// Person scores as DeepStack clients expect them. DeepStack's YOLO scores a clearly visible person 0.8–0.95, and
// its clients are set up for that: Home Assistant's integration keeps objects at 80 % and above by default. The
// built-in CenterNet scores the same people 0.4–0.7, so those clients found nobody. Person scores sent here are
// calibrated instead: the probability that a person box is right, fitted (Platt's logistic map) by
// `npm run eval:detect` on the hand-checked set (docs/detection-accuracy.md). Persons below the native default
// threshold (thresholds.ts: where a rock stops being a person) are never sent, whatever the client asks, so a
// calibrated person always scores ≥ 0.8. Other classes have too few labelled instances to fit; their raw scores
// are sent as they are. Operator detectors are not calibrated (their scores are their own).
import { PERSON_MIN_SCORE } from '../../tasks/thresholds.js';

/** calibrated = 1 / (1 + exp(-(slope × raw + intercept))) — CenterNet on onnxruntime, eval:detect 2026-11-29 */
export const PERSON_PLATT = { slope: 24.314, intercept: -9.464 } as const;

export function calibratedPersonScore(raw: number): number {
  return 1 / (1 + Math.exp(-(PERSON_PLATT.slope * raw + PERSON_PLATT.intercept)));
}

/** What to ask the native task for, so that every box the client may get is among the answers. */
export function nativeMinConfidence(clientMin: number): number {
  return Math.min(clientMin, PERSON_MIN_SCORE);
}

/**
 * The native detections (at nativeMinConfidence) as a DeepStack client gets them: persons at the native
 * threshold or above with calibrated scores, then everything at the client's min_confidence or above.
 */
export function calibrateForDeepStack<T extends { label?: string; confidence: number }>(
  detections: readonly T[],
  clientMin: number,
): T[] {
  return detections
    .flatMap((d) => {
      if (d.label?.toLowerCase() !== 'person') return [d];
      if (d.confidence < PERSON_MIN_SCORE) return [];
      return [{ ...d, confidence: Math.round(calibratedPersonScore(d.confidence) * 1000) / 1000 }];
    })
    .filter((d) => d.confidence >= clientMin)
    .sort((a, b) => b.confidence - a.confidence);
}
