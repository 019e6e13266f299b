// CenterNet (MobileNetV3 backbone, COCO-80), from the tfjs graph @vladmandic/human ships, rewritten as an ONNX graph
// at load (models/tfjs-graph-onnx.ts) and run on onnxruntime's CPU kernels: 4-6× faster than the same graph on
// tfjs-wasm (docs/adapter.md), with the same answers (the picture is resized as tfjs's resizeBilinear does). The graph is cut before its decoding tail (top-100 peaks), which is done here
// (centernet-decode.ts) so that the input size can follow the picture.
import { join } from 'node:path';
import type { DecodedFrame } from '../frames/decode.js';
import { suppressPerClass } from '../detectors/nms.js';
import { bilinearPlanes } from '../detectors/preprocess.js';
import { idleCores } from '../runtimes/idle-cores.js';
import { createSession, ort } from '../runtimes/onnx.js';
import { decodeCenterNet } from './centernet-decode.js';
import { COCO_LABELS } from './coco-labels.js';
import type { Box } from './geometry.js';
import { convertTfjsGraph } from './tfjs-graph-onnx.js';

/** The input the net was trained at; pictures are stretched to this square. */
export const CENTERNET_INPUT = 512;
export const CENTERNET_MAX_DETECTIONS = 100;
/** input pixels per heatmap cell */
const STRIDE = 4;

export interface ObjectHit {
  label: string;
  classIndex: number;
  box: Box; // original-frame pixels
  score: number;
}

export interface CenterNet {
  detect(frame: DecodedFrame, minScore: number): Promise<ObjectHit[]>;
  dispose(): Promise<void>;
}

export async function loadCenterNet(dir: string): Promise<CenterNet> {
  const input = CENTERNET_INPUT;
  const { graph } = await convertTfjsGraph(join(dir, 'centernet.json'), ['tower_0/keypoints', 'tower_0/wh'], {
    height: input,
    width: input,
  });
  // One session per thread count: a request takes both cores while the other worker has nothing to do (a lone
  // camera, Frigate's one detector call at a time), and keeps to its own core under load.
  const [narrow, wide] = await Promise.all([createSession(graph), createSession(graph, { threads: 2 })]);
  const detect = async (frame: DecodedFrame, minScore: number): Promise<ObjectHit[]> => {
    // Trained on 0..255 RGB stretched to a square (no letterbox), resized as tfjs's resizeBilinear does.
    const tensor = bilinearPlanes(frame.data, frame.width, frame.height, input, input);
    const session = idleCores() > 0 ? wide : narrow;
    const result = await session.run({ images: new (ort().Tensor)('float32', tensor, [1, 3, input, input]) });
    const heat = result['tower_0/keypoints']!;
    const found = decodeCenterNet(
      {
        heatmap: heat.data as Float32Array,
        edges: result['tower_0/wh']!.data as Float32Array,
        classes: heat.dims[1]!,
        height: heat.dims[2]!,
        width: heat.dims[3]!,
        stride: STRIDE,
      },
      minScore,
      CENTERNET_MAX_DETECTIONS,
    );
    const sx = frame.original.width / input;
    const sy = frame.original.height / input;
    const hits: ObjectHit[] = [];
    for (const { classIndex, score, box } of found) {
      const label = COCO_LABELS[classIndex];
      if (label === undefined) continue;
      hits.push({ label, classIndex, score, box: [box[0] * sx, box[1] * sy, box[2] * sx, box[3] * sy] });
    }
    // Class-aware suppression: a person next to a bicycle must survive, two boxes on one person must not.
    return suppressPerClass(hits, 0.5);
  };
  // One warm-up pass so the first real request does not pay for kernel setup.
  await detect(
    { data: new Uint8Array(64 * 64 * 3), width: 64, height: 64, original: { width: 64, height: 64 } },
    0.99,
  );
  return { detect, dispose: async () => void (await Promise.all([narrow.release(), wide.release()])) };
}
