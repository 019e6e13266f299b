// Detection accuracy on the labelled set (npm run eval:detect; issue #35 item 2). Prepares the set's frames
// (eval/detect/set.ts), decodes each as the adapter does (frames/decode.ts), runs every detector under test once
// at the lowest score kept (0.1; matching is greedy by score, so every threshold is a prefix of that run) and
// prints, as markdown: per detector × threshold person precision / recall / F1, person AP and mAP at IoU 0.5 over
// the labelled classes, false persons on the photos without a person; the threshold the set suggests; and the
// Platt map from raw person score to the chance a person box is right, for the scores DeepStack clients get.
// Then, on the video frames, the built-in detector looking at crops around the recorder's motion boxes
// (params.regions, detectors/crops.ts) against looking at the whole picture (issue #35 item 4).
// Results and how to read them: docs/detection-accuracy.md. Time per frame is not measured here.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { discoverDetectors } from '../src/detectors/discovery.js';
import { openDetector } from '../src/detectors/model.js';
import { decodeFrame, type DecodedFrame } from '../src/frames/decode.js';
import { planCrops } from '../src/detectors/crops.js';
import { CENTERNET_INPUT, loadCenterNet, type ObjectHit } from '../src/models/centernet.js';
import { MODELS, weightsDir } from '../src/models/catalog.js';
import { ModelCache } from '../src/models/instances.js';
import { createTaskContext } from '../src/tasks/context.js';
import { detectObjects } from '../src/tasks/detections.js';
import { PERSON_MIN_SCORE } from '../src/tasks/thresholds.js';
import {
  calibrate,
  fitPlatt,
  matchClass,
  positives,
  rawFor,
  scoreClass,
  type MatchedDetection,
  type ScoredFrame,
} from './detect/metrics.js';
import { motionRegions } from './detect/motion-regions.js';
import { framePath, prepareFrames, readSet, type LabelledFrame } from './detect/set.js';

interface Detector {
  detect(frame: DecodedFrame, minScore: number): Promise<ObjectHit[]>;
  dispose(): unknown;
}

const MODELS_DIR = resolve(process.env.MODELS_DIR ?? resolve(process.env.DATA_DIR ?? 'data', 'models'));

/** The detectors under test: name → opener. Operator detectors found in $MODELS_DIR/detectors are added. */
const DETECTORS: { name: string; open: () => Promise<Detector> }[] = [
  { name: 'centernet', open: () => loadCenterNet(weightsDir(MODELS.centernet, MODELS_DIR)) },
];

const THRESHOLDS = [0.2, 0.3, 0.4, 0.45, 0.5, 0.6, 0.7];
/** A suggested default keeps no person on the photos without one and at most 1 in 100 reported persons false. */
const SUGGESTED_PRECISION = 0.99;
const FLOOR = 0.1;
/** Home Assistant's DeepStack integration reports objects at or above 80 % by default. */
const HOME_ASSISTANT_CONFIDENCE = 0.8;
const PERSON = 'person';
/** vtest.avi's rate (ffprobe: 10/1) */
const VIDEO_FPS = 10;

const set = readSet();
prepareFrames(set);
const bytes = set.map((f) => new Uint8Array(readFileSync(framePath(f))));
const decoded = await Promise.all(bytes.map((b) => decodeFrame(b)));
const negatives = set.filter((f) => f.classes.includes(PERSON) && !f.boxes.some((b) => b.label === PERSON));
const classes = [...new Set(set.flatMap((f) => f.classes))].sort();

for (const found of await discoverDetectors(MODELS_DIR, { warn: (_f, message) => console.warn(message) })) {
  const spec = found.spec;
  if (spec) DETECTORS.push({ name: `detectors/${found.name}`, open: () => openDetector(spec) });
  else console.warn(`detectors/${found.name} skipped: ${found.error}`);
}

console.log(
  `# Detection accuracy — ${set.length} frames, ${positives(asScored(set, []), PERSON)} people ` +
    `(+${count(set, (b) => b.label === PERSON && !!b.difficult)} difficult), ${negatives.length} photos without a person\n`,
);

