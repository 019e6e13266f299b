// Labelling aid (LABELLING.md): prepares the set's frames and writes the built-in CenterNet's boxes at ≥ 0.1 on
// each into test-fixtures/adapter/eval/proposals.json, for tools/render.py to draw numbered.
// Run: node --conditions=source --import tsx apps/adapter/eval/detect/tools/propose.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeFrame } from '../../../src/frames/decode.js';
import { loadCenterNet } from '../../../src/models/centernet.js';
import { MODELS, weightsDir } from '../../../src/models/catalog.js';
import { FRAMES_DIR, ROOT, framePath, prepareFrames, readSet } from '../set.js';

const frames = readSet();
prepareFrames(frames);
const modelsDir = process.env.MODELS_DIR ?? join(ROOT, 'data', 'models');
const net = await loadCenterNet(weightsDir(MODELS.centernet, modelsDir));
const out: Record<string, { label: string; box: number[]; score: number }[]> = {};
for (const frame of frames) {
  const hits = await net.detect(await decodeFrame(readFileSync(framePath(frame))), 0.1);
  out[frame.id] = hits.map((h) => ({ label: h.label, box: h.box.map((v) => Math.round(v)), score: h.score }));
}
await net.dispose();
writeFileSync(join(FRAMES_DIR, 'proposals.json'), JSON.stringify(out));
console.log(`proposals for ${frames.length} frames in ${join(FRAMES_DIR, 'proposals.json')}`);
