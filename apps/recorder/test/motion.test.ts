// Motion detection on real footage (OpenCV's vtest.avi pedestrians, decoded by ffmpeg to small grey frames): the
// walkers are found and boxed, a still picture and a change of lighting are not motion, masked areas never are,
// and the on/off switch needs a few moving frames to start and a quiet spell to end. Polygons (masks, zones) are
// validated with reasons. The product's motion decoder (greyFramesArgs, which skips H.264's deblocking) sees what
// a full decode sees, across a long keyframe interval.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { greyFramesArgs } from '../src/media/ffmpeg/args.js';
import { MotionDetector, DEFAULT_MOTION_SETTINGS } from '../src/media/motion/motion-detector.js';
import { MotionSwitch } from '../src/media/motion/motion-switch.js';
import { pointInPolygon, polygonProblem, rasterize } from '../src/platform/geometry/polygon.js';
import { VTEST } from './helpers/adapter-process.js';

const WIDTH = 320;
const HEIGHT = 240;

/** `seconds` of vtest.avi from `from`, at 5 frames/s, as WIDTH×HEIGHT grey frames. */
function vtestFrames(from: number, seconds: number): Uint8Array[] {
  const raw = execFileSync(
    'ffmpeg',
    [
      ...['-v', 'error', '-ss', String(from), '-t', String(seconds), '-i', VTEST],
      ...['-vf', `fps=5,scale=${WIDTH}:${HEIGHT},format=gray`, '-f', 'rawvideo', 'pipe:1'],
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const frames: Uint8Array[] = [];
  for (let at = 0; at + WIDTH * HEIGHT <= raw.length; at += WIDTH * HEIGHT)
    frames.push(new Uint8Array(raw.subarray(at, at + WIDTH * HEIGHT)));
  return frames;
}

describe('polygons', () => {
  it('accepts a plain polygon and says what is wrong with the others', () => {
    assert.equal(
      polygonProblem([
        [0.1, 0.1],
        [0.9, 0.1],
        [0.5, 0.8],
      ]),
      null,
    );
    assert.match(
      polygonProblem([
        [0, 0],
        [1, 1],
      ])!,
      /at least 3 points/,
    );
    assert.match(
      polygonProblem([
        [0, 0],
        [1.2, 0.5],
        [0, 1],
      ])!,
      /Point 2 lies outside/,
    );
    assert.match(
      polygonProblem([
        [0, 0],
        [1, 1],
        [1, 0],
        [0, 1],
      ])!,
      /cross/,
      'a bow tie',
    );
    assert.match(
      polygonProblem([
        [0, 0],
        [0.5, 0.5],
        [1, 1],
      ])!,
      /no area/,
    );
  });

  it('finds points inside and rasterises onto a grid', () => {
    const leftHalf = [
      [0, 0],
      [0.5, 0],
      [0.5, 1],
      [0, 1],
    ] as const;
    assert.equal(pointInPolygon(0.25, 0.5, leftHalf), true);
    assert.equal(pointInPolygon(0.75, 0.5, leftHalf), false);
    const grid = rasterize([leftHalf], 8, 4);
    assert.equal(
      grid.reduce((sum, value) => sum + value, 0),
      16,
    );
    assert.equal(grid[0], 1);
    assert.equal(grid[7], 0);
  });
});

describe('motion detector', () => {
  const walking = vtestFrames(2, 4);

  it('boxes the walking pedestrians, inside the picture', () => {
    const detector = new MotionDetector(WIDTH, HEIGHT);
    const results = walking.map((frame) => detector.analyse(frame));
    assert.equal(results[0]!.calibrating, true, 'the first frame only teaches the background');
    const moving = results.slice(1).filter((result) => result.boxes.length > 0);
    assert.ok(moving.length >= results.length - 3, `${moving.length} of ${results.length - 1} frames moved`);
    for (const { boxes } of moving) {
      for (const box of boxes) {
        assert.ok(
          box.x >= 0 && box.y >= 0 && box.x + box.width <= 1 + 1e-9 && box.y + box.height <= 1 + 1e-9,
        );
        assert.ok(box.area >= DEFAULT_MOTION_SETTINGS.minArea);
        // People, not the whole picture.
        assert.ok(box.width * box.height < 0.5, JSON.stringify(box));
      }
    }
  });

  it('sees no motion in a still picture, nor when the lighting of the whole scene changes', () => {
    const detector = new MotionDetector(WIDTH, HEIGHT);
    const still = walking[0]!;
    for (let i = 0; i < 10; i++) assert.deepEqual(detector.analyse(still).boxes, []);
    const brighter = still.map((value) => Math.min(255, value + 90));
    const relit = detector.analyse(brighter);
    assert.equal(relit.calibrating, true);
    assert.deepEqual(relit.boxes, []);
    assert.deepEqual(detector.analyse(brighter).boxes, [], 'the new lighting is the background now');
  });

  it('ignores masked areas: a mask over everything sees nothing, one over the left half nothing there', () => {
    const everything = new MotionDetector(WIDTH, HEIGHT, {
      ...DEFAULT_MOTION_SETTINGS,
      masks: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 1],
        ],
      ],
    });
    for (const frame of walking) assert.deepEqual(everything.analyse(frame).boxes, []);

    const leftMasked = new MotionDetector(WIDTH, HEIGHT, {
      ...DEFAULT_MOTION_SETTINGS,
      masks: [
        [
          [0, 0],
          [0.5, 0],
          [0.5, 1],
          [0, 1],
        ],
      ],
    });
    const boxes = walking.flatMap((frame) => leftMasked.analyse(frame).boxes);
    assert.ok(boxes.length > 0, 'people walk on the right too');
    // (the grouping grows regions by a pixel, so a box may start one pixel inside the mask)
    for (const box of boxes)
      assert.ok(box.x + box.width > 0.5 && box.x >= 0.5 - 1.5 / WIDTH, JSON.stringify(box));
  });

  it('changes exactly what a plain 3×3 mean and running average say changed, picture after picture', () => {
    // The detector's loops are written for speed (bench:box); this is the arithmetic written plainly.
    const { threshold, learningRate } = DEFAULT_MOTION_SETTINGS;
    let background: Float32Array | null = null;
    const expected = (gray: Uint8Array) => {
      const blurred = new Uint8Array(gray.length);
      for (let y = 0; y < HEIGHT; y++)
        for (let x = 0; x < WIDTH; x++) {
          let total = 0;
          let count = 0;
          for (let row = Math.max(0, y - 1); row <= Math.min(HEIGHT - 1, y + 1); row++)
            for (let column = Math.max(0, x - 1); column <= Math.min(WIDTH - 1, x + 1); column++) {
              total += gray[row * WIDTH + column]!;
              count++;
            }
          blurred[y * WIDTH + x] = Math.round(total / count);
        }
      if (!background) {
        background = Float32Array.from(blurred);
        return 0;
      }
      let moved = 0;
      for (let i = 0; i < blurred.length; i++)
        if (Math.abs(blurred[i]! - background[i]!) > threshold) moved++;
      const share = moved / blurred.length;
      if (share > 0.5) background.set(blurred);
      else
        for (let i = 0; i < blurred.length; i++)
          background[i]! += learningRate * (blurred[i]! - background[i]!);
      return share;
    };
    const detector = new MotionDetector(WIDTH, HEIGHT);
    // walking, then the lights going up (a change of the whole scene), then walking in the new light
    const brighter = walking.map((frame) => frame.map((value) => Math.min(255, value + 90)));
    for (const [index, frame] of [...walking, ...brighter].entries())
      assert.equal(detector.analyse(frame).changed, expected(frame), `picture ${index}`);
  });

  it('refuses a frame of the wrong size', () => {
    assert.throws(() => new MotionDetector(WIDTH, HEIGHT).analyse(new Uint8Array(10)), /grey frame/);
  });
});

