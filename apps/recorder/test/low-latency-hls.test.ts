// The low-latency HLS packaging on its own, fed the fragmented MP4 a real ffmpeg writes (no recorder, no camera):
// fragment timing and keyframes read from moof/trun, segments cut at keyframes, parts that join into segments, a
// second packager run after a discontinuity, the window trimmed with the discontinuity sequence counted, and
// blocking requests that wait for a part or give up.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { liveFmp4Args } from '../src/media/ffmpeg/args.js';
import { Fmp4Reader, h264CodecsOf, type Fmp4Fragment } from '../src/media/hls/fmp4-reader.js';
import { LowLatencyPlaylist, parseMediaName } from '../src/media/hls/low-latency-playlist.js';

/** 4 s of 10 fps H.264 with a keyframe every 10 frames, through the live packager's own arguments. */
function packagerOutput(): Buffer {
  const ts = execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=160x90:rate=10', '-t', '4'],
    ...['-c:v', 'libx264', '-g', '10', '-pix_fmt', 'yuv420p', '-f', 'mpegts', 'pipe:1'],
  ]);
  // The live arguments read stdin and report progress on fd 3, which this run does not need.
  const args = liveFmp4Args().filter((arg, i, all) => arg !== '-progress' && all[i - 1] !== '-progress');
  return execFileSync('ffmpeg', args, { input: ts, maxBuffer: 64 * 1024 * 1024 });
}

function read(bytes: Buffer, chunkSize: number): { init: Buffer[]; fragments: Fmp4Fragment[] } {
  const out = { init: [] as Buffer[], fragments: [] as Fmp4Fragment[] };
  const reader = new Fmp4Reader({
    init: (init) => out.init.push(init),
    fragment: (fragment) => out.fragments.push(fragment),
  });
  for (let at = 0; at < bytes.length; at += chunkSize) reader.push(bytes.subarray(at, at + chunkSize));
  return out;
}

