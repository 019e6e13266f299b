// Pictures of an incident: a JPEG with boxes drawn on it (ffmpeg's drawbox filter) and a small thumbnail of the
// result. The JPEG goes in on stdin and comes out on stdout; nothing touches the disk on the way.
import { spawn } from 'node:child_process';

const MAX_JPEG_BYTES = 8 * 1024 * 1024;

/** A box in the picture's pixels. */
export interface PixelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The picture with a red frame 3 px thick around each box, at its own size. */
export function drawBoxes(ffmpegPath: string, jpeg: Buffer, boxes: readonly PixelBox[]): Promise<Buffer> {
  const filters = boxes.map(
    (b) =>
      `drawbox=x=${Math.round(b.x)}:y=${Math.round(b.y)}:w=${Math.max(1, Math.round(b.width))}:` +
      `h=${Math.max(1, Math.round(b.height))}:color=red@1:t=3`,
  );
  return pipeJpeg(ffmpegPath, jpeg, filters.length > 0 ? filters.join(',') : 'null');
}

/** The picture scaled to `width` px wide. */
export function scaleJpeg(ffmpegPath: string, jpeg: Buffer, width: number): Promise<Buffer> {
  return pipeJpeg(ffmpegPath, jpeg, `scale=${width}:-2`);
}

/** A part of the picture: `box` as shares of its width and height (0–1), cropped at the picture's own scale. */
export function cropJpeg(
  ffmpegPath: string,
  jpeg: Buffer,
  box: { x: number; y: number; width: number; height: number },
): Promise<Buffer> {
  const share = (v: number) => Math.min(1, Math.max(0, v)).toFixed(4);
  return pipeJpeg(
    ffmpegPath,
    jpeg,
    `crop=w=iw*${share(box.width)}:h=ih*${share(box.height)}:x=iw*${share(box.x)}:y=ih*${share(box.y)}`,
  );
}

function pipeJpeg(ffmpegPath: string, jpeg: Buffer, filter: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      ffmpegPath,
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-f',
        'mjpeg',
        '-i',
        'pipe:0',
        '-vf',
        filter,
        '-frames:v',
        '1',
        '-q:v',
        '3',
        '-f',
        'mjpeg',
        'pipe:1',
      ],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    );
    const out: Buffer[] = [];
    let size = 0;
    let errors = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_JPEG_BYTES) child.kill('SIGKILL');
      else out.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (errors.length < 2000) errors += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0 && size > 0 && size <= MAX_JPEG_BYTES) resolve(Buffer.concat(out));
      else reject(new Error(`ffmpeg could not draw the picture (${code}): ${errors.trim().slice(0, 300)}`));
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(jpeg);
  });
}
