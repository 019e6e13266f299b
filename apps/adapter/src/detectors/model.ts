// An operator detector on onnxruntime: opened from its folder, checked by running it once on a grey picture (the
// output's shape must fit a layout and labels.txt), then run on frames. The main thread opens each one at start to
// say in /health whether it works, and closes it again; workers open it on first use, like the built-in models.
import type * as Ort from 'onnxruntime-node';
import type { DecodedFrame } from '../frames/decode.js';
import type { ObjectHit } from '../models/centernet.js';
import { ort } from '../runtimes/onnx.js';
import { decodeOutput, resolveLayout } from './decode.js';
import { boxToPicture, placePicture } from './letterbox.js';
import { suppressPerClass } from './nms.js';
import { placePixels, toTensor } from './preprocess.js';
import {
  DetectorConfigError,
  resolvePreprocessing,
  type DetectorFile,
  type Layout,
  type Preprocessing,
} from './settings.js';

/** What discovery found in a detector's folder; plain data, handed to the workers. */
export interface DetectorSpec {
  name: string;
  modelFile: string;
  labels: string[];
  file: DetectorFile;
}

/** What running the model once established. */
export interface DetectorFacts {
  layout: Layout;
  input: { width: number; height: number };
  preprocessing: Preprocessing;
  /** the output that is read (a model may have others, e.g. segmentation masks) */
  output: string;
  outputShape: number[];
}

export interface OnnxDetector {
  facts: DetectorFacts;
  /** Boxes in the frame's original pixels, suppressed unless the model did that itself, best first. */
  detect(frame: DecodedFrame, minScore: number): Promise<ObjectHit[]>;
  dispose(): Promise<void>;
}

const DEFAULT_IOU = 0.45;

function inputSize(session: Ort.InferenceSession, file: DetectorFile): { width: number; height: number } {
  const meta = session.inputMetadata[0];
  if (!meta || !meta.isTensor) throw new DetectorConfigError('the model has no tensor input');
  if (session.inputNames.length !== 1)
    throw new DetectorConfigError(
      `the model has ${session.inputNames.length} inputs (${session.inputNames.join(', ')}); a detector takes one picture`,
    );
  if (meta.type !== 'float32')
    throw new DetectorConfigError(
      `input "${meta.name}" is ${meta.type}; only float32 inputs are fed (export without half precision or int8)`,
    );
  const dims = meta.shape;
  if (dims.length !== 4 || (typeof dims[1] === 'number' && dims[1] !== 3))
    throw new DetectorConfigError(
      `input "${meta.name}" is [${dims.join(', ')}]; a picture input is [1, 3, height, width] (NCHW)`,
    );
  const fixed = (d: number | string | undefined) => (typeof d === 'number' && d > 0 ? d : null);
  const [h, w] = [fixed(dims[2]), fixed(dims[3])];
  if (file.input) {
    const [fw, fh] = file.input;
    if ((w !== null && w !== fw) || (h !== null && h !== fh))
      throw new DetectorConfigError(
        `detector.json: input is [${fw}, ${fh}] but the model's input is fixed at ${w ?? '?'}×${h ?? '?'} (width×height)`,
      );
    return { width: fw, height: fh };
  }
  if (w === null || h === null)
    throw new DetectorConfigError(
      `input "${meta.name}" has a dynamic size [${dims.join(', ')}]: set "input": [width, height] in detector.json`,
    );
  return { width: w, height: h };
}

export async function openDetector(spec: DetectorSpec): Promise<OnnxDetector> {
  let session: Ort.InferenceSession;
  try {
    session = await ort().InferenceSession.create(spec.modelFile, {
      executionProviders: ['cpu'],
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
    });
  } catch (err) {
    throw new DetectorConfigError(`model.onnx could not be opened: ${(err as Error).message}`);
  }
  try {
    const input = inputSize(session, spec.file);
    const inputName = session.inputNames[0]!;
    const outputName = session.outputNames[0]!;
    const run = async (tensor: Float32Array) => {
      const feeds = { [inputName]: new (ort().Tensor)('float32', tensor, [1, 3, input.height, input.width]) };
      const result = await session.run(feeds, [outputName]);
      const out = result[outputName]!;
      if (out.type !== 'float32')
        throw new DetectorConfigError(`output "${outputName}" is ${out.type}; float32 outputs are read`);
      return { dims: out.dims, data: out.data as Float32Array };
    };
    // One run on a grey picture: the real output shape (exports often leave dims symbolic), and a warm-up.
    let probe;
    try {
      probe = await run(new Float32Array(3 * input.width * input.height).fill(0.5));
    } catch (err) {
      if (err instanceof DetectorConfigError) throw err;
      throw new DetectorConfigError(`the model failed on a grey picture: ${(err as Error).message}`);
    }
    const decoded = spec.file.decoded ?? false;
    const layout = resolveLayout(probe.dims, spec.labels.length, input, spec.file.layout, decoded);
    const preprocessing = resolvePreprocessing(layout, spec.file);
    const iou = spec.file.iou ?? DEFAULT_IOU;
    const facts: DetectorFacts = {
      layout,
      input,
      preprocessing,
      output: outputName,
      outputShape: [...probe.dims],
    };
    const detect = async (frame: DecodedFrame, minScore: number): Promise<ObjectHit[]> => {
      const placement = placePicture(frame, input, preprocessing.resize, preprocessing.align);
      const pixels = await placePixels(frame.data, frame, placement);
      const output = await run(
        toTensor(pixels, input.width, input.height, preprocessing.channels, preprocessing.normalize),
      );
      const found = decodeOutput(layout, output, spec.labels.length, input, minScore, decoded);
      const kept = layout === 'nms' ? found.sort((a, b) => b.score - a.score) : suppressPerClass(found, iou);
      return kept.map((c) => ({
        label: spec.labels[c.classIndex]!,
        classIndex: c.classIndex,
        score: c.score,
        box: boxToPicture(c.box, placement, frame.original),
      }));
    };
    return { facts, detect, dispose: () => session.release() };
  } catch (err) {
    await session.release();
    throw err;
  }
}
