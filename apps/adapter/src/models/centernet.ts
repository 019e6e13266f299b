// CenterNet (MobileNetV3 backbone, COCO-80) on tfjs-wasm. The graph already decodes its heatmap into the
// top 100 [x1, y1, x2, y2, score, class] rows in input pixels; we rescale and suppress duplicates.
import { join } from 'node:path';
import type * as TF from '@tensorflow/tfjs';
import type { DecodedFrame } from '../frames/decode.js';
import { loadGraphModel, tfjs } from '../runtimes/tfjs.js';
import { COCO_LABELS } from './coco-labels.js';
import { nms, type Box } from './geometry.js';

export const CENTERNET_INPUT = 512;
export const CENTERNET_MAX_DETECTIONS = 100;

export interface ObjectHit {
  label: string;
  classIndex: number;
  box: Box; // original-frame pixels
  score: number;
}

export interface CenterNet {
  detect(frame: DecodedFrame, minScore: number): Promise<ObjectHit[]>;
  dispose(): void;
}

export async function loadCenterNet(dir: string): Promise<CenterNet> {
  const tf = await tfjs();
  const model = await loadGraphModel(join(dir, 'centernet.json'));
  const detect = async (frame: DecodedFrame, minScore: number): Promise<ObjectHit[]> => {
    const output = tf.tidy(() => {
      const pixels = tf.tensor3d(frame.data, [frame.height, frame.width, 3], 'int32');
      // The model was trained on 0..1 RGB, stretched to a square (no letterbox).
      const resized = tf.image.resizeBilinear(pixels.toFloat().expandDims<TF.Tensor4D>(0), [
        CENTERNET_INPUT,
        CENTERNET_INPUT,
      ]);
      return model.execute(resized, 'tower_0/detections') as TF.Tensor;
    });
    const rows = (await output.array()) as number[][][];
    output.dispose();
    const sx = frame.original.width / CENTERNET_INPUT;
    const sy = frame.original.height / CENTERNET_INPUT;
    const hits: ObjectHit[] = [];
    for (const [x1, y1, x2, y2, score, cls] of rows[0] ?? []) {
      if (score === undefined || cls === undefined || !(score >= minScore) || Number.isNaN(cls)) continue;
      const label = COCO_LABELS[cls];
      if (label === undefined) continue;
      hits.push({ label, classIndex: cls, score, box: [x1! * sx, y1! * sy, x2! * sx, y2! * sy] });
    }
    // Class-aware suppression: a person next to a bicycle must survive, two boxes on one person must not.
    const byClass = new Map<number, ObjectHit[]>();
    for (const h of hits) byClass.set(h.classIndex, [...(byClass.get(h.classIndex) ?? []), h]);
    return [...byClass.values()].flatMap((group) => nms(group, 0.5)).sort((a, b) => b.score - a.score);
  };
  // One warm-up pass so the first real request does not pay for kernel setup.
  await detect(
    { data: new Uint8Array(64 * 64 * 3), width: 64, height: 64, original: { width: 64, height: 64 } },
    0.99,
  );
  return { detect, dispose: () => model.dispose() };
}
