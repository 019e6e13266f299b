// TensorFlow.js with the WebAssembly backend, used only inside inference workers (the wasm backend is
// single-threaded, so parallelism comes from running one worker per core).
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as TF from '@tensorflow/tfjs';

const require = createRequire(import.meta.url);

let tfPromise: Promise<typeof TF> | undefined;

/** The shared tfjs instance, initialised once per worker on the wasm backend. */
export function tfjs(): Promise<typeof TF> {
  tfPromise ??= (async () => {
    // tfjs and face-api's node-wasm build are CommonJS; requiring them shares one tfjs instance between them.
    const tf = require('@tensorflow/tfjs') as typeof TF;
    require('@tensorflow/tfjs-backend-wasm');
    if (!(await tf.setBackend('wasm'))) throw new Error('tfjs wasm backend failed to initialise');
    await tf.ready();
    tf.enableProdMode();
    return tf;
  })();
  return tfPromise;
}

/**
 * Directory of an installed package (weights ship inside npm packages). Looked up through node_modules
 * folders rather than require.resolve because Human's `exports` map hides its package.json and models.
 */
export function packageDir(name: string): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`package ${name} is not installed (run npm ci)`);
    dir = parent;
  }
}

export const HUMAN_MODELS = (): string => join(packageDir('@vladmandic/human'), 'models');
export const FACE_API_MODELS = (): string => join(packageDir('@vladmandic/face-api'), 'model');

interface ManifestGroup {
  paths: string[];
  weights: TF.io.WeightsManifestEntry[];
}

async function readWeights(
  dir: string,
  manifest: ManifestGroup[],
): Promise<[TF.io.WeightsManifestEntry[], ArrayBuffer]> {
  const specs: TF.io.WeightsManifestEntry[] = [];
  const parts: Buffer[] = [];
  for (const group of manifest) {
    specs.push(...group.weights);
    for (const p of group.paths) parts.push(await readFile(join(dir, p)));
  }
  const all = Buffer.concat(parts);
  return [specs, all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength)];
}

/** Loads a tfjs graph model from disk (Node 20's fetch refuses file:// URLs, so we hand tfjs the bytes). */
export async function loadGraphModel(jsonPath: string): Promise<TF.GraphModel> {
  const tf = await tfjs();
  const json = JSON.parse(await readFile(jsonPath, 'utf8')) as TF.io.ModelJSON;
  const [weightSpecs, weightData] = await readWeights(dirname(jsonPath), json.weightsManifest);
  const artifacts: TF.io.ModelArtifacts = {
    modelTopology: json.modelTopology,
    format: json.format,
    generatedBy: json.generatedBy,
    convertedBy: json.convertedBy,
    signature: json.signature,
    weightSpecs,
    weightData,
  };
  return tf.loadGraphModel(tf.io.fromMemory(artifacts));
}

/** Decodes a face-api weight manifest (`<name>-weights_manifest.json` + shards) into named tensors. */
export async function loadWeightMap(dir: string, name: string): Promise<TF.NamedTensorMap> {
  const tf = await tfjs();
  const manifest = JSON.parse(
    await readFile(join(dir, `${name}-weights_manifest.json`), 'utf8'),
  ) as ManifestGroup[];
  const [specs, data] = await readWeights(dir, manifest);
  return tf.io.decodeWeights(data, specs);
}

/** The slice of face-api we use, typed against our tfjs (face-api's typings bundle their own copy). */
interface FaceApiNet {
  loadFromWeightMap(weights: TF.NamedTensorMap): void;
  dispose(): void;
}
export interface FaceApi {
  FaceLandmark68Net: new () => FaceApiNet & {
    detectLandmarks(input: TF.Tensor3D[]): Promise<FaceApiLandmarks | FaceApiLandmarks[]>;
  };
  AgeGenderNet: new () => FaceApiNet & {
    predictAgeAndGender(input: TF.Tensor3D[]): Promise<FaceApiAgeGender | FaceApiAgeGender[]>;
  };
  SsdMobilenetv1: new () => FaceApiNet & {
    locateFaces(input: TF.Tensor3D, options: unknown): Promise<FaceApiDetection[]>;
  };
  SsdMobilenetv1Options: new (o: { minConfidence: number; maxResults: number }) => unknown;
}
interface FaceApiDetection {
  score: number;
  box: { x: number; y: number; width: number; height: number };
}
interface FaceApiLandmarks {
  relativePositions: { x: number; y: number }[];
}
interface FaceApiAgeGender {
  age: number;
  gender: string;
  genderProbability: number;
}

/** face-api's node-wasm build, which uses the tfjs instance above. */
export async function faceApi(): Promise<FaceApi> {
  await tfjs();
  return require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
}
