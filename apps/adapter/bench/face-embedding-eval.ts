// Which face embedding, and at what threshold? (npm run bench:faces-eval). Runs the adapter's own face path
// (SSD detector → 68 landmarks → aligned chip) and compares two installed embedding nets on real photos that
// hold several pictures of the same people:
//   - "vlad": the 18 photos of Human's author in the first row of Human's facematch screenshot
//     (@vladmandic/human/assets/screenshot-facematch.jpg: a grid of ~110-px faces cut from many photos);
//   - "roxanne" and "bernard": the two characters of OpenCV's Megamind.avi (Debian opencv-doc), one frame a
//     second, from two different shots each.
// Gallery: one picture per person (the first). Genuine probes: every other picture of those three. Impostor
// probes: every other face of the screenshot (other people; the cells that might be the same man are left
// out) and the 22 faces of face-api's six sample photos. Prints true-accept / false-accept rates per threshold.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Tensor } from '@tensorflow/tfjs';
import { alignedBox } from '../src/faces/align.js';
import { loadFaceEmbedder } from './face-api-recognition.js';
import { embeddingBox, loadFaceRes, normalise } from '../src/faces/faceres.js';
import { decodeFrame, type DecodedFrame } from '../src/frames/decode.js';
import { describeFaces, loadAgeGender, loadLandmarker } from '../src/models/face-attributes.js';
import type { Box } from '../src/models/geometry.js';
import { loadSsdFace } from '../src/models/ssd-face.js';
import { FACE_API_MODELS, HUMAN_MODELS, loadGraphModel, tfjs } from '../src/runtimes/tfjs.js';

const ROOT = new URL('../../../', import.meta.url).pathname;
const FIXTURES = join(ROOT, 'test-fixtures', 'adapter');
const SCREENSHOT = join(HUMAN_MODELS(), '..', 'assets', 'screenshot-facematch.jpg');
const MEGAMIND = '/usr/share/doc/opencv-doc/examples/data/Megamind.avi';

interface Face {
  id: string;
  person: string | null; // null = someone not in the gallery
  frame: DecodedFrame;
  box: Box; // aligned box (working-frame pixels)
}

const dir = FACE_API_MODELS();
const [ssd, landmarker, ageGender, faceApi] = await Promise.all([
  loadSsdFace(dir),
  loadLandmarker(dir),
  loadAgeGender(dir),
  loadFaceEmbedder(dir),
]);
const tf = await tfjs();
const faceres = await loadGraphModel(join(HUMAN_MODELS(), 'faceres.json'));
const faceresOnnx = await loadFaceRes(HUMAN_MODELS());

/** Faces of a picture, largest first, with their aligned boxes. */
async function faces(bytes: Buffer) {
  const frame = await decodeFrame(bytes);
  const hits = (await ssd.detect(frame, 0.5)).filter((h) => h.score >= 0.5);
  const attrs = await describeFaces(
    frame,
    hits.map((h) => h.box),
    landmarker,
    ageGender,
  );
  const out = attrs.map((a) => ({ frame, box: alignedBox(a.landmarks68) }));
  return out.sort((a, b) => b.box[2] - b.box[0] - (a.box[2] - a.box[0]));
}

const dataset: Face[] = [];
let missed = 0;

// The screenshot's grid: 18 columns × 6 rows of cells from y = 282; row 0 is the author (Human ranks him first
// against the selected face; checked by eye). Cells left out: the same man perhaps (sunglasses, blur).
const GRID = { top: 282, cell: 1920 / 18, rowHeight: 112, rows: 6, cols: 18 };
const AMBIGUOUS = new Set(['1:0', '1:1', '1:2', '1:3', '1:16', '2:0']);
const screenshot = readFileSync(SCREENSHOT);
for (let r = 0; r < GRID.rows; r++) {
  for (let c = 0; c < GRID.cols; c++) {
    if (AMBIGUOUS.has(`${r}:${c}`)) continue;
    const cell = await sharp(screenshot)
      .extract({
        left: Math.round(c * GRID.cell),
        top: Math.round(GRID.top + r * GRID.rowHeight),
        width: Math.floor(GRID.cell),
        height: Math.floor(GRID.rowHeight),
      })
      .resize({ width: Math.floor(GRID.cell) * 2 })
      // The detector wants context around a face: put the cell on a grey canvas three times its size.
      .extend({ top: 200, bottom: 200, left: 200, right: 200, background: '#808080' })
      .jpeg({ quality: 95 })
      .toBuffer();
    const found = await faces(cell);
    if (!found[0]) {
      missed++;
      continue;
    }
    dataset.push({ id: `grid ${r}:${c}`, person: r === 0 ? 'vlad' : null, ...found[0] });
  }
}

