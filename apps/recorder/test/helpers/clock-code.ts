// Reads the wall clock the test camera burns into every frame (rtsp_camera.py --clock-code): 48 blocks of
// 24 px in two rows of 24 from (32, 24), white = 1; bits 0..39 the unix time in ms modulo 2^40, bits 40..47 the
// sum of those five bytes modulo 256.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

export const CLOCK_CODE_WIDTH = 640;
export const CLOCK_CODE_HEIGHT = 360;
const BLOCK = 24;
const COLUMNS = 24;
const LEFT = 32;
const TOP = 24;

/** The camera's clock (ms mod 2^40) in a gray frame, or null when the checksum does not match. */
export function decodeClockCode(gray: Buffer, width = CLOCK_CODE_WIDTH): number | null {
  let word = 0;
  for (let i = 0; i < 48; i++) {
    const x = LEFT + (i % COLUMNS) * BLOCK + BLOCK / 2;
    const y = TOP + Math.floor(i / COLUMNS) * BLOCK + BLOCK / 2;
    word = word * 2 + (gray[y * width + x]! > 128 ? 1 : 0);
  }
  const value = Math.floor(word / 256);
  let sum = 0;
  for (let rest = value; rest > 0; rest = Math.floor(rest / 256)) sum += rest % 256;
  return sum % 256 === word % 256 ? value : null;
}

/** The full unix time (ms) of a code, taken as the one nearest to `near` (codes wrap every 2^40 ms). */
export function unwrapClockCode(code: number, near = Date.now()): number {
  const period = 2 ** 40;
  return code + Math.round((near - code) / period) * period;
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
  for (let offset = 0; offset + frameBytes <= stdout.length; offset += frameBytes) {
    const code = decodeClockCode(stdout.subarray(offset, offset + frameBytes));
    if (code !== null) codes.push(unwrapClockCode(code));
  }
  return codes;
}
