// Reads face-api's weight files (`<name>-weights_manifest.json` + shards) into plain Float32Arrays, without
// tfjs: entries are float32, int32 or uint8-quantised (value = min + q × scale).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface Weight {
  shape: number[];
  data: Float32Array;
}

interface ManifestEntry {
  name: string;
  shape: number[];
  dtype: 'float32' | 'int32';
  quantization?: { dtype: 'uint8'; min: number; scale: number };
}

export async function readFaceApiWeights(dir: string, name: string): Promise<Map<string, Weight>> {
  const manifest = JSON.parse(await readFile(join(dir, `${name}-weights_manifest.json`), 'utf8')) as {
    paths: string[];
    weights: ManifestEntry[];
  }[];
  const out = new Map<string, Weight>();
  for (const group of manifest) {
    const bytes = Buffer.concat(await Promise.all(group.paths.map((p) => readFile(join(dir, p)))));
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let at = 0;
    for (const w of group.weights) {
      const size = w.shape.reduce((a, b) => a * b, 1);
      const data = new Float32Array(size);
      if (w.quantization) {
        if (w.quantization.dtype !== 'uint8') throw new Error(`${w.name}: unsupported quantisation`);
        const { min, scale } = w.quantization;
        for (let i = 0; i < size; i++) data[i] = min + view.getUint8(at + i) * scale;
        at += size;
      } else {
        for (let i = 0; i < size; i++)
          data[i] = w.dtype === 'int32' ? view.getInt32(at + 4 * i, true) : view.getFloat32(at + 4 * i, true);
        at += 4 * size;
      }
      out.set(w.name, { shape: w.shape, data });
    }
    if (at !== bytes.byteLength) throw new Error(`${name}: weight shards do not match the manifest`);
  }
  return out;
}

/** The named weight, or an error naming it (a replaced weight file with other names fails loudly). */
export function weight(map: Map<string, Weight>, name: string): Weight {
  const w = map.get(name);
  if (!w) throw new Error(`weight ${name} is missing`);
  return w;
}
