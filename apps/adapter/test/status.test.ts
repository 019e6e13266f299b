// Capabilities (list and v1.1 card), /adapters, /metrics and /hardware/evaluation.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { FormatRegistry } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { AdapterHealth, AdapterListing, CapabilityCard, HardwareEvaluation } from '@nvr/contracts';
import { FACE_API_MODELS, HUMAN_MODELS } from '../src/runtimes/tfjs.js';
import { getJson, postJson, startAdapter, type TestAdapter } from './helpers.js';

FormatRegistry.Set('date-time', (v) => !Number.isNaN(Date.parse(v)));

describe('service description endpoints', () => {
  let ad: TestAdapter;
  before(async () => {
    ad = await startAdapter();
    ad.addFrames('person.jpg');
  });
  after(() => ad.close());

  it('GET /capabilities lists the servable tasks', async () => {
    const { status, body } = await getJson(`${ad.url}/capabilities`);
    assert.equal(status, 200);
    assert.deepEqual([...body].sort(), [
      'face_detection',
      'face_recognition',
      'object_detection',
      'person_counting',
      'person_detection',
      'scene_description',
    ]);
  });

  it('GET /capabilities?format=card is a v1.1 card with a sha256 of the weight files', async () => {
    const { body } = await getJson(`${ad.url}/capabilities?format=card`);
    assert.ok(
      Value.Check(CapabilityCard, structuredClone(body)),
      JSON.stringify([...Value.Errors(CapabilityCard, body)].slice(0, 3)),
    );
    assert.equal(body.contract_version, '1.1');
    assert.deepEqual(body.detector.input, {
      width: 512,
      height: 512,
      layout: 'NCHW',
      dtype: 'float32',
      pixel_format: 'RGB',
    });
    assert.equal(body.detector.labels.length, 80);
    assert.equal(body.detector.labels[0], 'person');
    assert.equal(body.accelerator.backend, 'onnxruntime-cpu+cpu-wasm');
    assert.equal(body.endpoints.infer_stream.supported, true);
    // Recompute the fingerprint independently: every weight file, in catalog order.
    const files = [
      join(HUMAN_MODELS(), 'centernet.json'),
      join(HUMAN_MODELS(), 'centernet.bin'),
      join(FACE_API_MODELS(), 'ssd_mobilenetv1_model-weights_manifest.json'),
      join(FACE_API_MODELS(), 'ssd_mobilenetv1_model.bin'),
      join(HUMAN_MODELS(), 'blazeface.json'),
      join(HUMAN_MODELS(), 'blazeface.bin'),
      join(FACE_API_MODELS(), 'face_landmark_68_model-weights_manifest.json'),
      join(FACE_API_MODELS(), 'face_landmark_68_model.bin'),
      join(FACE_API_MODELS(), 'age_gender_model-weights_manifest.json'),
      join(FACE_API_MODELS(), 'age_gender_model.bin'),
      join(HUMAN_MODELS(), 'faceres.json'),
      join(HUMAN_MODELS(), 'faceres.bin'),
    ];
    const hash = createHash('sha256');
    for (const f of files) hash.update(readFileSync(f));
    assert.equal(body.model.fingerprint, `sha256:${hash.digest('hex')}`);
    assert.equal((await fetch(`${ad.url}/capabilities?format=xml`)).status, 400);
  });

  it('GET /adapters lists every built-in model adapter with its fingerprint', async () => {
    const { body } = await getJson(`${ad.url}/adapters`);
    assert.ok(Value.Check(AdapterListing, structuredClone(body)));
    const names = body.map((a: any) => a.name);
    assert.deepEqual(names, [
      'centernet',
      'ssd_face',
      'blazeface',
      'face_landmarks68',
      'face_age_gender',
      'face_embedding',
    ]);
    for (const a of body) {
      assert.match(a.model.fingerprint, /^sha256:[0-9a-f]{64}$/);
      assert.equal(a.enabled, true);
    }
    // BlazeFace runs on tfjs-wasm; CenterNet, face-api's nets and FaceRes are rebuilt as ONNX graphs.
    assert.deepEqual(
      body.map((a: any) => a.runtime),
      [
        'onnxruntime-cpu',
        'onnxruntime-cpu',
        'tfjs-wasm',
        'onnxruntime-cpu',
        'onnxruntime-cpu',
        'onnxruntime-cpu',
      ],
    );
    assert.ok(body[0].tasks.includes('person_counting'));
  });

  it('GET /health matches the contract', async () => {
    const { body } = await getJson(`${ad.url}/health`);
    assert.ok(
      Value.Check(AdapterHealth, structuredClone(body)),
      JSON.stringify([...Value.Errors(AdapterHealth, body)].slice(0, 3)),
    );
    assert.equal(body.hardware.cpu_cores > 0, true);
    assert.ok(Array.isArray(body.hardware.gpus));
  });

  it('GET /hardware/evaluation calibrates loaded models', async () => {
    const cold = (await getJson(`${ad.url}/hardware/evaluation`)).body;
    assert.ok(Value.Check(HardwareEvaluation, cold));
    assert.deepEqual(cold.details.calibration_ms, {});
    assert.match(cold.reasoning, /no model is loaded/);
    assert.equal(
      (
        await postJson(`${ad.url}/infer`, {
          task: 'person_counting',
          data: { frame: { uri: 'frame://person.jpg' } },
        })
      ).status,
      200,
    );
    const warm = (await getJson(`${ad.url}/hardware/evaluation`)).body;
    assert.ok(['ok', 'warn', 'blocked'].includes(warm.verdict));
    assert.ok(Number.isInteger(warm.details.calibration_ms.person_counting));
    assert.equal(typeof warm.reasoning, 'string');
  });

  it('GET /metrics exposes Prometheus series', async () => {
    await postJson(`${ad.url}/infer`, {
      task: 'person_counting',
      data: { frame: { uri: 'frame://person.jpg' } },
    });
    await postJson(`${ad.url}/infer`, {
      task: 'person_counting',
      data: { frame: { uri: 'frame://missing.jpg' } },
    });
    const res = await fetch(`${ad.url}/metrics`);
    assert.match(res.headers.get('content-type') ?? '', /text\/plain/);
    const text = await res.text();
    assert.match(text, /adapter_infer_total\{task="person_counting",outcome="ok"\} [1-9]/);
    assert.match(text, /adapter_infer_total\{task="person_counting",outcome="frame_not_found"\} 1/);
    assert.match(
      text,
      /adapter_infer_latency_seconds_bucket\{task="person_counting",model="centernet",le="\+Inf"\} [1-9]/,
    );
    assert.match(text, /adapter_model_loaded\{model="centernet"\} 1/);
    assert.match(text, /adapter_model_loaded\{model="ssd_face"\} 0/);
    assert.match(text, /adapter_inflight_requests 0/);
    assert.match(text, /adapter_queue_depth 0/);
  });
});
