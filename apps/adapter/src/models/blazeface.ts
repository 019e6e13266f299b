// BlazeFace (back-camera variant, 256×256) on tfjs-wasm. The graph outputs raw anchor regressions; we
// letterbox the frame to a square, decode boxes against the SSD anchor grid and run NMS.
import { join } from 'node:path';
import type * as TF from '@tensorflow/tfjs';
import type { DecodedFrame } from '../frames/decode.js';
import { loadGraphModel, tfjs } from '../runtimes/tfjs.js';
import { nms, type Box } from './geometry.js';

const INPUT = 256;
// Two feature maps: stride 16 with 2 anchors per cell, stride 32 with 6; anchors sit at cell centres.
const ANCHOR_LAYERS = [
  { stride: 16, perCell: 2 },
  { stride: 32, perCell: 6 },
];

export interface FaceHit {
  box: Box; // working-frame pixels
  score: number;
}

export interface BlazeFace {
  detect(frame: DecodedFrame, minScore: number): Promise<FaceHit[]>;
  dispose(): void;
}

function anchors(): [number, number][] {
  const out: [number, number][] = [];
  for (const { stride, perCell } of ANCHOR_LAYERS) {
    const cells = Math.ceil(INPUT / stride);
    for (let y = 0; y < cells; y++)
      for (let x = 0; x < cells; x++)
        for (let n = 0; n < perCell; n++) out.push([(x + 0.5) * stride, (y + 0.5) * stride]);
  }
  return out;
}

export async function loadBlazeFace(dir: string): Promise<BlazeFace> {
  const tf = await tfjs();
  const model = await loadGraphModel(join(dir, 'blazeface.json'));
  const grid = anchors();

  const detect = async (frame: DecodedFrame, minScore: number): Promise<FaceHit[]> => {
    const side = Math.max(frame.width, frame.height);
    const outputs = tf.tidy(() => {
      const pixels = tf.tensor3d(frame.data, [frame.height, frame.width, 3], 'int32').toFloat();
      // Pad bottom/right to a square so faces keep their aspect ratio, then scale to [-1, 1].
      const square = tf.pad(pixels, [
        [0, side - frame.height],
        [0, side - frame.width],
        [0, 0],
      ]);
      const input = tf.image
        .resizeBilinear(square.expandDims<TF.Tensor4D>(0), [INPUT, INPUT])
        .div(127.5)
        .sub(1);
      return model.execute(input) as TF.Tensor[];
    });
    // Four outputs: scores and regressions for the 512-anchor and the 384-anchor maps.
    const bySize = [...outputs].sort((a, b) => a.size - b.size);
    const [scores384, scores512, reg384, reg512] = await Promise.all(bySize.map((t) => t.data()));
    tf.dispose(outputs);
    const logits = [...scores512!, ...scores384!];
    const regs = [reg512!, reg384!];
    const scale = side / INPUT;
    const hits: FaceHit[] = [];
    logits.forEach((logit, i) => {
      const score = 1 / (1 + Math.exp(-logit));
      if (score < minScore) return;
      const [reg, j] = i < 512 ? [regs[0]!, i] : [regs[1]!, i - 512];
      const base = j * 16;
      const [ax, ay] = grid[i]!;
      const cx = ax + reg[base]!;
      const cy = ay + reg[base + 1]!;
      const w = reg[base + 2]!;
      const h = reg[base + 3]!;
      hits.push({
        score,
        box: [(cx - w / 2) * scale, (cy - h / 2) * scale, (cx + w / 2) * scale, (cy + h / 2) * scale],
      });
    });
    return nms(hits, 0.3);
  };
  await detect(
    { data: new Uint8Array(32 * 32 * 3), width: 32, height: 32, original: { width: 32, height: 32 } },
    0.99,
  );
  return { detect, dispose: () => model.dispose() };
}
