// How sure the object detectors must be before a task reports something, when the caller does not say
// (min_confidence). Chosen with `npm run eval:detect` on the hand-checked set (docs/detection-accuracy.md): at
// 0.3 a rock on a lawn, a sign post and traffic cones were people in dozens of frames (CenterNet scores them
// 0.30–0.43); at 0.45 none is, no photo without a person has one, and 0.995 of the persons reported are right.
// Other classes have too few labelled instances there to choose from; CenterNet scores animals lower than
// people, so they keep 0.3.
export const PERSON_MIN_SCORE = 0.45;
export const OBJECT_MIN_SCORE = 0.3;

/** The caller's min_confidence for every class, or the default of the class. */
export function minScoreFor(label: string, requested: unknown): number {
  if (typeof requested === 'number') return requested;
  return label.toLowerCase() === 'person' ? PERSON_MIN_SCORE : OBJECT_MIN_SCORE;
}
