// Fast tests of the preview maker's two failures, on stand-in programs instead of ffmpeg: a decode that takes too
// long is a busy machine (ask again), a decode that ends without a picture is a missing picture.
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { ThumbnailMaker, ThumbnailTimeoutError } from './thumbnail.js';

describe('ThumbnailMaker', () => {
  const dir = mkdtempSync(join(tmpdir(), 'thumbnail-test-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const program = (name: string, body: string) => {
    const path = join(dir, name);
    writeFileSync(path, `#!/bin/sh\n${body}\n`);
    chmodSync(path, 0o755);
    return path;
  };

  it('says a decode that outlives its time is a timeout, which a client may ask again', async () => {
    const maker = new ThumbnailMaker(program('slow', 'exec sleep 5'), 2, 100);
    await assert.rejects(maker.keyframe('/nowhere.mp4', 0, 160), ThumbnailTimeoutError);
  });

  it('says a decode that ends without a picture is not a timeout', async () => {
    const maker = new ThumbnailMaker(program('empty', 'exit 0'), 2, 5_000);
    await assert.rejects(maker.keyframe('/nowhere.mp4', 0, 160), (error: Error) => {
      assert.ok(!(error instanceof ThumbnailTimeoutError));
      assert.match(error.message, /no picture/);
      return true;
    });
  });

  it('runs at most `concurrency` decodes at once, the others waiting their turn', async () => {
    const log = join(dir, 'log');
    const maker = new ThumbnailMaker(
      program('counting', `echo start >> ${log}; sleep 0.2; echo end >> ${log}; printf jpeg`),
      1,
      5_000,
    );
    const pictures = await Promise.all([0, 1, 2].map((i) => maker.keyframe('/x.mp4', i, 160)));
    assert.deepEqual(pictures.map(String), ['jpeg', 'jpeg', 'jpeg']);
    assert.deepEqual(readFileSync(log, 'utf8').trim().split('\n'), [
      'start',
      'end',
      'start',
      'end',
      'start',
      'end',
    ]);
  });
});
