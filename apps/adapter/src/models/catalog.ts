// The built-in models: where their weights live (inside npm packages) and what they are. Imported by both
// the main thread (health, card, fingerprints) and the workers (loading); nothing heavy happens at import.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { FACE_API_MODELS, HUMAN_MODELS } from '../runtimes/tfjs.js';

export type ModelName =
  'centernet' | 'ssd_face' | 'blazeface' | 'face_landmarks68' | 'face_age_gender' | 'face_embedding';

export interface ModelDescriptor {
  name: ModelName;
  title: string;
  version: string;
  /** tfjs-wasm: TensorFlow.js on WebAssembly; onnxruntime-cpu: face-api's layers rebuilt as ONNX graphs. */
  runtime: 'tfjs-wasm' | 'onnxruntime-cpu';
  /** Where the package ships the weights. */
  packageDir: () => string;
  /** Files whose bytes make up the weights (sha256 fingerprint, existence check). */
  fileNames: string[];
  /** Rough resident size per worker once loaded, for the hardware evaluation. */
  approxMemoryMb: number;
}

const human = (name: string) => ({ packageDir: HUMAN_MODELS, fileNames: [`${name}.json`, `${name}.bin`] });
const faceApi = (name: string) => ({
  packageDir: FACE_API_MODELS,
  fileNames: [`${name}-weights_manifest.json`, `${name}.bin`],
});

export const MODELS: Readonly<Record<ModelName, ModelDescriptor>> = Object.freeze({
  centernet: {
    name: 'centernet',
    title: 'MB3-CenterNet COCO-80 object detector (@vladmandic/human weights, ONNX)',
    version: '3.3',
    runtime: 'onnxruntime-cpu',
    ...human('centernet'),
    approxMemoryMb: 60,
  },
  ssd_face: {
    name: 'ssd_face',
    title: 'SSD MobileNet v1 face detector (@vladmandic/face-api weights, ONNX)',
    version: '1.7',
    runtime: 'onnxruntime-cpu',
    ...faceApi('ssd_mobilenetv1_model'),
    approxMemoryMb: 30,
  },
  blazeface: {
    name: 'blazeface',
    title: 'BlazeFace back-camera face detector (@vladmandic/human)',
    version: '3.3',
    runtime: 'tfjs-wasm',
    ...human('blazeface'),
    approxMemoryMb: 10,
  },
  face_landmarks68: {
    name: 'face_landmarks68',
    title: '68-point face landmark net (@vladmandic/face-api weights, ONNX)',
    version: '1.7',
    runtime: 'onnxruntime-cpu',
    ...faceApi('face_landmark_68_model'),
    approxMemoryMb: 15,
  },
  face_age_gender: {
    name: 'face_age_gender',
    title: 'Age and gender net (@vladmandic/face-api weights, ONNX)',
    version: '1.7',
    runtime: 'onnxruntime-cpu',
    ...faceApi('age_gender_model'),
    approxMemoryMb: 10,
  },
  face_embedding: {
    name: 'face_embedding',
    title: 'FaceRes 1024-d face descriptor (@vladmandic/human weights, ONNX)',
    version: '3.3',
    runtime: 'onnxruntime-cpu',
    ...human('faceres'),
    approxMemoryMb: 40,
  },
});

export const MODEL_NAMES = Object.keys(MODELS) as ModelName[];

/** A built-in model, or an operator detector (`detectors/<name>`, detectors/discovery.ts). */
export type ModelKey = ModelName | `detectors/${string}`;

export const isBuiltInModel = (key: ModelKey): key is ModelName => Object.hasOwn(MODELS, key);

/**
 * Operators may drop replacement weights into `<MODELS_DIR>/<model name>/` (same file names); otherwise the
 * copy shipped in the npm package is used.
 */
export function weightsDir(model: ModelDescriptor, modelsDir: string): string {
  const override = join(modelsDir, model.name);
  return existsSync(override) ? override : model.packageDir();
}

export function weightFiles(model: ModelDescriptor, modelsDir: string): string[] {
  const dir = weightsDir(model, modelsDir);
  return model.fileNames.map((f) => join(dir, f));
}