// Megamind.avi, one frame a second: 0–3 s Roxanne (shot 1), 4–5 s Bernard (shot 1), 6–7 s Roxanne (shot 2),
// 8–10 s Bernard (close-up).
const tmp = mkdtempSync(join(tmpdir(), 'faces-eval-'));
const PEOPLE = ['roxanne', 'roxanne', 'roxanne', 'roxanne', 'bernard', 'bernard', 'roxanne', 'roxanne'];
PEOPLE.push('bernard', 'bernard', 'bernard');
for (const [second, person] of PEOPLE.entries()) {
  const out = join(tmp, `mm-${second}.jpg`);
  const args = [
    '-v',
    'error',
    '-y',
    '-ss',
    `${second + 0.5}`,
    '-i',
    MEGAMIND,
    '-frames:v',
    '1',
    '-q:v',
    '2',
    out,
  ];
  if (spawnSync('ffmpeg', args).status !== 0)
    throw new Error('ffmpeg failed (apt-get install ffmpeg opencv-doc)');
  const found = await faces(readFileSync(out));
  if (!found[0]) {
    missed++;
    continue;
  }
  dataset.push({ id: `megamind ${second}s`, person, ...found[0] });
}
rmSync(tmp, { recursive: true, force: true });

for (let i = 1; i <= 6; i++) {
  for (const [k, f] of (await faces(readFileSync(join(FIXTURES, `sample${i}.jpg`)))).entries())
    dataset.push({ id: `sample${i} #${k}`, person: null, ...f });
}

/** FaceRes on the same aligned box, grown by `grow` (Human crops wider than face-api), 224 px, 0–255. */
async function faceresEmbed(face: Face, grow: number): Promise<Float32Array> {
  const [x1, y1, x2, y2] = embeddingBox(face.box);
  const cx = (x1 + x2) / 2;
  const cy = (y1 + y2) / 2;
  const half = (Math.max(x2 - x1, y2 - y1) * grow) / 2;
  const { frame } = face;
  const image = tf.tensor4d(frame.data, [1, frame.height, frame.width, 3], 'float32');
  const crop = tf.image.cropAndResize(
    image,
    [
      [
        (cy - half) / frame.height,
        (cx - half) / frame.width,
        (cy + half) / frame.height,
        (cx + half) / frame.width,
      ],
    ],
    [0],
    [224, 224],
  );
  const outputs = faceres.execute(crop) as Tensor[];
  const descriptor = outputs.find((t) => t.shape[1] === 1024)!;
  const v = normalise(new Float32Array(await descriptor.data()));
  tf.dispose([image, crop, ...outputs]);
  return v;
}

const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);

