import assert from 'node:assert/strict';
import { appendFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { GrowingChunk } from './growing-chunk.js';

const box = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
};
const u32 = (...values: number[]) => {
  const bytes = Buffer.alloc(4 * values.length);
  values.forEach((value, i) => bytes.writeUInt32BE(value, 4 * i));
  return bytes;
};

const TIMESCALE = 90_000;
const TRACK = 1;
/** ftyp + moov with one video track (what videoTrack reads of it) */
const init = Buffer.concat([
  box('ftyp', Buffer.from('iso5'), u32(0), Buffer.from('iso5')),
  box(
    'moov',
    box(
      'trak',
      box('tkhd', u32(0, 0, 0, TRACK), Buffer.alloc(64)),
      box('mdia', box('mdhd', u32(0, 0, 0, TIMESCALE, 0)), box('hdlr', u32(0, 0), Buffer.from('vide'))),
    ),
    box('mvex', box('trex', u32(0, TRACK, 1, 3000, 0, 0))),
  ),
]);
/** One fragment: `samples` frames of 3000 ticks (1/30 s) from `decodeTime`, and `mediaBytes` of media. */
const fragment = (decodeTime: number, samples: number, mediaBytes: number) =>
  Buffer.concat([
    box(
      'moof',
      box('mfhd', u32(0, 1)),
      box(
        'traf',
        box('tfhd', u32(0x020000, TRACK)),
        box('tfdt', u32(0x01000000, 0, decodeTime)),
        box('trun', u32(0x100, samples), u32(...Array<number>(samples).fill(3000))),
      ),
    ),
    box('mdat', Buffer.alloc(mediaBytes, 7)),
  ]);

describe('GrowingChunk', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'growing-chunk-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  // Three fragments of 1 s each (30 frames), the first starting at 10 s of the run.
  const fragments = [0, 1, 2].map((i) => fragment(10 * TIMESCALE + i * 30 * 3000, 30, 5000 + i));
  const whole = Buffer.concat([init, ...fragments]);
  const ends = fragments.map(
    (_, i) => init.length + fragments.slice(0, i + 1).reduce((n, f) => n + f.length, 0),
  );

  it('serves up to the last whole fragment, never into one being written', async () => {
    const file = join(dir, 'growing.mp4');
    await writeFile(file, '');
    const growing = new GrowingChunk(file);
    assert.equal(await growing.look(), null, 'an empty file has nothing to serve');
    // Cut points inside the init section, inside a moof, between moof and mdat, inside an mdat, at an end.
    const cuts = [
      20,
      init.length,
      init.length + 30,
      init.length + fragments[0]!.length - 100,
      ends[0]!,
      ends[0]! + 8,
      ends[1]! - 1,
      ends[1]!,
      whole.length - 3,
      whole.length,
    ];
    let written = 0;
    for (const cut of cuts) {
      await appendFile(file, whole.subarray(written, cut));
      written = cut;
      const served = ends.filter((end) => end <= cut);
      const seen = await growing.look();
      // The same answer from a fresh look at the whole file as from one reading on.
      assert.deepEqual(await new GrowingChunk(file).look(), seen, `cut at ${cut}`);
      if (served.length === 0) {
        assert.equal(seen, null, `cut at ${cut}: no whole fragment yet`);
        continue;
      }
      assert.deepEqual(seen, {
        initBytes: init.length,
        completeBytes: served.at(-1),
        fragments: served.length,
        durationSeconds: served.length,
      });
    }
  });

  it('leaves out what follows the last fragment (an mfra) and a box that says it runs to the end', async () => {
    const file = join(dir, 'trailer.mp4');
    await writeFile(file, Buffer.concat([whole, box('mfra', u32(0, 0)), u32(0), Buffer.from('mdat')]));
    assert.deepEqual(await new GrowingChunk(file).look(), {
      initBytes: init.length,
      completeBytes: whole.length,
      fragments: 3,
      durationSeconds: 3,
    });
  });

  it('says so when the file is gone (the chunk was closed and moved)', async () => {
    await assert.rejects(new GrowingChunk(join(dir, 'gone.mp4')).look(), { code: 'ENOENT' });
  });
});
