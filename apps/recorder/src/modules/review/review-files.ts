// Where a review item's pictures and clip live: DATA_DIR/review/cam-<camera>/<id>.jpg (snapshot with boxes),
// <id>-thumb.jpg and <id>.mp4. Outside the recordings root on purpose: nothing there may look like a chunk.
import { copyFile, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

export type ReviewFile = 'snapshot' | 'thumbnail' | 'clip';

export class ReviewFiles {
  constructor(private readonly root: string) {}

  path(cameraId: number, id: number, kind: ReviewFile): string {
    const name = kind === 'snapshot' ? `${id}.jpg` : kind === 'thumbnail' ? `${id}-thumb.jpg` : `${id}.mp4`;
    return join(this.root, `cam-${cameraId}`, name);
  }

  /** Written whole or not at all (temp file + rename). */
  async write(cameraId: number, id: number, kind: ReviewFile, bytes: Buffer): Promise<void> {
    const target = this.path(cameraId, id, kind);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(`${target}.part`, bytes);
    await rename(`${target}.part`, target);
  }

  /** A file made elsewhere (the clip's export) moved into place. */
  async adopt(cameraId: number, id: number, kind: ReviewFile, from: string): Promise<void> {
    const target = this.path(cameraId, id, kind);
    await mkdir(dirname(target), { recursive: true });
    await copyFile(from, `${target}.part`);
    await rename(`${target}.part`, target);
  }

  async remove(cameraId: number, id: number): Promise<void> {
    await Promise.all(
      (['snapshot', 'thumbnail', 'clip'] as const).map((kind) =>
        rm(this.path(cameraId, id, kind), { force: true }),
      ),
    );
  }
}
