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
    // tfjs and its wasm backend are CommonJS; requiring both registers the backend on this tfjs instance.
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
