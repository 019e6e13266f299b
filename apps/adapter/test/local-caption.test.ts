// scene_description backend (1), a local captioning model in MODELS_DIR, end to end on a tiny randomly
// initialised ViT-GPT2 written by test/fixtures/make-tiny-caption-model.py in the layout and with the input and
// output names of a transformers.js/Optimum export (no weights can be downloaded here). Proves: the model is
// found at start and shown with its fingerprint but not loaded; the first scene_description loads it in a
// worker thread and captions from the tokenizer's vocabulary with `model_id` naming it; a prompt it cannot take
// is refused; swapped files give a new fingerprint and the new model is used; corrupt files are refused with the
// reason in /health while the composer keeps answering; the merged decoder's cached keys/values give the same
// tokens as the plain decoder; multi-byte text decodes; loading and captioning open no connection.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { after, before, describe, it } from 'node:test';
import { captionBackend } from '../src/scene/caption-client.js';
import { SceneCaptionBackends } from '../src/scene/local-caption/backends.js';
import { LocalCaptioner } from '../src/scene/local-caption/captioner.js';
import { inspect } from '../src/scene/local-caption/layout.js';
import { loadCaptionModel } from '../src/scene/local-caption/model.js';
import { ByteLevelTokenizer } from '../src/scene/local-caption/tokenizer.js';
import { SCENE_COMPOSER_ID } from '../src/tasks/scene-description.js';
import { decodeFrame } from '../src/frames/decode.js';
import { fakeServer } from './fake-servers.js';
import { fixture, getJson, postJson, startAdapter, type TestAdapter } from './helpers.js';

const GENERATOR = new URL('./fixtures/make-tiny-caption-model.py', import.meta.url).pathname;
// Debian's python3 has python3-onnx; a python3 earlier on PATH (pyenv) may not.
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
const MODEL_ID = 'local/nvr-test/tiny-vit-gpt2';

function makeModel(dir: string, seed: number, decoder: 'merged' | 'plain' = 'merged'): void {
  execFileSync(PYTHON, [GENERATOR, dir, '--seed', String(seed), '--decoder', decoder], { stdio: 'pipe' });
}

/** sha256 over the files a load reads, in the documented order (configs, tokenizer, encoder, decoder). */
function expectedFingerprint(dir: string, decoderFile: string): string {
  const hash = createHash('sha256');
  for (const f of [
    'config.json',
    'preprocessor_config.json',
    'tokenizer.json',
    'generation_config.json',
    'onnx/encoder_model.onnx',
    `onnx/${decoderFile}`,
  ])
    hash.update(readFileSync(join(dir, f)));
  return `sha256:${hash.digest('hex')}`;
}

/** The whole words of the tiny tokenizer ("Ġperson" → "person"): every caption word must be one of them. */
function vocabularyWords(dir: string): Set<string> {
  const vocab = (
    JSON.parse(readFileSync(join(dir, 'tokenizer.json'), 'utf8')) as { model: { vocab: object } }
  ).model.vocab;
  const tok = new ByteLevelTokenizer(JSON.parse(readFileSync(join(dir, 'tokenizer.json'), 'utf8')));
  return new Set(
    Object.entries(vocab)
      .filter(([piece]) => piece.startsWith('Ġ'))
      .map(([, id]) => tok.decode([id as number])),
  );
}

