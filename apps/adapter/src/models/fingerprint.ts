// sha256 fingerprints of weight files: they change exactly when the weights do, so an orchestrator can
// notice a model swapped under a running deployment.
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { MODELS, MODEL_NAMES, weightFiles, type ModelName } from './catalog.js';

export async function hashFiles(files: string[]): Promise<string> {
  const hash = createHash('sha256');
  for (const f of files) {
    for await (const chunk of createReadStream(f)) hash.update(chunk as Buffer);
  }
  return `sha256:${hash.digest('hex')}`;
}

export interface Fingerprints {
  perModel: Record<ModelName, string | null>;
  /** Over every model's files, in catalog order: the card's single model fingerprint. */
  combined: string;
}

export async function computeFingerprints(modelsDir: string): Promise<Fingerprints> {
  const perModel = {} as Record<ModelName, string | null>;
  const all: string[] = [];
  for (const name of MODEL_NAMES) {
    const files = weightFiles(MODELS[name], modelsDir);
    const present = files.every((f) => existsSync(f));
    perModel[name] = present ? await hashFiles(files) : null;
    if (present) all.push(...files);
  }
  return { perModel, combined: await hashFiles(all) };
}