describe('low-latency HLS packaging', () => {
  const output = packagerOutput();

  it('reads the init section and every fragment, whatever the pipe chunking', () => {
    const whole = read(output, output.length);
    const trickle = read(output, 333);
    assert.equal(whole.init.length, 1);
    assert.equal(whole.init[0]!.toString('latin1', 4, 8), 'ftyp');
    assert.match(h264CodecsOf(whole.init[0]!) ?? '', /^avc1\.[0-9A-F]{6}$/);
    assert.deepEqual(
      trickle.fragments.map((f) => [f.startSeconds, f.durationSeconds, f.independent]),
      whole.fragments.map((f) => [f.startSeconds, f.durationSeconds, f.independent]),
    );
    // 200 ms parts of 2 frames; a keyframe starts every fifth; they tile the 4 s.
    assert.equal(whole.fragments.length, 20);
    whole.fragments.forEach((fragment, i) => {
      assert.ok(
        Math.abs(fragment.startSeconds - i * 0.2) < 1e-6,
        `part ${i} starts at ${fragment.startSeconds}`,
      );
      assert.ok(Math.abs(fragment.durationSeconds - 0.2) < 1e-6);
      assert.equal(fragment.independent, i % 5 === 0, `part ${i}`);
      assert.equal(fragment.bytes.toString('latin1', 4, 8), 'moof');
    });
  });

  it('cuts segments at keyframes, lists parts and a preload hint, and joins parts into segments', () => {
    const { init, fragments } = read(output, 4096);
    const playlist = new LowLatencyPlaylist({ segmentTargetSeconds: 1, windowSegments: 6 });
    playlist.startRun(init[0]!);
    for (const fragment of fragments) playlist.addPart(fragment);
    const text = playlist.render('?ticket=abc');
    assert.match(text, /^#EXT-X-PART-INF:PART-TARGET=0\.200$/m);
    assert.match(text, /^#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=0\.600$/m);
    assert.match(text, /^#EXT-X-TARGETDURATION:1$/m);
    assert.match(text, /^#EXT-X-MAP:URI="init-0\.mp4\?ticket=abc"$/m);
    // Four segments of one second: three closed, the fourth still open (its end is not known yet).
    assert.deepEqual(
      [...text.matchAll(/^seg-(\d+)\.m4s\?ticket=abc$/gm)].map((m) => Number(m[1])),
      [0, 1, 2],
    );
    assert.equal([...text.matchAll(/^#EXTINF:1\.000,$/gm)].length, 3);
    // Parts are numbered across segments: the hint names the part that comes next, whichever segment it opens.
    assert.match(text, /#EXT-X-PART:DURATION=0\.200,URI="part-19\.m4s\?ticket=abc"\n#EXT-X-PRELOAD-HINT/);
    assert.match(text, /^#EXT-X-PRELOAD-HINT:TYPE=PART,URI="part-20\.m4s\?ticket=abc"$/m);
    assert.deepEqual(
      playlist.media('seg-1.m4s'),
      Buffer.concat(fragments.slice(5, 10).map((fragment) => fragment.bytes)),
    );
    assert.equal(playlist.media('seg-3.m4s'), null, 'an open segment is not served whole');
    assert.deepEqual(playlist.media('part-19.m4s'), fragments[19]!.bytes);
    assert.deepEqual(playlist.media('init-0.mp4'), init[0]);
    assert.equal(playlist.media('part-90.m4s'), null);
    assert.equal(playlist.nextPartSeq, 20);
    assert.equal(parseMediaName('../index.m3u8'), null);
  });

  it("dates each segment when its first picture came: its first part's arrival less that part's duration", () => {
    const { init, fragments } = read(output, 4096);
    const playlist = new LowLatencyPlaylist({ segmentTargetSeconds: 1, windowSegments: 6 });
    playlist.startRun(init[0]!);
    const before = Date.now();
    playlist.addPart(fragments[0]!);
    const after = Date.now();
    const dated = /^#EXT-X-PROGRAM-DATE-TIME:(.+)$/m.exec(playlist.render(''))?.[1];
    const partMs = Math.round(fragments[0]!.durationSeconds * 1000);
    assert.ok(partMs > 0);
    const at = Date.parse(String(dated));
    assert.ok(at >= before - partMs && at <= after - partMs, `${dated}: ${before - at} ms before the part`);
  });

  it('hints at the part that comes next even when it opens a new segment, and waits for it', async () => {
    const { init, fragments } = read(output, 4096);
    const playlist = new LowLatencyPlaylist({ segmentTargetSeconds: 1, windowSegments: 6 });
    playlist.startRun(init[0]!);
    for (const fragment of fragments.slice(0, 10)) playlist.addPart(fragment);
    // Segment 1 holds parts 5–9 and is still open: the next part (a keyframe) will close it and open segment 2.
    assert.match(playlist.render(), /^#EXT-X-PRELOAD-HINT:TYPE=PART,URI="part-10\.m4s"$/m);
    assert.equal(await playlist.waitForPart(10, 0), false);
    const arrived = playlist.waitForPart(10, 5000);
    playlist.addPart(fragments[10]!);
    assert.equal(await arrived, true);
    assert.deepEqual(playlist.media('part-10.m4s'), fragments[10]!.bytes);
    assert.match(playlist.render(), /^seg-1\.m4s$/m);
  });

  it('follows a new packager run with a discontinuity, and counts the discontinuities trimmed away', () => {
    const { init, fragments } = read(output, 65536);
    const playlist = new LowLatencyPlaylist({ segmentTargetSeconds: 1, windowSegments: 2 });
    playlist.startRun(init[0]!);
    for (const fragment of fragments.slice(0, 12)) playlist.addPart(fragment);
    playlist.endRun();
    // The second run begins mid-GOP: parts before its first keyframe cannot start a segment and are left out.
    playlist.startRun(init[0]!);
    for (const fragment of fragments.slice(3, 10)) playlist.addPart(fragment);
    let text = playlist.render();
    assert.match(text, /^#EXT-X-DISCONTINUITY-SEQUENCE:0$/m);
    assert.match(text, /seg-2\.m4s\n#EXT-X-DISCONTINUITY\n#EXT-X-MAP:URI="init-1\.mp4"\n/);
    assert.match(text, /^#EXT-X-MEDIA-SEQUENCE:1$/m, 'two complete segments kept');

    // Two more segments push the last one of the first run out: the discontinuity now opens the playlist.
    for (const fragment of fragments.slice(10, 16)) playlist.addPart(fragment);
    text = playlist.render();
    assert.doesNotMatch(text, /#EXT-X-DISCONTINUITY\n/);
    assert.match(text, /^#EXT-X-DISCONTINUITY-SEQUENCE:1$/m);
    assert.equal(playlist.media('init-0.mp4'), null, 'an init section nobody lists any more is dropped');
  });

  it('answers blocking requests when the part arrives, and gives up after the timeout', async () => {
    const { init, fragments } = read(output, 65536);
    const playlist = new LowLatencyPlaylist({ segmentTargetSeconds: 1, windowSegments: 6 });
    playlist.startRun(init[0]!);
    playlist.addPart(fragments[0]!);
    assert.equal(playlist.nextPartSeq, 1);
    const waiting = playlist.waitFor({ msn: 0, part: 1 }, 60_000);
    playlist.addPart(fragments[1]!);
    assert.equal(await waiting, true);
    assert.equal(await playlist.waitFor({ msn: 1 }, 20), false, 'segment 0 is still open');
    // RFC 8216bis: more than two past the last segment (0, still open) is a bad request.
    assert.equal(playlist.tooFarAhead({ msn: 3 }), true);
    assert.equal(playlist.tooFarAhead({ msn: 2 }), false);
    // Segment 0 closes after five parts: a reload blocking on its part 5 is answered by segment 1's first part.
    for (const fragment of fragments.slice(2, 5)) playlist.addPart(fragment);
    const pastTheEnd = playlist.waitFor({ msn: 0, part: 5 }, 60_000);
    playlist.addPart(fragments[5]!);
    assert.equal(await pastTheEnd, true);
  });
});