describe('motion decoder', () => {
  it('skips deblocking, and sees what a full decode sees even 10 s after a keyframe', () => {
    const args = greyFramesArgs(5, 320, 180);
    assert.deepEqual(args.slice(args.indexOf('-skip_loop_filter'), args.indexOf('-skip_loop_filter') + 2), [
      '-skip_loop_filter',
      'all',
    ]);
    assert.ok(args.indexOf('-skip_loop_filter') < args.indexOf('-i'), 'a decoder (input) option');
    // The pedestrians as a camera might send them: H.264 at a low bit rate with a keyframe every 10 s, as an
    // MPEG-TS camera stream (what the motion ffmpeg reads from the fan-out).
    const stream = execFileSync(
      'ffmpeg',
      [
        ...['-v', 'error', '-ss', '2', '-t', '12', '-i', VTEST, '-an', '-vf', 'scale=640:360'],
        ...['-c:v', 'libx264', '-preset', 'veryfast', '-bf', '0', '-g', '100', '-sc_threshold', '0'],
        ...['-b:v', '400k', '-f', 'mpegts', 'pipe:1'],
      ],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    // The product's command line, without its progress (fd 3 in the product) and without `-fflags nobuffer`,
    // which drops packets of a stream that arrives all at once rather than live.
    const without = (list: string[], option: string) =>
      list.filter((arg, i) => arg !== option && list[i - 1] !== option);
    const product = without(without(args, '-progress'), '-fflags');
    const full = without(product, '-skip_loop_filter');
    const decode = (command: string[]) => {
      const raw = execFileSync('ffmpeg', command, { input: stream, maxBuffer: 64 * 1024 * 1024 });
      const frames: Uint8Array[] = [];
      for (let at = 0; at + 320 * 180 <= raw.length; at += 320 * 180)
        frames.push(new Uint8Array(raw.subarray(at, at + 320 * 180)));
      return frames;
    };
    const fast = decode(product);
    const reference = decode(full);
    assert.ok(fast.length >= 55, `${fast.length} pictures`);
    assert.equal(fast.length, reference.length);
    for (const [index, picture] of fast.entries()) {
      let total = 0;
      for (let i = 0; i < picture.length; i++) {
        total += Math.abs(picture[i]! - reference[index]![i]!);
      }
      assert.ok(
        total / picture.length < 2,
        `picture ${index}: ${(total / picture.length).toFixed(2)} levels apart`,
      );
    }
    // And the detector moves on the same pictures.
    const moved = (frames: Uint8Array[]) => {
      const detector = new MotionDetector(320, 180);
      return frames.map((frame) => detector.analyse(frame).boxes.length > 0);
    };
    const fastMoved = moved(fast);
    const referenceMoved = moved(reference);
    const agree = fastMoved.filter((value, i) => value === referenceMoved[i]).length;
    assert.ok(agree >= fast.length - 2, `${agree} of ${fast.length} pictures agree`);
    assert.ok(fastMoved.filter(Boolean).length > fast.length / 2, 'the walkers are seen');
  });
});

describe('motion switch', () => {
  it('starts after two moving frames in a row and ends after 5 s without motion', () => {
    const motion = new MotionSwitch({ startFrames: 2, endAfterMs: 5_000 });
    assert.equal(motion.update(true, 0), null, 'one moving frame is not enough');
    assert.equal(motion.update(false, 200), null);
    assert.equal(motion.update(true, 400), null);
    assert.equal(motion.update(true, 600), 'started');
    assert.equal(motion.active, true);
    assert.equal(motion.update(false, 3_000), null, 'a pause is not the end');
    assert.equal(motion.update(true, 3_200), null);
    assert.equal(motion.update(false, 8_000), null);
    assert.equal(motion.update(false, 8_200), 'ended');
    assert.equal(motion.active, false);
  });
});
