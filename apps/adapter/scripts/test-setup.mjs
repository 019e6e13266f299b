#!/usr/bin/env node
// Gathers the real photos the adapter tests and benchmark use into <repo>/test-fixtures/adapter (gitignored):
// face-api's sample photos (from node_modules), Debian darknet's data photos, and frames of OpenCV's vtest.avi
// (Debian opencv-doc) cut with ffmpeg. Idempotent: files already present are kept.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const root = new URL('../../..', import.meta.url).pathname;
const out = join(root, 'test-fixtures', 'adapter');
mkdirSync(out, { recursive: true });
const require = createRequire(join(root, 'apps', 'adapter', 'package.json'));
const problems = [];

const faceApiDir = dirname(require.resolve('@vladmandic/face-api/package.json'));
for (let i = 1; i <= 6; i++) {
  copyIfMissing(join(faceApiDir, 'demo', `sample${i}.jpg`), join(out, `sample${i}.jpg`), 'npm ci');
}

const darknet = '/usr/share/darknet/data';
for (const name of ['person.jpg', 'kite.jpg', 'dog.jpg', 'horses.jpg']) {
  copyIfMissing(join(darknet, name), join(out, name), 'apt-get install darknet');
}

const videos = '/usr/share/doc/opencv-doc/examples/data';
// vtest.avi at a few seconds in: the street is busy there (5+ pedestrians).
for (const second of [2, 6]) cutFrame(join(videos, 'vtest.avi'), second, join(out, `vtest-${second}s.jpg`));
// Face recognition: a character of OpenCV's Megamind.avi in two different shots (Bernard at 4.5 s and in the
// close-up at 9.5 s).
for (const second of [4.5, 9.5])
  cutFrame(join(videos, 'Megamind.avi'), second, join(out, `megamind-${second}s.jpg`));

// Tiny ONNX detectors of each export layout with boxes placed by hand (test/custom-detectors.test.ts), written
// by a python script with Debian's python3-onnx; rewritten when the script changes.
makeDetectors(join(out, 'detectors'));

if (problems.length > 0) {
  console.error(`adapter test-setup: missing test media:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}

function copyIfMissing(from, to, hint) {
  if (existsSync(to)) return;
  if (!existsSync(from)) {
    problems.push(`${from} missing (${hint})`);
    return;
  }
  copyFileSync(from, to);
}

/** One picture of a video at `second`, as a JPEG (once). */
function cutFrame(video, second, target) {
  if (existsSync(target)) return;
  if (!existsSync(video)) {
    problems.push(`${video} missing (apt-get install opencv-doc)`);
    return;
  }
  const ff = process.env.FFMPEG_PATH ?? 'ffmpeg';
  const args = [
    '-v',
    'error',
    '-y',
    '-ss',
    String(second),
    '-i',
    video,
    '-frames:v',
    '1',
    '-q:v',
    '2',
    target,
  ];
  if (spawnSync(ff, args, { stdio: 'inherit' }).status !== 0)
    problems.push(`ffmpeg could not cut ${target} (apt-get install ffmpeg)`);
}

function makeDetectors(target) {
  const script = join(root, 'apps', 'adapter', 'test', 'fixtures', 'make-tiny-detectors.py');
  const stamp = join(target, 'v8', 'model.onnx');
  if (existsSync(stamp) && statSync(stamp).mtimeMs >= statSync(script).mtimeMs) return;
  rmSync(target, { recursive: true, force: true });
  // Debian's python3 has python3-onnx; a python3 earlier on PATH (pyenv) may not.
  const python = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
  if (spawnSync(python, [script, target], { stdio: 'inherit' }).status !== 0)
    problems.push(`${script} failed (apt-get install python3-onnx python3-numpy)`);
}
