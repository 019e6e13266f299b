// The labelled detection set (labels.json, LABELLING.md): its frames read and checked, and their pictures
// prepared from the Debian packages they come from (opencv-doc, darknet) into test-fixtures/adapter/eval/.
// Video frames are cut by exact frame number (ffmpeg's select filter) as PNG, so the same pixels every time;
// photos are copied as they are.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import type { Box } from './metrics.js';

export const SET_DIR = new URL('.', import.meta.url).pathname;
export const ROOT = new URL('../../../../', import.meta.url).pathname;
export const FRAMES_DIR = join(ROOT, 'test-fixtures', 'adapter', 'eval');

export interface LabelledBox {
  label: string;
  box: Box;
  /** too small, occluded or cut off to say it is one: neither a miss nor a false positive */
  difficult?: boolean;
}

export interface LabelledFrame {
  id: string;
  source: { file: string; frame?: number };
  width: number;
  height: number;
  /** the classes whose every instance in the frame is labelled */
  classes: string[];
  boxes: LabelledBox[];
}

export function readSet(path = join(SET_DIR, 'labels.json')): LabelledFrame[] {
  const { frames } = JSON.parse(readFileSync(path, 'utf8')) as { frames: LabelledFrame[] };
  const ids = new Set<string>();
  for (const f of frames) {
    if (ids.has(f.id)) throw new Error(`labels.json: frame id ${f.id} twice`);
    ids.add(f.id);
    for (const b of f.boxes) {
      const [x1, y1, x2, y2] = b.box;
      if (!f.classes.includes(b.label))
        throw new Error(`labels.json: ${f.id} has a ${b.label} box but ${b.label} is not in its classes`);
      if (!(x1 >= 0 && y1 >= 0 && x2 <= f.width && y2 <= f.height && x1 < x2 && y1 < y2))
        throw new Error(
          `labels.json: ${f.id} box [${b.box.join(', ')}] is not inside ${f.width}×${f.height}`,
        );
    }
  }
  return frames;
}

/** The prepared picture of a frame (cut or copied once). */
export function framePath(frame: LabelledFrame): string {
  const ext = frame.source.frame === undefined ? extname(frame.source.file) : '.png';
  return join(FRAMES_DIR, `${frame.id}${ext}`);
}

export function prepareFrames(frames: LabelledFrame[]): void {
  mkdirSync(FRAMES_DIR, { recursive: true });
  for (const frame of frames) {
    const target = framePath(frame);
    if (existsSync(target)) continue;
    const { file, frame: n } = frame.source;
    if (!existsSync(file))
      throw new Error(
        `${file} is missing (apt-get install ${file.includes('darknet') ? 'darknet' : 'opencv-doc'})`,
      );
    if (n === undefined) {
      copyFileSync(file, target);
      continue;
    }
    const ff = process.env.FFMPEG_PATH ?? 'ffmpeg';
    const args = ['-v', 'error', '-y', '-i', file, '-vf', `select=eq(n\\,${n})`, '-frames:v', '1', target];
    const run = spawnSync(ff, args, { stdio: ['ignore', 'inherit', 'inherit'] });
    if (run.status !== 0 || !existsSync(target))
      throw new Error(`ffmpeg could not cut frame ${n} of ${file}`);
  }
}