describe('local captioning model in an adapter', () => {
  let ad: TestAdapter;
  let modelsDir: string;
  let modelDir: string;
  const entry = (health: any) => health.models.find((m: any) => m.name === MODEL_ID);
  const describeFrame = (uri: string, params?: Record<string, unknown>) =>
    postJson(`${ad.url}/infer`, {
      task: 'scene_description',
      data: { frame: { uri } },
      ...(params && { params }),
    });

  before(async () => {
    modelsDir = mkdtempSync(join(tmpdir(), 'caption-models-'));
    modelDir = join(modelsDir, 'nvr-test', 'tiny-vit-gpt2');
    makeModel(modelDir, 1);
    ad = await startAdapter({ MODELS_DIR: modelsDir, MODEL_IDLE_UNLOAD_S: '600' });
    ad.addFrames('vtest-2s.jpg', 'dog.jpg');
  });
  after(async () => {
    await ad.close();
    rmSync(modelsDir, { recursive: true, force: true });
  });

  it('is found at start and listed with its fingerprint, not loaded yet', async () => {
    const fingerprint = expectedFingerprint(modelDir, 'decoder_model_merged.onnx');
    const health = (await getJson(`${ad.url}/health`)).body;
    assert.deepEqual(entry(health), {
      name: MODEL_ID,
      tasks: ['scene_description'],
      runtime: 'onnxruntime-cpu',
      state: 'unloaded',
      loaded_at: null,
      load_ms: null,
      load_count: 0,
      fingerprint,
    });
    const listed = (await getJson(`${ad.url}/adapters`)).body.find((a: any) => a.name === MODEL_ID);
    assert.equal(listed.model.fingerprint, fingerprint);
    const card = (await getJson(`${ad.url}/capabilities?format=card`)).body;
    assert.ok(card.model.name.split('+').includes(MODEL_ID), card.model.name);
    assert.ok((await getJson(`${ad.url}/capabilities`)).body.includes('scene_description'));
  });

  it('captions the first scene_description in a worker thread, from the tokenizer vocabulary', async () => {
    const words = vocabularyWords(modelDir);
    const first = await describeFrame('frame://vtest-2s.jpg');
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.equal(first.body.model_id, MODEL_ID);
    assert.deepEqual(first.body.frame, { width: 768, height: 576 });
    assert.ok(first.body.caption.length > 0);
    for (const word of first.body.caption.split(' '))
      assert.ok(words.has(word), `"${word}" is not a vocab word`);
    const captioner = ad.app.services.localCaption!;
    assert.ok(
      captioner.lastThreadId !== null && captioner.lastThreadId !== threadId,
      'ran off the main thread',
    );

    const second = await describeFrame('frame://dog.jpg');
    assert.equal(second.status, 200);
    assert.equal(second.body.model_id, MODEL_ID);
    const health = (await getJson(`${ad.url}/health`)).body;
    assert.equal(entry(health).state, 'ready');
    assert.equal(entry(health).load_count, 1, 'loaded once, then reused');
    assert.ok(Number.isInteger(entry(health).load_ms));
    // The composer's detectors were never needed.
    assert.equal(health.models.find((m: any) => m.name === 'centernet').state, 'unloaded');
  });

  it('unloads after MODEL_IDLE_UNLOAD_S unused and reloads on the next caption', async () => {
    const captioner = ad.app.services.localCaption!;
    await captioner.unloadIdle(Date.now() + 60_000); // not idle long enough yet
    assert.equal(captioner.status().state, 'ready');
    await captioner.unloadIdle(Date.now() + 601_000);
    assert.equal(captioner.status().state, 'unloaded');
    const res = await describeFrame('frame://dog.jpg');
    assert.equal(res.body.model_id, MODEL_ID);
    assert.equal(captioner.status().state, 'ready');
    assert.equal(captioner.status().loadCount, 2);
  });

  it('refuses a prompt it cannot take and a frame it cannot decode, and stays ready', async () => {
    const res = await describeFrame('frame://vtest-2s.jpg', { prompt: 'Who is at the door?' });
    assert.equal(res.status, 400);
    assert.equal(res.body.error.code, 'invalid_params');
    assert.match(res.body.error.message, /prompt/);
    const garbage = await postJson(`${ad.url}/infer`, {
      task: 'scene_description',
      data: { frame: { b64: Buffer.from('not an image at all').toString('base64') } },
    });
    assert.equal(garbage.status, 415);
    assert.equal(garbage.body.error.code, 'frame_decode_failed');
    assert.equal(entry((await getJson(`${ad.url}/health`)).body).state, 'ready');
  });

  it('notices swapped files by their fingerprint and captions with the new model', async () => {
    const before = await describeFrame('frame://vtest-2s.jpg');
    const staging = mkdtempSync(join(tmpdir(), 'caption-swap-'));
    makeModel(staging, 2, 'plain');
    rmSync(modelDir, { recursive: true });
    cpSync(staging, modelDir, { recursive: true });
    rmSync(staging, { recursive: true });

    const after = await describeFrame('frame://vtest-2s.jpg');
    assert.equal(after.status, 200);
    assert.equal(after.body.model_id, MODEL_ID);
    assert.notEqual(after.body.caption, before.body.caption, 'the new weights write a different caption');
    const health = (await getJson(`${ad.url}/health`)).body;
    assert.equal(entry(health).fingerprint, expectedFingerprint(modelDir, 'decoder_model.onnx'));
    assert.equal(entry(health).load_count, 3);
  });

  it('refuses corrupt files with the reason in /health while the composer answers', async () => {
    writeFileSync(join(modelDir, 'onnx', 'encoder_model.onnx'), 'not an onnx model');
    const res = await describeFrame('frame://dog.jpg');
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.model_id, SCENE_COMPOSER_ID);
    assert.match(res.body.caption, /dog/);
    const health = (await getJson(`${ad.url}/health`)).body;
    assert.equal(health.status, 'degraded');
    assert.equal(entry(health).state, 'failed');
    assert.match(entry(health).error, /onnx\/encoder_model\.onnx/);
    const listed = (await getJson(`${ad.url}/adapters`)).body.find((a: any) => a.name === MODEL_ID);
    assert.equal(listed.enabled, false);
    // Not retried while the files stay the same; the composer keeps answering.
    const again = await describeFrame('frame://vtest-2s.jpg');
    assert.equal(again.body.model_id, SCENE_COMPOSER_ID);
    assert.equal(entry((await getJson(`${ad.url}/health`)).body).load_count, 3);

    // Good files again: the local model is back.
    rmSync(modelDir, { recursive: true });
    makeModel(modelDir, 1);
    const fixed = await describeFrame('frame://vtest-2s.jpg');
    assert.equal(fixed.body.model_id, MODEL_ID);
    assert.equal((await getJson(`${ad.url}/health`)).body.status, 'ok');
  });
});

