// Pure pieces of the AI orchestration: tolerant card parsing, answer mapping, alert rules, model config,
// the JPEG stream splitter and the frame-grabber command lines.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { fileFramesArgs, frameGrabArgs } from '../src/media/ffmpeg/args.js';
import { JpegSplitter } from '../src/media/ffmpeg/frame-grabber.js';
import { parseCard } from '../src/modules/adapters/adapter-client.js';
import { parseModelConfig } from '../src/modules/ai-models/ai-models.schemas.js';
import { cooledDown, ruleFires } from '../src/modules/detection/alert-rule.js';
import { mapResult, type Detection } from '../src/modules/detection/result-mapping.js';

describe('AI orchestration units', () => {
  it('card parsing keeps unknown fields and enum values as opaque, needs only tasks', () => {
    const card = parseCard({
      contract_version: '1.2',
      tasks: ['person_counting', 42, 'quantum_sensing'],
      model: { name: 'm', version: 7, fingerprint: 'sha256:ab' },
      accelerator: { backend: 'npu-fancy-9000', device: 'npu0' },
      detector: { input: { width: 1 } },
      permissions: { host_filesystem: ['/srv/frames'] },
      brand_new_block: { x: 1 },
    });
    assert.ok(card);
    assert.deepEqual(card.tasks, ['person_counting', 'quantum_sensing']);
    assert.deepEqual(card.model, { name: 'm', version: '7', fingerprint: 'sha256:ab' });
    assert.equal(card.detector, true);
    assert.deepEqual(card.hostFilesystem, ['/srv/frames']);
    assert.deepEqual((card.raw as any).accelerator, { backend: 'npu-fancy-9000', device: 'npu0' });
    assert.deepEqual((card.raw as any).brand_new_block, { x: 1 });
    // Without the v1.1 detector block the adapter is not used for detector tasks by the loop.
    assert.equal(parseCard({ tasks: ['person_counting'] })?.detector, false);
    assert.equal(parseCard({ model: {} }), null);
    assert.equal(parseCard(['person_counting']), null);
  });

  it('maps a person_counting answer; a malformed answer is refused', () => {
    const mapped = mapResult('person_counting', {
      task: 'person_counting',
      count: 2,
      confidence: 0.55,
      detections: [
        { bbox: [10, 20, 50, 120], confidence: 0.5, track_id: 1 },
        { bbox: [100, 20, 160, 140], confidence: 0.6, track_id: 2 },
      ],
      frame: { width: 768, height: 576 },
      latency_ms: 210,
    });
    assert.ok(typeof mapped !== 'string');
    assert.equal(mapped.count, 2);
    assert.equal(mapped.confidence, 0.55);
    assert.equal(mapped.label, 'person');
    assert.deepEqual(mapped.bbox, { x: 100, y: 20, width: 60, height: 120 });
    assert.deepEqual(
      mapped.detections.map((d) => d.label),
      ['person', 'person'],
    );
    assert.match(
      mapResult('person_counting', { task: 'person_counting', count: 'many', latency_ms: 1 }) as string,
      /does not match the contract/,
    );
    const caption = mapResult('scene_description', {
      task: 'scene_description',
      caption: 'A street.',
      model_id: 'scene-composer',
      frame: { width: 1, height: 1 },
      latency_ms: 3,
    });
    assert.ok(typeof caption !== 'string');
    assert.equal(caption.caption, 'A street.');
    assert.equal(caption.count, null);
  });

  it('alert rules: labels, confidence floor, min_count, cooldown', () => {
    const rule = parseModelConfig('{"alert":{"labels":["Person"],"min_count":2,"min_confidence":0.5}}');
    assert.ok(typeof rule !== 'string' && rule.alert);
    assert.equal(rule.alert.severity, 'medium');
    assert.equal(rule.alert.cooldown_seconds, 60);
    const d = (label: string, confidence: number): Detection => ({ label, confidence, bbox: [0, 0, 1, 1] });
    assert.equal(ruleFires(rule.alert, [d('person', 0.9), d('person', 0.4)]), null);
    assert.equal(ruleFires(rule.alert, [d('person', 0.9), d('dog', 0.9)]), null);
    assert.equal(ruleFires(rule.alert, [d('person', 0.9), d('person', 0.7)])?.length, 2);
    assert.equal(cooledDown(rule.alert, null, 1000), true);
    assert.equal(cooledDown(rule.alert, 1000, 60_999), false);
    assert.equal(cooledDown(rule.alert, 1000, 61_000), true);
    assert.deepEqual(parseModelConfig(null), {
      alert: null,
      params: {},
      trigger: 'on_motion',
      triggerSet: false,
      lookAt: 'picture',
    });
    assert.deepEqual(parseModelConfig('{"trigger":"always"}'), {
      alert: null,
      params: {},
      trigger: 'always',
      triggerSet: true,
      lookAt: 'picture',
    });
    assert.equal((parseModelConfig('{"look_at":"motion"}') as { lookAt: string }).lookAt, 'motion');
    assert.match(
      parseModelConfig('{"look_at":"sky"}') as string,
      /config\.look_at must be one of picture, motion/,
    );
    assert.match(
      parseModelConfig('{"trigger":"sometimes"}') as string,
      /config\.trigger must be one of always, on_motion/,
    );
    assert.match(parseModelConfig('{"alert":{"min_count":0}}') as string, /min_count/);
    assert.match(parseModelConfig('{"params":[]}') as string, /params/);
  });

  it('splits a stream of JPEGs however the bytes arrive', () => {
    const ffmpeg = spawnSync(
      'ffmpeg',
      [
        '-v',
        'error',
        '-f',
        'lavfi',
        '-i',
        'testsrc=size=64x48:rate=5',
        '-frames:v',
        '3',
        '-f',
        'image2pipe',
        '-c:v',
        'mjpeg',
        'pipe:1',
      ],
      { maxBuffer: 10 * 1024 * 1024 },
    );
    assert.equal(ffmpeg.status, 0);
    const stream = ffmpeg.stdout;
    for (const size of [1, 7, 1000, stream.length]) {
      const splitter = new JpegSplitter();
      const frames: Buffer[] = [];
      frames.push(...splitter.push(Buffer.from('garbage')));
      for (let i = 0; i < stream.length; i += size)
        frames.push(...splitter.push(stream.subarray(i, i + size)));
      assert.equal(frames.length, 3, `chunks of ${size}`);
      assert.equal(Buffer.concat(frames).length, stream.length);
      for (const frame of frames) {
        assert.equal(frame.readUInt16BE(0), 0xffd8);
        assert.equal(frame.readUInt16BE(frame.length - 2), 0xffd9);
      }
    }
  });

  it('frame grabber command lines: the camera stream from stdin, JPEGs on stdout, progress on fd 3', () => {
    const args = frameGrabArgs(0.5);
    assert.deepEqual(args.slice(args.indexOf('-protocol_whitelist'), args.indexOf('-map')), [
      ...['-protocol_whitelist', 'pipe', '-f', 'mpegts', '-i', 'pipe:0'],
    ]);
    assert.deepEqual(args.slice(args.indexOf('-vf')), [
      ...['-vf', 'fps=0.5', '-q:v', '3', '-f', 'image2pipe', '-c:v', 'mjpeg'],
      ...['-progress', 'pipe:3', 'pipe:1'],
    ]);
    // Keyframes only: the decoder skips every other frame, and each keyframe decoded is a picture.
    const keyframes = frameGrabArgs(0.5, true);
    assert.deepEqual(
      keyframes.slice(keyframes.indexOf('-skip_frame'), keyframes.indexOf('-skip_frame') + 2),
      ['-skip_frame', 'nokey'],
    );
    assert.ok(keyframes.indexOf('-skip_frame') < keyframes.indexOf('-i'), 'a decoder (input) option');
    assert.equal(keyframes.includes('-vf'), false);
    assert.equal(keyframes[keyframes.indexOf('-fps_mode') + 1], 'passthrough');
    assert.deepEqual(fileFramesArgs('/rec/1.mp4', 2).slice(-9, -7), ['-vf', 'fps=1/2']);
  });
});
