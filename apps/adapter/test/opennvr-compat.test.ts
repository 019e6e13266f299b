// OpenNVR AI Adapter Contract v1 under /compat/opennvr, as KAI-C and upstream's conformance kit see it: /health,
// /capabilities and /hardware/evaluation carry exactly the fields (types, enums) of upstream's pydantic models,
// which forbid extra ones; /metrics has the baseline series; /infer answers the multipart and JSON forms with the
// `{status, model_name, model_version, inference_ms, result}` envelope and §5.1 detections of real photos, and
// bad requests with the failure envelope naming the field; the token applies as on the native API (the SDK's
// auth_missing / auth_invalid codes); the WebSocket runs handshake → handshake_ack → frame + binary → result,
// honours pause, and closes with 4001 and upstream's reason on messages out of order.
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { after, before, describe, it } from 'node:test';
import WebSocket from 'ws';
import { fixture, startAdapter, type TestAdapter } from './helpers.js';

const TOKEN = 'opennvr-token-7c2d';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const PREFIX = '/compat/opennvr';

// ── upstream's shapes (opennvr_adapter_sdk/contract.py), checked key for key ────────────────────────────────

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

function keys(value: unknown, expected: string[], what: string): Record<string, any> {
  assert.ok(typeof value === 'object' && value !== null && !Array.isArray(value), `${what} is an object`);
  assert.deepEqual(Object.keys(value).sort(), [...expected].sort(), `${what} has exactly upstream's fields`);
  return value as Record<string, any>;
}

const nonEmpty = (v: unknown, what: string) =>
  assert.ok(typeof v === 'string' && v.length > 0, `${what} is a non-empty string`);
const strings = (v: unknown, what: string) =>
  assert.ok(Array.isArray(v) && v.every((s) => typeof s === 'string'), `${what} is a list of strings`);

function assertFailure(body: unknown, category: string, code: string): Record<string, any> {
  const env = keys(body, ['status', 'error'], 'failure envelope');
  assert.equal(env.status, 'error');
  const error = keys(
    env.error,
    ['category', 'code', 'message', 'transient', 'retry_after_ms', 'details'],
    'error',
  );
  assert.equal(error.category, category, JSON.stringify(body));
  assert.equal(error.code, code, JSON.stringify(body));
  nonEmpty(error.message, 'error.message');
  assert.equal(typeof error.transient, 'boolean');
  assert.ok(error.retry_after_ms === null || error.transient, 'retry_after_ms only on transient errors');
  return error;
}

function assertDetections(result: Record<string, any>, frame: { w: number; h: number }) {
  assert.deepEqual(result.frame_dimensions, frame);
  assert.ok(Array.isArray(result.detections));
  for (const d of result.detections) {
    keys(d, ['label', 'confidence', 'bbox', 'track_id', 'attributes'], 'detection');
    nonEmpty(d.label, 'label');
    assert.ok(d.confidence >= 0 && d.confidence <= 1);
    const b = keys(d.bbox, ['x', 'y', 'w', 'h'], 'bbox');
    for (const v of Object.values(b)) assert.ok(v >= 0 && v <= 1, JSON.stringify(b));
    assert.ok(b.x + b.w <= 1 + 1e-6 && b.y + b.h <= 1 + 1e-6, JSON.stringify(b));
    assert.ok(b.w > 0 && b.h > 0);
  }
}

function assertInferEnvelope(body: unknown): Record<string, any> {
  const env = keys(
    body,
    ['status', 'model_name', 'model_version', 'inference_ms', 'result'],
    'InferResponse',
  );
  assert.equal(env.status, 'ok');
  nonEmpty(env.model_name, 'model_name');
  nonEmpty(env.model_version, 'model_version');
  assert.ok(Number.isInteger(env.inference_ms) && env.inference_ms >= 0);
  return env;
}

/** Collects a socket's text messages as JSON; `next()` resolves with the next one. */
function inbox(ws: WebSocket) {
  const queue: any[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (raw) => {
    queue.push(JSON.parse((raw as Buffer).toString('utf8')));
    waiters.splice(0).forEach((w) => w());
  });
  return async (): Promise<any> => {
    while (queue.length === 0) await new Promise<void>((r) => waiters.push(r));
    return queue.shift();
  };
}

