// Reads tfjs weight files (face-api's `<name>-weights_manifest.json` + shards, or a graph model's manifest) into
// plain Float32Arrays, without tfjs: entries are float32, int32, uint8-quantised (value = min + q × scale) or
// float16-quantised.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface Weight {
  shape: number[];
  data: Float32Array;
}

/** One entry of a tfjs weights manifest (face-api's files and the graph models' `weightsManifest`). */
export interface ManifestEntry {
  name: string;
  shape: number[];
  dtype: string;
  quantization?: { dtype: string; min?: number; scale?: number };
}

export interface ManifestGroup {
  paths: string[];
  weights: ManifestEntry[];
}

export async function readFaceApiWeights(dir: string, name: string): Promise<Map<string, Weight>> {
  const manifest = JSON.parse(
    await readFile(join(dir, `${name}-weights_manifest.json`), 'utf8'),
  ) as ManifestGroup[];
  return readTfjsWeights(dir, manifest, name);
}

/**
 * The weights of a tfjs manifest's shards as Float32Arrays: float32 and int32 entries, uint8-quantised ones
 * (value = min + q × scale) and float16-quantised ones. `what` names the model in errors.
 */
export async function readTfjsWeights(
  dir: string,
  manifest: ManifestGroup[],
  what: string,
): Promise<Map<string, Weight>> {
  const out = new Map<string, Weight>();
  for (const group of manifest) {
    const bytes = Buffer.concat(await Promise.all(group.paths.map((p) => readFile(join(dir, p)))));
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let at = 0;
    for (const w of group.weights) {
      const size = w.shape.reduce((a, b) => a * b, 1);
      const data = new Float32Array(size);
      const quantised = w.quantization?.dtype;
      if (quantised === 'uint8') {
        const { min = 0, scale = 1 } = w.quantization!;
        for (let i = 0; i < size; i++) data[i] = min + view.getUint8(at + i) * scale;
        at += size;
      } else if (quantised === 'float16') {
        for (let i = 0; i < size; i++) data[i] = halfToFloat(view.getUint16(at + 2 * i, true));
        at += 2 * size;
      } else if (!quantised && (w.dtype === 'float32' || w.dtype === 'int32')) {
        for (let i = 0; i < size; i++)
          data[i] = w.dtype === 'int32' ? view.getInt32(at + 4 * i, true) : view.getFloat32(at + 4 * i, true);
        at += 4 * size;
      } else {
        throw new Error(`${what}: ${w.name} has an unsupported weight encoding (${quantised ?? w.dtype})`);
      }
      out.set(w.name, { shape: w.shape, data });
    }
    if (at !== bytes.byteLength) throw new Error(`${what}: weight shards do not match the manifest`);
  }
  return out;
}

/** IEEE 754 half → float. */
function halfToFloat(h: number): number {
  const exp = (h >> 10) & 0x1f;
  const frac = h & 0x3ff;
  const sign = h & 0x8000 ? -1 : 1;
  if (exp === 0) return sign * 2 ** -14 * (frac / 1024);
  if (exp === 31) return frac ? NaN : sign * Infinity;
  return sign * 2 ** (exp - 15) * (1 + frac / 1024);
}

/** The named weight, or an error naming it (a replaced weight file with other names fails loudly). */
export function weight(map: Map<string, Weight>, name: string): Weight {
  const w = map.get(name);
  if (!w) throw new Error(`weight ${name} is missing`);
  return w;
}