// EVAL_DETECTORS=centernet,detectors/yolo narrows the run to those names.
const only = process.env.EVAL_DETECTORS?.split(',').filter(Boolean);
for (const { name, open } of DETECTORS.filter((d) => !only || only.includes(d.name))) {
  const detector = await open();
  const detections: ObjectHit[][] = [];
  for (const frame of decoded) detections.push(await detector.detect(frame, FLOOR));
  await detector.dispose();
  report(name, asScored(set, detections));
}

if (!only || only.includes('centernet')) await motionCrops();

/**
 * The video frames, CenterNet on the whole picture against CenterNet on crops around the moving boxes the
 * recorder's motion watch finds at that moment (same production path: detectObjects with params.regions).
 */
async function motionCrops(): Promise<void> {
  const videos = set.map((f, i) => ({ f, i })).filter(({ f }) => f.source.frame !== undefined);
  if (videos.length === 0) return;
  const file = videos[0]!.f.source.file;
  const regions = await motionRegions(
    file,
    VIDEO_FPS,
    videos.map(({ f }) => f.source.frame!),
  );
  const cache = new ModelCache(MODELS_DIR);
  const whole: ObjectHit[][] = [];
  const crops: ObjectHit[][] = [];
  let still = 0;
  let runs = 0;
  for (const { f, i } of videos) {
    const moving = regions.get(f.source.frame!) ?? [];
    if (moving.length === 0) still++;
    const plan = planCrops(moving, decoded[i]!.original, CENTERNET_INPUT);
    runs += plan.kind === 'crops' ? plan.crops.length : plan.kind === 'whole' ? 1 : 0;
    whole.push(await detectObjects(createTaskContext(bytes[i]!, decoded[i]!, cache), 'centernet'));
    crops.push(await detectObjects(createTaskContext(bytes[i]!, decoded[i]!, cache), 'centernet', moving));
  }
  const frames = videos.map(({ f }) => f);
  console.log(
    `## Motion crops — ${frames.length} video frames (${still} with nothing moving), persons at the default ${PERSON_MIN_SCORE}\n`,
  );
  console.log(
    '| looking at | model runs per frame | person precision | person recall | person AP@0.5 (from 0.1) |',
  );
  console.log('|---|---|---|---|---|');
  for (const [name, detections, perFrame] of [
    ['the whole picture', whole, 1],
    ['crops around motion', crops, runs / frames.length],
  ] as const) {
    const scored = asScored(frames, detections);
    const matched = matchClass(scored, PERSON);
    const npos = positives(scored, PERSON);
    const at = scoreClass(matched, npos, PERSON_MIN_SCORE);
    console.log(
      `| ${name} | ${f2(perFrame)} | ${f2(at.precision)} (${at.tp}/${at.tp + at.fp}) | ${f2(at.recall)} (${at.tp}/${npos}) | ${f2(scoreClass(matched, npos, FLOOR).ap)} |`,
    );
  }
  console.log('');
}