describe('OpenNVR contract v1 under /compat/opennvr', () => {
  let ad: TestAdapter;
  let base: string;
  const person = fixture('person.jpg'); // darknet's person.jpg, 640×424: a person, a dog, a horse

  before(async () => {
    ad = await startAdapter({ ADAPTER_TOKEN: TOKEN, ADAPTER_STREAM_MAX_INFLIGHT: '2' });
    base = `${ad.url}${PREFIX}`;
  });
  after(() => ad.close());

  const get = async (path: string, headers: Record<string, string> = AUTH) => {
    const res = await fetch(`${base}${path}`, { headers });
    return { status: res.status, headers: res.headers, text: await res.text() };
  };
  const postJson = async (body: unknown, headers: Record<string, string> = AUTH) => {
    const res = await fetch(`${base}/infer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  /**
   * A multipart body written out by hand: FormData cannot give a plain (non-file) field a Content-Type, and
   * Python requests / curl -F send the `params` field with `Content-Type: application/json`.
   */
  const postForm = async (frame: Buffer | null, params?: string, paramsType?: string) => {
    const boundary = 'opennvr-test-boundary';
    const parts: Buffer[] = [];
    if (frame)
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="frame"; filename="frame.jpg"\r\n` +
            'Content-Type: image/jpeg\r\n\r\n',
        ),
        frame,
        Buffer.from('\r\n'),
      );
    if (params !== undefined)
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="params"\r\n` +
            (paramsType ? `Content-Type: ${paramsType}\r\n` : '') +
            `\r\n${params}\r\n`,
        ),
      );
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    const res = await fetch(`${base}/infer`, {
      method: 'POST',
      headers: { ...AUTH, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: Buffer.concat(parts),
    });
    return { status: res.status, body: (await res.json()) as any };
  };

  it('/health is open and has exactly HealthResponse', async () => {
    const res = await get('/health', { 'x-correlation-id': 'corr-42' });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('x-correlation-id'), 'corr-42');
    const h = keys(
      JSON.parse(res.text),
      [
        'status',
        'adapter_name',
        'adapter_version',
        'model_name',
        'model_version',
        'started_at',
        'uptime_seconds',
      ],
      'health',
    );
    assert.ok(['ok', 'degraded', 'loading', 'error'].includes(h.status));
    for (const f of ['adapter_name', 'adapter_version', 'model_name', 'model_version']) nonEmpty(h[f], f);
    assert.match(h.started_at, ISO);
    assert.ok(Number.isInteger(h.uptime_seconds) && h.uptime_seconds >= 0);
  });

  it('everything else needs the token: auth_missing, auth_invalid', async () => {
    const missing = await get('/capabilities', { 'x-correlation-id': 'corr-401' });
    assert.equal(missing.status, 401);
    assert.equal(missing.headers.get('x-correlation-id'), 'corr-401');
    assertFailure(JSON.parse(missing.text), 'permission_denied', 'auth_missing');
    const wrong = await postJson({ frame_b64: person.toString('base64') }, { authorization: 'Bearer nope' });
    assert.equal(wrong.status, 401);
    assertFailure(wrong.body, 'permission_denied', 'auth_invalid');
    const ws = new WebSocket(`${base.replace('http', 'ws')}/infer/stream`);
    ws.on('error', () => {}); // aborting the refused handshake reports an error; the status is what counts
    const [, res] = (await once(ws, 'unexpected-response')) as [unknown, { statusCode: number }];
    assert.equal(res.statusCode, 401);
    ws.terminate();
  });

  it('/capabilities has exactly CapabilitiesResponse and advertises the served tasks', async () => {
    const res = await get('/capabilities');
    assert.equal(res.status, 200);
    const c = keys(
      JSON.parse(res.text),
      ['adapter', 'model', 'endpoints', 'tasks_advertised', 'permissions', 'scheduling', 'cost', 'detector'],
      'capabilities',
    );
    const a = keys(
      c.adapter,
      ['name', 'version', 'vendor', 'license', 'model_card_url', 'supported_contract_versions'],
      'adapter',
    );
    for (const f of ['name', 'version', 'vendor', 'license']) nonEmpty(a[f], `adapter.${f}`);
    assert.deepEqual(a.supported_contract_versions, ['1']);
    const m = keys(
      c.model,
      ['name', 'version', 'framework', 'size_mb', 'modalities_in', 'modalities_out', 'fingerprint'],
      'model',
    );
    for (const f of ['name', 'version', 'framework']) nonEmpty(m[f], `model.${f}`);
    assert.deepEqual(m.modalities_in, ['image']);
    strings(m.modalities_out, 'modalities_out');
    assert.match(m.fingerprint, /^sha256:[0-9a-f]{64}$/);
    const e = keys(c.endpoints, ['infer', 'infer_stream', 'extra'], 'endpoints');
    keys(e.infer, ['supported', 'input_content_types'], 'endpoints.infer');
    assert.equal(e.infer.supported, true);
    assert.deepEqual([...e.infer.input_content_types].sort(), ['application/json', 'multipart/form-data']);
    const s = keys(
      e.infer_stream,
      ['supported', 'max_concurrent_streams', 'supports_shared_memory', 'shared_memory_protocol_version'],
      'infer_stream',
    );
    assert.equal(s.supported, true);
    assert.ok(Number.isInteger(s.max_concurrent_streams) && s.max_concurrent_streams >= 0);
    assert.equal(s.supports_shared_memory, false);
    assert.equal(s.shared_memory_protocol_version, null);
    assert.deepEqual(c.tasks_advertised, [
      'object_detection',
      'person_detection',
      'person_counting',
      'face_detection',
      'face_recognition',
      'image_captioning',
    ]);
    const p = keys(
      c.permissions,
      ['gpu', 'network_egress', 'host_filesystem', 'shared_memory_paths', 'host_metadata'],
      'permissions',
    );
    assert.equal(typeof p.gpu, 'boolean');
    assert.equal(typeof p.host_metadata, 'boolean');
    for (const f of ['network_egress', 'host_filesystem', 'shared_memory_paths']) strings(p[f], f);
    const sch = keys(c.scheduling, ['max_inflight', 'preferred_batch_size', 'fair_queuing'], 'scheduling');
    assert.ok(sch.max_inflight >= 1 && sch.preferred_batch_size >= 1);
    assert.ok(['none', 'per_camera'].includes(sch.fair_queuing), sch.fair_queuing);
    const cost = keys(
      c.cost,
      ['currency', 'estimated_per_call', 'estimated_per_hour', 'rate_limit_per_minute', 'is_metered'],
      'cost',
    );
    assert.equal(cost.currency.length, 3);
    const d = keys(c.detector, ['input', 'accelerator', 'labels', 'max_detections'], 'detector');
    const input = keys(d.input, ['width', 'height', 'layout', 'dtype', 'pixel_format'], 'detector.input');
    assert.ok(input.width >= 1 && input.height >= 1);
    assert.equal(input.layout, 'nchw'); // CenterNet runs on onnxruntime, planes first
    keys(d.accelerator, ['backend', 'device'], 'accelerator');
    assert.ok(d.labels.includes('person') && d.max_detections >= 1);
  });

  it('/hardware/evaluation has exactly HardwareEvaluationResponse', async () => {
    const res = await get('/hardware/evaluation');
    assert.equal(res.status, 200);
    const h = keys(JSON.parse(res.text), ['verdict', 'reasoning', 'checked_at', 'details'], 'hardware');
    assert.ok(['ok', 'warn', 'blocked'].includes(h.verdict));
    nonEmpty(h.reasoning, 'reasoning');
    assert.match(h.checked_at, ISO);
    assert.equal(typeof h.details, 'object');
  });

  it('/infer multipart: frame + params JSON part (typed or plain), person detected in a real photo', async () => {
    const typed = await postForm(
      person,
      JSON.stringify({ task: 'person_detection', confidence_threshold: 0.5 }),
      'application/json',
    );
    assert.equal(typed.status, 200, JSON.stringify(typed.body));
    const env = assertInferEnvelope(typed.body);
    assert.equal(env.model_name, 'centernet');
    assertDetections(env.result, { w: 640, h: 424 });
    assert.ok(env.result.detections.length >= 1);
    assert.ok(env.result.detections.every((d: any) => d.label === 'person' && d.confidence >= 0.5));
    // No camera named: no tracker, so track_id is null as §5.1 asks.
    assert.ok(env.result.detections.every((d: any) => d.track_id === null));

    // The conformance kit's form: the frame alone runs the default task, object detection.
    const bare = await postForm(person);
    assert.equal(bare.status, 200, JSON.stringify(bare.body));
    const labels = assertInferEnvelope(bare.body).result.detections.map((d: any) => d.label);
    assert.ok(labels.includes('person') && labels.includes('dog'), labels.join());

    // `classes` narrows (upstream's knob name for the native `labels`).
    const dogs = await postForm(person, JSON.stringify({ classes: ['dog'] }));
    assert.equal(dogs.status, 200, JSON.stringify(dogs.body));
    const dogLabels = dogs.body.result.detections.map((d: any) => d.label);
    assert.ok(dogLabels.length >= 1 && dogLabels.every((l: string) => l === 'dog'), dogLabels.join());
  });

  it('/infer JSON: frame_b64 with flat knobs (as KAI-C sends), counted and tracked per camera', async () => {
    const { status, body } = await postJson({
      task: 'person_counting',
      frame_b64: person.toString('base64'),
      confidence: '0.5',
      camera_id: 'cam-7',
    });
    assert.equal(status, 200, JSON.stringify(body));
    const env = assertInferEnvelope(body);
    assertDetections(env.result, { w: 640, h: 424 });
    assert.equal(env.result.count, env.result.detections.length);
    assert.ok(env.result.count >= 1);
    assert.ok(env.result.detections.every((d: any) => Number.isInteger(d.track_id)));
  });

  it('/infer face_detection: faces as §5.1 detections with landmarks, age and gender attributes', async () => {
    const { status, body } = await postJson({
      task: 'face_detection',
      frame_b64: fixture('sample1.jpg').toString('base64'),
    });
    assert.equal(status, 200, JSON.stringify(body));
    const env = assertInferEnvelope(body);
    assert.equal(env.model_name, 'ssd_face+face_landmarks68+face_age_gender');
    assert.equal(env.result.face_count, 3);
    for (const d of env.result.detections) {
      assert.equal(d.label, 'face');
      const attrs = keys(d.attributes, ['landmarks', 'age', 'gender', 'gender_confidence'], 'attributes');
      assert.equal(attrs.landmarks.length, 5);
      assert.ok(attrs.landmarks.flat().every((v: number) => v >= 0 && v <= 1));
      assert.ok(['male', 'female'].includes(attrs.gender));
    }
  });

  it("/infer face_recognition: upstream's answer for the most confident face, every face in detections", async () => {
    // Bernard is registered through the native gallery API (the same gallery the compat task reads).
    const registered = await fetch(`${ad.url}/faces/persons`, {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Bernard',
        frame: { b64: fixture('megamind-4.5s.jpg').toString('base64') },
      }),
    });
    const bernard = (await registered.json()) as any;
    assert.equal(registered.status, 201, JSON.stringify(bernard));
    try {
      // What upstream's smart-doorbell sends: multipart frame + params {"task": "face_recognition", "threshold"}.
      const known = await postForm(
        fixture('megamind-9.5s.jpg'),
        JSON.stringify({ task: 'face_recognition' }),
      );
      assert.equal(known.status, 200, JSON.stringify(known.body));
      const env = assertInferEnvelope(known.body);
      const r = env.result;
      assert.equal(r.task, 'face_recognition');
      assert.equal(r.recognized, true, JSON.stringify(r));
      assert.equal(r.name, 'Bernard');
      assert.equal(r.person_id, bernard.id);
      assert.ok(r.similarity >= 0.6 && r.similarity <= 1);
      assert.equal(r.threshold, 0.6);
      // face_bbox: pixel corners, as upstream's doorbell parses it (x2 > x1, y2 > y1).
      assert.ok(
        r.face_bbox.length === 4 && r.face_bbox[2] > r.face_bbox[0] && r.face_bbox[3] > r.face_bbox[1],
      );
      assertDetections(r, r.frame_dimensions);
      assert.equal(r.face_count, 1);
      assert.equal(r.detections[0].attributes.person, 'Bernard');

      // Strangers: a face, not recognised, with upstream's message; the threshold knob is honoured.
      const strangers = await postJson({
        task: 'face_recognition',
        frame_b64: fixture('sample1.jpg').toString('base64'),
      });
      assert.equal(strangers.status, 200, JSON.stringify(strangers.body));
      const s = strangers.body.result;
      assert.equal(s.recognized, false);
      assert.equal(s.face_count, 3);
      assert.ok(Array.isArray(s.face_bbox));
      assert.equal(s.message, 'no match above threshold 0.6');
      assert.ok(!('name' in s) && !('person_id' in s));
      const strict = await postJson({
        task: 'face_recognition',
        threshold: 1,
        frame_b64: fixture('megamind-9.5s.jpg').toString('base64'),
      });
      assert.equal(strict.body.result.recognized, false);
      assert.equal(strict.body.result.threshold, 1);
      // No face at all: face_bbox null, as upstream.
      const none = await postJson({
        task: 'face_recognition',
        frame_b64: fixture('dog.jpg').toString('base64'),
      });
      assert.equal(none.status, 200, JSON.stringify(none.body));
      assert.deepEqual(
        [none.body.result.recognized, none.body.result.face_bbox, none.body.result.message],
        [false, null, 'no face detected'],
      );
      const bad = await postJson({
        task: 'face_recognition',
        threshold: 2,
        frame_b64: person.toString('base64'),
      });
      assert.equal(assertFailure(bad.body, 'transport_error', 'malformed_input').details.field, 'threshold');
    } finally {
      await fetch(`${ad.url}/faces/persons/${bernard.id}`, { method: 'DELETE', headers: AUTH });
    }
  });

  it('/infer image_captioning (asked as its alias scene_caption): the built-in composer describes the photo', async () => {
    const { status, body } = await postJson({ task: 'scene_caption', frame_b64: person.toString('base64') });
    assert.equal(status, 200, JSON.stringify(body));
    const env = assertInferEnvelope(body);
    assert.equal(env.result.task, 'image_captioning');
    assert.match(env.result.caption, /person/);
    assert.match(env.result.model_id, /^scene-composer\//);
  });

  it('bad requests: the failure envelope names the field, with upstream categories and codes', async () => {
    const b64 = person.toString('base64');
    const cases: [unknown, number, string, string, string | undefined][] = [
      [{ frame_b64: b64, min_confidence: 0.6 }, 400, 'transport_error', 'malformed_input', 'min_confidence'],
      [
        { frame_b64: b64, confidence_threshold: 2 },
        400,
        'transport_error',
        'malformed_input',
        'confidence_threshold',
      ],
      [{ frame_b64: b64, classes: ['vehicle'] }, 400, 'transport_error', 'malformed_input', 'classes'],
      [
        { frame_b64: b64, task: 'face_detection', classes: ['person'] },
        400,
        'transport_error',
        'malformed_input',
        'classes',
      ],
      [
        { frame_b64: b64, confidence: 0.5, confidence_threshold: 0.5 },
        400,
        'transport_error',
        'malformed_input',
        undefined,
      ],
      [{ task: 'person_detection' }, 400, 'transport_error', 'malformed_input', 'frame_b64'],
      [{ frame_b64: '%%%' }, 400, 'transport_error', 'malformed_input', 'frame_b64'],
      [
        { frame_b64: b64, task: 'license_plate_recognition' },
        400,
        'not_supported',
        'unsupported_task',
        'task',
      ],
      [
        { frame_b64: Buffer.from('not an image').toString('base64') },
        400,
        'transport_error',
        'malformed_input',
        undefined,
      ],
    ];
    for (const [body, status, category, code, field] of cases) {
      const res = await postJson(body);
      assert.equal(res.status, status, JSON.stringify(res.body));
      const error = assertFailure(res.body, category, code);
      if (field) {
        assert.equal(error.details.field, field);
        assert.ok(error.message.includes(field), error.message);
      }
    }
    const form = await postForm(null, '{}');
    assert.equal(form.status, 400);
    assert.equal(assertFailure(form.body, 'transport_error', 'malformed_input').details.field, 'frame');
    const text = await fetch(`${base}/infer`, {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'text/plain' },
      body: 'hello',
    });
    assert.equal(text.status, 415);
    assertFailure(await text.json(), 'transport_error', 'unsupported_content_type');
  });

  it('/metrics has the baseline series, counted per task with upstream outcomes', async () => {
    const res = await get('/metrics');
    assert.equal(res.status, 200);
    for (const name of [
      'adapter_infer_total',
      'adapter_infer_latency_seconds_bucket',
      'adapter_model_loaded',
      'adapter_stream_connections_active',
      'adapter_inflight_requests',
      'adapter_queue_depth',
    ])
      assert.ok(res.text.includes(name), name);
    const count = (labels: string) =>
      Number(new RegExp(`adapter_infer_total\\{${labels}\\} (\\d+)`).exec(res.text)?.[1] ?? 0);
    assert.ok(count('task="person_detection",outcome="ok"') >= 1, res.text);
    assert.ok(count('task="object_detection",outcome="transport_error"') >= 1, res.text); // bad knobs
    assert.ok(count('task="",outcome="transport_error"') >= 1, res.text); // unreadable bodies
    assert.ok(count('task="other",outcome="refused"') >= 1, res.text); // the unsupported task
    assert.match(res.text, /adapter_model_info\{.*fingerprint="sha256:[0-9a-f]{64}".*\} 1/);
  });

  describe('WebSocket /compat/opennvr/infer/stream', () => {
    const open = async () => {
      const ws = new WebSocket(`${base.replace('http', 'ws')}/infer/stream`, { headers: AUTH });
      const next = inbox(ws);
      await once(ws, 'open');
      return { ws, next };
    };
    const closed = async (ws: WebSocket) => {
      const [code, reason] = (await once(ws, 'close')) as [number, Buffer];
      return { code, reason: reason.toString('utf8') };
    };
    const frame = (seq: number) =>
      JSON.stringify({ type: 'frame', seq, ts_ms: 1000 + seq, content_type: 'image/jpeg' });

    it('handshake → ack → frame + binary → result; pause drops frames; stats; bad frames answered in band', async () => {
      const { ws, next } = await open();
      ws.send(
        JSON.stringify({
          type: 'handshake',
          client_id: 'kai-c-test',
          camera_id: 'cam-3',
          frame_transport: 'shared_memory',
          shared_memory_root: '/dev/shm/opennvr/frames/cam-3',
          result_sink: 'nats:detections.cam-3.person_detection',
          expected_input_rate_hz: 5,
          task: 'person_detection',
        }),
      );
      const ack = keys(
        await next(),
        ['type', 'frame_transport', 'result_sink', 'max_inflight', 'session_id'],
        'ack',
      );
      // Shared memory and NATS are not offered here: the ack downgrades both to the socket, as §6.1 allows.
      assert.deepEqual(
        {
          type: ack.type,
          frame_transport: ack.frame_transport,
          result_sink: ack.result_sink,
          max_inflight: ack.max_inflight,
        },
        { type: 'handshake_ack', frame_transport: 'websocket', result_sink: 'websocket', max_inflight: 2 },
      );
      nonEmpty(ack.session_id, 'session_id');

      ws.send(frame(1));
      ws.send(person);
      const result = keys(await next(), ['type', 'seq', 'ts_ms', 'inference_ms', 'result'], 'result');
      assert.deepEqual([result.type, result.seq, result.ts_ms], ['result', 1, 1001]);
      assert.ok(Number.isInteger(result.inference_ms) && result.inference_ms >= 0);
      assertDetections(result.result, { w: 640, h: 424 });
      assert.ok(
        result.result.detections.some((d: any) => d.label === 'person' && Number.isInteger(d.track_id)),
      );

      // Paused: frame 2 is dropped; after resume frame 3 is the next answer.
      ws.send(JSON.stringify({ type: 'pause' }));
      ws.send(frame(2));
      ws.send(person);
      ws.send(JSON.stringify({ type: 'resume' }));
      ws.send(frame(3));
      ws.send(Buffer.from('not an image'));
      const bad = await next();
      assert.equal(bad.seq, 3);
      assertFailure(bad.result, 'transport_error', 'malformed_input');

      ws.send(JSON.stringify({ type: 'stats' }));
      const stats = keys(await next(), ['type', 'inflight', 'queue_depth', 'fps'], 'stats');
      assert.equal(stats.type, 'stats');
      assert.equal(stats.inflight, 0);

      // A binary message with no frame metadata before it: upstream's policy-refused close.
      ws.send(person);
      assert.deepEqual(await closed(ws), {
        code: 4001,
        reason: 'binary frame without preceding frame metadata',
      });
    });

    it('closes with 4001 on messages out of order or malformed', async () => {
      const before = await open();
      before.ws.send(frame(1)); // a frame before the handshake
      assert.deepEqual(await closed(before.ws), { code: 4001, reason: 'bad handshake' });

      const noBinary = await open();
      noBinary.ws.send(JSON.stringify({ type: 'handshake', client_id: 'c' }));
      assert.equal((await noBinary.next()).type, 'handshake_ack');
      noBinary.ws.send(frame(1));
      noBinary.ws.send(JSON.stringify({ type: 'stats' })); // text where the frame's bytes should be
      assert.deepEqual(await closed(noBinary.ws), {
        code: 4001,
        reason: 'frame must be followed by binary message',
      });

      const unknown = await open();
      unknown.ws.send(JSON.stringify({ type: 'handshake', client_id: 'c', task: 'nope' }));
      const refused = await closed(unknown.ws);
      assert.equal(refused.code, 4001);
      assert.match(refused.reason, /^bad handshake: task "nope" is not supported/);
    });

    it('bounds the handshake: a client_id is a name, not a payload', { timeout: 60_000 }, async () => {
      for (const clientId of ['x'.repeat(129), 'x'.repeat(4 * 1024 * 1024)]) {
        const { ws } = await open();
        ws.send(JSON.stringify({ type: 'handshake', client_id: clientId }));
        const refused = await closed(ws);
        assert.equal(refused.code, 4001);
        assert.match(refused.reason, /^bad handshake: client_id: .*128/);
      }
      const { ws, next } = await open();
      ws.send(JSON.stringify({ type: 'handshake', client_id: 'x'.repeat(128) }));
      assert.equal((await next()).type, 'handshake_ack');
      ws.close();
    });

    it('counts a socket as a stream only once it has shaken hands', { timeout: 120_000 }, async () => {
      const one = await startAdapter({ ADAPTER_TOKEN: TOKEN, ADAPTER_STREAM_MAX_SOCKETS: '1' });
      const url = `${one.url.replace('http', 'ws')}${PREFIX}/infer/stream`;
      const connect = async () => {
        const ws = new WebSocket(url, { headers: AUTH });
        const next = inbox(ws);
        await once(ws, 'open');
        return { ws, next };
      };
      const active = async () => {
        const text = await (await fetch(`${one.url}${PREFIX}/metrics`, { headers: AUTH })).text();
        return Number(/^adapter_stream_connections_active (\d+)$/m.exec(text)?.[1]);
      };
      try {
        // A socket that never shakes hands takes no place and is not counted…
        const silent = await connect();
        assert.equal(await active(), 0);
        // …so the one stream allowed goes to a client that does.
        const client = await connect();
        client.ws.send(JSON.stringify({ type: 'handshake', client_id: 'kai-c' }));
        assert.equal((await client.next()).type, 'handshake_ack');
        assert.equal(await active(), 1);
        // A second stream is over the limit: upstream's overloaded close, at its handshake.
        const extra = await connect();
        extra.ws.send(JSON.stringify({ type: 'handshake', client_id: 'late' }));
        const refused = await closed(extra.ws);
        assert.equal(refused.code, 4004);
        client.ws.close();
        await once(client.ws, 'close');
        silent.ws.close();
      } finally {
        await one.close();
      }
    });

    it('a plain GET is told to upgrade (426, failure envelope)', async () => {
      const res = await get('/infer/stream');
      assert.equal(res.status, 426);
      assert.equal(res.headers.get('upgrade'), 'websocket');
      assertFailure(JSON.parse(res.text), 'not_supported', 'upgrade_required');
    });
  });
});