function evaluate(name: string, vectors: Float32Array[], people = ['vlad', 'roxanne', 'bernard']) {
  const galleryIdx = new Map<string, number>();
  dataset.forEach((f, i) => {
    if (f.person && people.includes(f.person) && !galleryIdx.has(f.person)) galleryIdx.set(f.person, i);
  });
  const gallery = [...galleryIdx];
  const probes = dataset
    .map((f, i) => ({ f, i }))
    .filter(
      ({ f, i }) => (f.person === null || people.includes(f.person)) && ![...galleryIdx.values()].includes(i),
    );
  const best = probes.map(({ f, i }) => {
    const scored = gallery.map(([person, g]) => ({ person, sim: dot(vectors[i]!, vectors[g]!) }));
    scored.sort((a, b) => b.sim - a.sim);
    return { truth: f.person, ...scored[0]! };
  });
  const genuine = best.filter((b) => b.truth !== null);
  const impostor = best.filter((b) => b.truth === null);
  console.log(
    `\n${name}: gallery ${gallery.length} people, ${genuine.length} genuine probes, ${impostor.length} impostor probes`,
  );
  console.log('threshold  TAR            FAR (impostors)  wrong person');
  for (let t = 0.4; t <= 0.951; t += 0.025) {
    const ta = genuine.filter((b) => b.sim >= t && b.person === b.truth).length;
    const wrong = genuine.filter((b) => b.sim >= t && b.person !== b.truth).length;
    const fa = impostor.filter((b) => b.sim >= t).length;
    console.log(
      `${t.toFixed(3).padEnd(10)} ${`${ta}/${genuine.length} ${((100 * ta) / genuine.length).toFixed(1)}%`.padEnd(15)}` +
        ` ${`${fa}/${impostor.length} ${((100 * fa) / impostor.length).toFixed(1)}%`.padEnd(16)} ${wrong}`,
    );
  }
  const g = genuine.map((b) => b.sim).sort((a, b) => a - b);
  const im = impostor.map((b) => b.sim).sort((a, b) => b - a);
  console.log(
    `genuine best-match similarity: min ${g[0]?.toFixed(3)}, median ${g[g.length >> 1]?.toFixed(3)}`,
  );
  console.log(
    `impostor best-match similarity: max ${im[0]?.toFixed(3)}, 2nd ${im[1]?.toFixed(3)}, median ${im[im.length >> 1]?.toFixed(3)}`,
  );
}

console.log(`faces: ${dataset.length} (${missed} pictures without a face found)`);
for (const p of ['vlad', 'roxanne', 'bernard'])
  console.log(`  ${p}: ${dataset.filter((f) => f.person === p).length} pictures`);

let started = performance.now();
const faceApiVectors: Float32Array[] = [];
for (const f of dataset) faceApiVectors.push((await faceApi.embed(f.frame, [f.box]))[0]!);
console.log(
  `face-api 128-d (onnxruntime): ${((performance.now() - started) / dataset.length).toFixed(1)} ms/face`,
);
evaluate('face-api recognition net (128-d)', faceApiVectors);
evaluate('face-api recognition net (128-d), real people only', faceApiVectors, ['vlad']);

// FaceRes as the adapter runs it (onnxruntime), checked against Human's own tfjs graph on the same crops.
started = performance.now();
const faceresVectors: Float32Array[] = [];
for (const f of dataset) faceresVectors.push((await faceresOnnx.embed(f.frame, [f.box]))[0]!);
console.log(
  `\nHuman FaceRes 1024-d (onnxruntime): ${((performance.now() - started) / dataset.length).toFixed(1)} ms/face`,
);
started = performance.now();
let worst = 1;
for (const [i, f] of dataset.entries()) {
  const reference = await faceresEmbed(f, 1);
  worst = Math.min(worst, dot(reference, faceresVectors[i]!));
}
console.log(
  `Human FaceRes 1024-d (tfjs-wasm, Human's graph): ${((performance.now() - started) / dataset.length).toFixed(1)} ms/face; lowest cosine between the two: ${worst.toFixed(5)}`,
);
evaluate('Human FaceRes (1024-d)', faceresVectors);
evaluate('Human FaceRes (1024-d), real people only', faceresVectors, ['vlad']);

if (process.env.FACES_EVAL_DEBUG) {
  const gi = new Map<string, number>();
  dataset.forEach((f, i) => {
    if (f.person && !gi.has(f.person)) gi.set(f.person, i);
  });
  const rows = dataset.map((f, i) => {
    const s = [...gi].map(([p, g]) => ({
      p,
      sim: dot(faceApiVectors[i]!, faceApiVectors[g]!),
      d: Math.hypot(...faceApiVectors[i]!.map((x, k) => x - faceApiVectors[g]![k]!)),
    }));
    s.sort((a, b) => b.sim - a.sim);
    return { id: f.id, truth: f.person, w: Math.round(f.box[2] - f.box[0]), ...s[0]! };
  });
  console.log(
    rows
      .filter((r) => r.truth === null)
      .sort((a, b) => b.sim - a.sim)
      .slice(0, 12),
  );
  console.log(
    rows
      .filter((r) => r.truth !== null)
      .sort((a, b) => a.sim - b.sim)
      .slice(0, 8),
  );
}