function report(name: string, frames: ScoredFrame[]): void {
  const scored = classes
    .map((label) => ({ label, npos: positives(frames, label), matched: matchClass(frames, label) }))
    .filter((c) => c.npos > 0);
  const person = scored.find((c) => c.label === PERSON)!;
  const negativeIds = new Set(negatives.map((f) => f.id));
  const onNegatives = person.matched.filter((d) => negativeIds.has(d.frame));

  console.log(`## ${name}\n`);
  console.log(
    `| threshold | person precision | person recall | person F1 | person AP@0.5 | mAP@0.5 (${scored.length} classes) | false persons on the ${negatives.length} photos without one (photos) |`,
  );
  console.log('|---|---|---|---|---|---|---|');
  let suggested: number | null = null;
  for (const t of THRESHOLDS) {
    const p = scoreClass(person.matched, person.npos, t);
    const map = mean(scored.map((c) => scoreClass(c.matched, c.npos, t).ap));
    const fpNeg = onNegatives.filter((d) => d.score >= t);
    const photos = new Set(fpNeg.map((d) => d.frame)).size;
    if (suggested === null && photos === 0 && p.precision >= SUGGESTED_PRECISION) suggested = t;
    console.log(
      `| ${t} | ${f2(p.precision)} (${p.tp}/${p.tp + p.fp}) | ${f2(p.recall)} (${p.tp}/${p.npos}) | ${f2(p.f1)} | ${f2(p.ap)} | ${f2(map)} | ${fpNeg.length} (${photos}) |`,
    );
  }
  console.log(
    `\nSuggested person threshold (the lowest with no person on a photo without one and precision ≥ ${SUGGESTED_PRECISION}): ${suggested ?? 'none of the thresholds tried'}`,
  );
  const perClass = scored.map((c) => `${c.label} ${f2(scoreClass(c.matched, c.npos, FLOOR).ap)} (${c.npos})`);
  console.log(`\nAP@0.5 per class from ${FLOOR} (labelled instances): ${perClass.join(', ')}`);
  const worst = person.matched.filter((d) => d.outcome === 'fp').slice(0, 5);
  console.log(`\nHighest-scoring false persons: ${worst.map(describe).join('; ')}`);
  calibration(person.matched, person.npos);
  console.log('');
}

/** Platt scaling of the person score, and what Home Assistant's 80 % would keep with and without it. */
function calibration(matched: MatchedDetection[], npos: number): void {
  const samples = matched
    .filter((d) => d.outcome !== 'ignored')
    .map((d) => ({ score: d.score, right: d.outcome === 'tp' }));
  if (!samples.some((s) => s.right) || samples.every((s) => s.right)) {
    console.log(`\nCalibration: not possible, it needs both right and wrong person detections ≥ ${FLOOR}.`);
    return;
  }
  const platt = fitPlatt(samples);
  console.log(
    `\nCalibration (Platt, person, ${samples.length} detections ≥ ${FLOOR}, ${samples.filter((s) => s.right).length} right): ` +
      `p = 1 / (1 + exp(-(${platt.a.toFixed(3)} × score + ${platt.b.toFixed(3)})))\n`,
  );
  console.log('| raw score | 0.2 | 0.3 | 0.4 | 0.5 | 0.6 | 0.7 | 0.8 | 0.9 |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  const raws = [0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9];
  console.log(`| calibrated | ${raws.map((r) => f2(calibrate(platt, r))).join(' | ')} |`);
  const cut = rawFor(platt, HOME_ASSISTANT_CONFIDENCE);
  const at = (keep: (d: MatchedDetection) => boolean) =>
    matched.filter((d) => keep(d) && d.outcome === 'tp').length +
    ` of ${npos} people, ${matched.filter((d) => keep(d) && d.outcome === 'fp').length} false`;
  console.log(
    `\nAt Home Assistant's ${HOME_ASSISTANT_CONFIDENCE * 100} %: calibrated scores (raw ≥ ${f2(cut)}) report ` +
      `${at((d) => calibrate(platt, d.score) >= HOME_ASSISTANT_CONFIDENCE)}; raw scores report ` +
      `${at((d) => d.score >= HOME_ASSISTANT_CONFIDENCE)}.`,
  );
}

function asScored(frames: LabelledFrame[], detections: ObjectHit[][]): ScoredFrame[] {
  return frames.map((f, i) => ({
    id: f.id,
    classes: f.classes,
    truths: f.boxes,
    detections: (detections[i] ?? []).map((h) => ({ label: h.label, box: h.box, score: h.score })),
  }));
}

function count(frames: LabelledFrame[], keep: (b: LabelledFrame['boxes'][number]) => boolean): number {
  return frames.reduce((n, f) => n + f.boxes.filter(keep).length, 0);
}

function describe(d: MatchedDetection): string {
  return `${d.frame} ${f2(d.score)} [${d.box.map((v) => Math.round(v)).join(', ')}]`;
}

function mean(values: number[]): number {
  return values.reduce((s, v) => s + v, 0) / values.length;
}

function f2(v: number): string {
  return Number.isNaN(v) ? '–' : v.toFixed(2);
}
