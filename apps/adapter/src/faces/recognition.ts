// Matching a face_recognition result against the gallery, on the main thread (the gallery lives here, the
// descriptors come from a worker). The default threshold is the one measured in docs/adapter.md "Face
// recognition": at 0.6 every genuine probe was named and no stranger was.
import type { TaskResult } from '../tasks/types.js';
import type { FaceGallery } from './gallery.js';

export const DEFAULT_MATCH_THRESHOLD = 0.6;

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** Replaces the worker's descriptors with `person`, `person_id` and `similarity` per face. */
export async function nameFaces(
  gallery: FaceGallery,
  result: TaskResult,
  params: Record<string, unknown>,
): Promise<TaskResult> {
  const { descriptors, ...rest } = result as TaskResult & { descriptors?: Float32Array[] };
  const faces = (rest.faces ?? []) as Record<string, unknown>[];
  const threshold = (params.threshold as number | undefined) ?? DEFAULT_MATCH_THRESHOLD;
  const matches = await gallery.match(descriptors ?? []);
  return {
    ...rest,
    faces: faces.map((face, i) => {
      const m = matches[i];
      const known = m && m.similarity >= threshold;
      return {
        ...face,
        person: known ? m.person.name : null,
        person_id: known ? m.person.id : null,
        similarity: m ? round3(m.similarity) : null,
      };
    }),
  };
}
