// Reads the wall clock the test camera burns into every frame (rtsp_camera.py --clock-code): 48 blocks of
// 24 px in two rows of 24 from (32, 24), white = 1; bits 0..39 the unix time in ms modulo 2^40, bits 40..47 the
// sum of those five bytes modulo 256. The same decoder runs in Node (ffmpeg's gray frames) and in the browser
// (canvas pixels, see CLOCK_CODE_DECODER_SOURCE), so both reject false decodes the same way.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

export const CLOCK_CODE_WIDTH = 640;
export const CLOCK_CODE_HEIGHT = 360;
/** How far from the reader's clock a decoded time may be and still count as a frame of this run. */
export const CLOCK_CODE_WINDOW_MS = 10 * 60_000;

/**
 * The camera's clock (unix ms) in a frame whose luma at (x, y) is `luma(x, y)`, or null when the frame carries no
 * clean code. A checksum of 8 bits passes one torn, grey or pre-keyframe picture in 256, so every block must also
 * be clearly dark or clearly bright at all its sample points (the camera paints 16 and 235 on a background of 96),
 * an all-dark picture counts as no code, and the time must lie within `windowMs` of `near` (codes wrap every
 * 2^40 ms). Self-contained (no closures, no helpers): its source is also evaluated in the browser.
 */
export function decodeClockCodeFrom(
  luma: (x: number, y: number) => number,
  near: number,
  windowMs: number,
): number | null {
  const block = 24;
  const columns = 24;
  const left = 32;
  const top = 24;
  let word = 0;
  for (let i = 0; i < 48; i += 1) {
    const x0 = left + (i % columns) * block;
    const y0 = top + Math.floor(i / columns) * block;
    let dark = 0;
    let bright = 0;
    // A 3x3 grid inside the block, clear of its edges where compression bleeds in the neighbours.
    for (let dy = 6; dy <= 18; dy += 6) {
      for (let dx = 6; dx <= 18; dx += 6) {
        const value = luma(x0 + dx, y0 + dy);
        if (value < 72) dark += 1;
        else if (value > 184) bright += 1;
      }
    }
    if (dark === 9) word = word * 2;
    else if (bright === 9) word = word * 2 + 1;
    else return null;
  }
  if (word === 0) return null;
  const code = Math.floor(word / 256);
  let sum = 0;
  for (let rest = code; rest > 0; rest = Math.floor(rest / 256)) sum += rest % 256;
  if (sum % 256 !== word % 256) return null;
  const period = 2 ** 40;
  const time = code + Math.round((near - code) / period) * period;
  return Math.abs(time - near) <= windowMs ? time : null;
}

/** The decoder as a JavaScript expression (a function), for pages: `(${CLOCK_CODE_DECODER_SOURCE})(luma, near, window)`. */
export const CLOCK_CODE_DECODER_SOURCE = decodeClockCodeFrom.toString();

/** The camera's clock (unix ms) in a gray frame, or null when it carries no clean code near `near`. */
export function decodeClockCode(
  gray: Buffer,
  width = CLOCK_CODE_WIDTH,
  near = Date.now(),
  windowMs = CLOCK_CODE_WINDOW_MS,
): number | null {
  return decodeClockCodeFrom((x, y) => gray[y * width + x] ?? 0, near, windowMs);
}

/** The wall clock of every frame of a recorded file that carries a readable code, in frame order. */
export async function clockCodesOf(file: string): Promise<number[]> {
  const frameBytes = CLOCK_CODE_WIDTH * CLOCK_CODE_HEIGHT;
  const { stdout } = await promisify(execFile)(
    'ffmpeg',
    ['-v', 'error', '-i', file, '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'],
    { encoding: 'buffer', maxBuffer: 1024 * 1024 * 1024 },
  );
  const codes: number[] = [];
  const near = Date.now();
  for (let offset = 0; offset + frameBytes <= stdout.length; offset += frameBytes) {
    const code = decodeClockCode(stdout.subarray(offset, offset + frameBytes), CLOCK_CODE_WIDTH, near);
    if (code !== null) codes.push(code);
  }
  return codes;
}

export interface ClockedFrame {
  /** the viewer's clock when the frame was shown (unix ms) */
  shownAt: number;
  /** the camera's clock decoded from the frame (unix ms) */
  clock: number;
}

/**
 * Why a viewer's decoded frames do not show this run's live-or-recorded picture advancing, or null when they do:
 * at least `minFrames` frames, each stamped after `since` and not after it was shown, and the stamps move
 * forward. One frame in ten may be bad (a torn frame a decoder let through) without failing the run.
 */
export function judgeClockedFrames(frames: ClockedFrame[], since: number, minFrames = 5): string | null {
  const describe = () => frames.map((f) => `${f.clock - f.shownAt}@${f.shownAt - since}`).join(',');
  // The camera and the viewer share this machine's clock; 1 s of slack for the code's own millisecond rounding.
  const ofRun = frames.filter((f) => f.clock >= since - 1000 && f.clock <= f.shownAt + 1000);
  if (ofRun.length < minFrames)
    return `only ${ofRun.length} of ${frames.length} frames from this run: ${describe()}`;
  if (frames.length - ofRun.length > frames.length / 10)
    return `too many frames not of this run: ${describe()}`;
  let backwards = 0;
  for (let i = 1; i < ofRun.length; i += 1) if (ofRun[i]!.clock < ofRun[i - 1]!.clock) backwards += 1;
  if (backwards > ofRun.length / 10) return `clock goes backwards ${backwards} times: ${describe()}`;
  if (ofRun.at(-1)!.clock <= ofRun[0]!.clock) return `clock does not advance: ${describe()}`;
  return null;
}
