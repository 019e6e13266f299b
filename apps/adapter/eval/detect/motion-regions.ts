// The moving regions the recorder would hand the detector for each frame of a video: the video decoded as the
// recorder's motion watch decodes a camera (grey, 320×180, area scaling, at the motion rate) and fed to the
// recorder's own MotionDetector with its default settings. The eval uses them to compare detection on crops
// around motion with detection on the whole picture (issue #35 item 4).
import { spawn } from 'node:child_process';
import { MotionDetector, type MotionBox } from '../../../recorder/src/media/motion/motion-detector.js';

const WIDTH = 320;
const HEIGHT = 180;

/**
 * Motion boxes at each of `frames` (frame numbers of the video at its own rate), from a motion watch running at
 * `fps` pictures a second: the result of the last motion picture at or before each frame.
 */
export async function motionRegions(
  video: string,
  videoFps: number,
  frames: readonly number[],
  fps = 5,
): Promise<Map<number, MotionBox[]>> {
  const ffmpeg = spawn(
    process.env.FFMPEG_PATH ?? 'ffmpeg',
    [
      '-v',
      'error',
      '-i',
      video,
      '-vf',
      `fps=${fps},scale=${WIDTH}:${HEIGHT}:flags=area,format=gray`,
      '-f',
      'rawvideo',
      '-',
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const detector = new MotionDetector(WIDTH, HEIGHT);
  const size = WIDTH * HEIGHT;
  const results: MotionBox[][] = [];
  let pending = Buffer.alloc(0);
  for await (const chunk of ffmpeg.stdout as AsyncIterable<Buffer>) {
    pending = Buffer.concat([pending, chunk]);
    while (pending.length >= size) {
      results.push(detector.analyse(new Uint8Array(pending.subarray(0, size))).boxes);
      pending = pending.subarray(size);
    }
  }
  const out = new Map<number, MotionBox[]>();
  for (const frame of frames) {
    const index = Math.min(results.length - 1, Math.floor((frame / videoFps) * fps));
    out.set(frame, results[index] ?? []);
  }
  return out;
}