describe('local caption model files and decoding', () => {
  let root: string;
  before(() => {
    root = mkdtempSync(join(tmpdir(), 'caption-unit-'));
    makeModel(join(root, 'merged'), 3, 'merged');
    makeModel(join(root, 'plain'), 3, 'plain');
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it('the merged decoder with cached keys/values generates the same tokens as the plain decoder', async () => {
    const frame = await decodeFrame(new Uint8Array(fixture('dog.jpg')));
    const tokens: number[][] = [];
    for (const kind of ['merged', 'plain']) {
      const model = await loadCaptionModel(inspect(root, join(root, kind)).layout!);
      tokens.push((await model.caption(frame)).tokens);
      await model.dispose();
    }
    assert.ok(tokens[0]!.length > 1);
    assert.deepEqual(tokens[0], tokens[1]);
  });

  it('decodes byte-level pieces into UTF-8 text and skips special tokens', () => {
    const json = JSON.parse(readFileSync(join(root, 'merged', 'tokenizer.json'), 'utf8'));
    const tok = new ByteLevelTokenizer(json);
    const vocab = json.model.vocab as Record<string, number>;
    // " café" in GPT-2's byte alphabet: space → Ġ, é (c3 a9) → Ã©.
    const eos = json.added_tokens[0].id as number;
    assert.equal(tok.decode([vocab['Ġa']!, vocab['ĠcafÃ©']!, eos]), 'a café');
  });

  it('refuses architectures it cannot run, naming them', () => {
    const dir = join(root, 'florence');
    cpSync(join(root, 'merged'), dir, { recursive: true });
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ model_type: 'florence2' }));
    assert.match(inspect(root, dir).problem ?? '', /model_type "florence2" is not supported/);
    rmSync(join(dir, 'tokenizer.json'));
    writeFileSync(
      join(dir, 'config.json'),
      JSON.stringify({ model_type: 'vision-encoder-decoder', decoder: { model_type: 'gpt2' } }),
    );
    assert.equal(inspect(root, dir).problem, 'missing tokenizer.json');
  });

  it('loads and captions without opening a connection (remote loading is off)', async (t) => {
    const attempts: string[] = [];
    t.mock.method(globalThis, 'fetch', async (input: unknown) => {
      attempts.push(`fetch ${String(input)}`);
      throw new Error('no network in this test');
    });
    // Every TCP connection (fetch, http, a Hub client) goes through Socket#connect: count the calls.
    const connects = t.mock.method(net.Socket.prototype, 'connect');
    // The config names a Hub repository, as real exports do; it must not be looked up.
    assert.match(readFileSync(join(root, 'merged', 'config.json'), 'utf8'), /"_name_or_path"/);
    const model = await loadCaptionModel(inspect(root, join(root, 'merged')).layout!);
    assert.ok(
      (await model.caption(await decodeFrame(new Uint8Array(fixture('person.jpg'))))).caption.length > 0,
    );
    await model.dispose();
    assert.deepEqual(attempts, []);
    assert.equal(connects.mock.callCount(), 0);
  });
});

describe('scene_description backend order with a caption endpoint too', () => {
  it('local model first; a prompt, or a local model that fails, goes to the endpoint', async () => {
    const modelsDir = mkdtempSync(join(tmpdir(), 'caption-order-'));
    makeModel(join(modelsDir, 'tiny'), 4);
    const ollama = await fakeServer(() => ({
      status: 200,
      body: { message: { role: 'assistant', content: 'A dog lies on a rug.' } },
    }));
    const warnings: string[] = [];
    const log = { warn: (_: object, msg: string) => void warnings.push(msg) };
    const local = (await LocalCaptioner.discover(modelsDir, { queueSize: 4, idleUnloadMs: null }, log))!;
    const backends = new SceneCaptionBackends(local, captionBackend(ollama.url, 'llava', null), log);
    const frame = () => new Uint8Array(fixture('dog.jpg'));
    try {
      assert.equal((await backends.describe(frame(), undefined))!.modelId, 'local/tiny');
      assert.equal(ollama.requests.length, 0);
      const prompted = await backends.describe(frame(), 'What animal is this?');
      assert.deepEqual(prompted, { caption: 'A dog lies on a rug.', modelId: 'ollama/llava' });
      assert.equal(ollama.requests.at(-1)!.body.messages[0].content, 'What animal is this?');

      writeFileSync(join(modelsDir, 'tiny', 'onnx', 'decoder_model_merged.onnx'), Buffer.alloc(64, 7));
      assert.equal((await backends.describe(frame(), undefined))!.modelId, 'ollama/llava');
      assert.equal(local.status().state, 'failed');
      assert.match(local.status().error ?? '', /decoder_model_merged\.onnx/);
      assert.deepEqual(warnings, ['local caption model failed; next backend used']);
    } finally {
      await local.close();
      await ollama.close();
      rmSync(modelsDir, { recursive: true, force: true });
    }
  });
});
