// Operator detectors (issue #35) end to end: tiny ONNX models of each export layout (written by
// test/fixtures/make-tiny-detectors.py through scripts/test-setup.mjs) whose outputs are boxes placed by hand, so
// the boxes each task and /v1/vision/custom/<name> must answer on the test pictures are known to the pixel:
// letterbox (800×450 into 640×640: scale 0.8, 140 px bars; into 320×195: 7 px above, 8 below), stretch, YOLOX's
// top-left BGR 0–255 input, a 1920×1080 picture worked on at 640×360, an end-to-end model left unsuppressed.
// Some scores are input pixels read back by the model, which shows where the picture and the grey went.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { buildApp } from '../src/app.js';
import { ConfigError, loadConfig } from '../src/config.js';
import { FIXTURES, getJson, postJson, startAdapter, type TestAdapter } from './helpers.js';

const TOKEN = 'detectors-token-5c2a';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const MODELS = join(FIXTURES, 'detectors');

/** A models folder holding the named fixture detectors (plus extra folders written by `extra`). */
function modelsDir(names: string[], extra: (root: string) => void = () => undefined): string {
  if (!existsSync(join(MODELS, 'v8', 'model.onnx')))
    throw new Error(`missing ${MODELS}: run node apps/adapter/scripts/test-setup.mjs`);
  const dir = mkdtempSync(join(tmpdir(), 'adapter-detectors-'));
  for (const n of names) cpSync(join(MODELS, n), join(dir, 'detectors', n), { recursive: true });
  extra(join(dir, 'detectors'));
  return dir;
}

/** A plain picture of one colour (PNG, so the pixels the model reads back are exact). */
const picture = async (width: number, height: number) =>
  (
    await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 100, b: 50 } } })
      .png()
      .toBuffer()
  ).toString('base64');

const sha256 = (dir: string, files: string[]) => {
  const hash = createHash('sha256');
  for (const f of files) hash.update(readFileSync(join(dir, f)));
  return `sha256:${hash.digest('hex')}`;
};

describe('operator detectors', () => {
  let ad: TestAdapter;
  let models: string;
  let landscape: string;
  let large: string;
  before(async () => {
    models = modelsDir(
      ['v8', 'v5', 'yolox', 'e2e', 'broken-bytes', 'broken-labels', 'broken-json'],
      (root) => {
        cpSync(join(root, 'v8'), join(root, 'v8-stretch'), { recursive: true });
        writeFileSync(join(root, 'v8-stretch', 'detector.json'), '{"resize": "stretch"}');
        mkdirSync(join(root, 'bad name!'));
        cpSync(join(root, 'e2e'), join(root, 'pets'), { recursive: true });
        writeFileSync(join(root, 'pets', 'labels.txt'), 'cat\ndog\n');
      },
    );
    [landscape, large] = await Promise.all([picture(800, 450), picture(1920, 1080)]);
    ad = await startAdapter({ ADAPTER_TOKEN: TOKEN, MODELS_DIR: models });
  });
  after(async () => {
    await ad.close();
    rmSync(models, { recursive: true, force: true });
  });

  const infer = (task: string, params: Record<string, unknown>, b64 = landscape) =>
    postJson(`${ad.url}/infer`, { task, data: { frame: { b64 } }, params }, AUTH);
  const boxes = (body: Record<string, any>) =>
    body.detections.map((d: any) => [d.label, d.confidence, d.bbox]);

  it('lists each detector in /health and /adapters with its fingerprint, facts and state', async () => {
    const { body } = await getJson(`${ad.url}/health`);
    const byName = new Map<string, any>(body.models.map((m: any) => [m.name, m]));
    assert.equal(body.status, 'degraded');
    const v8 = byName.get('detectors/v8');
    assert.equal(v8.state, 'unloaded');
    assert.deepEqual(v8.tasks, ['person_counting', 'person_detection', 'object_detection']);
    assert.equal(v8.fingerprint, sha256(join(models, 'detectors', 'v8'), ['model.onnx', 'labels.txt']));
    assert.deepEqual(v8.detector, {
      labels: 3,
      default: false,
      layout: 'yolov8',
      input: [640, 640],
      resize: 'letterbox',
      align: 'center',
      channels: 'rgb',
      normalize: '0-1',
      output_shape: [1, 7, 9],
    });
    assert.equal(
      byName.get('detectors/v5').fingerprint,
      sha256(join(models, 'detectors', 'v5'), ['model.onnx', 'labels.txt', 'detector.json']),
    );
    assert.deepEqual(byName.get('detectors/v5').detector.input, [320, 195]);
    assert.equal(byName.get('detectors/e2e').detector.layout, 'nms');
    assert.deepEqual(
      [byName.get('detectors/yolox').detector.align, byName.get('detectors/yolox').detector.channels],
      ['top-left', 'bgr'],
    );
    const failed = (name: string) => {
      const m = byName.get(`detectors/${name}`);
      assert.equal(m.state, 'failed', name);
      return m.error as string;
    };
    assert.match(failed('broken-bytes'), /model\.onnx could not be opened/);
    assert.match(
      failed('broken-labels'),
      /\[1, 7, 9\] fits no layout with the 5 labels.*would mean 3 labels/,
    );
    assert.match(failed('broken-json'), /detector\.json: unknown field "inputs"/);
    assert.ok(![...byName.keys()].some((n) => n.includes('bad name')));

    const listing = (await getJson(`${ad.url}/adapters`, AUTH)).body as any[];
    const e2e = listing.find((a) => a.name === 'detectors/e2e');
    assert.deepEqual(e2e.model, {
      name: 'e2e',
      version: 'local',
      fingerprint: sha256(join(models, 'detectors', 'e2e'), ['model.onnx', 'labels.txt']),
    });
    assert.equal(e2e.enabled, true);
    const broken = listing.find((a) => a.name === 'detectors/broken-labels');
    assert.deepEqual([broken.enabled, broken.state], [false, 'failed']);
    assert.match(broken.error, /fits no layout/);
  });

  it('letterboxes into a square input and maps the boxes back to the pixel (yolov8, NMS in the adapter)', async () => {
    // min_confidence 0.3 lets the 0.35 person in (the person default, 0.45, leaves it out: below).
    const { status, body } = await infer('object_detection', { detector: 'v8', min_confidence: 0.3 });
    assert.equal(status, 200, JSON.stringify(body));
    assert.deepEqual(body.frame, { width: 800, height: 450 });
    // The second person box (0.8) overlaps the first: suppressed. The dog's score is the grey bar (114/255).
    assert.deepEqual(boxes(body), [
      ['person', 0.9, [100, 50, 300, 250]],
      ['car', 0.7, [400, 100, 700, 400]],
      ['dog', 0.447, [500, 300, 600, 400]],
      ['person', 0.35, [600, 20, 700, 120]],
    ]);
    const loaded = (await getJson(`${ad.url}/health`)).body.models.find(
      (m: any) => m.name === 'detectors/v8',
    );
    assert.equal(loaded.state, 'ready');
    // Without min_confidence: persons from 0.45, other classes from 0.3 (tasks/thresholds.ts).
    const defaults = (await infer('object_detection', { detector: 'v8' })).body;
    assert.deepEqual(
      boxes(defaults).map((row: unknown[]) => row.slice(0, 2)),
      [
        ['person', 0.9],
        ['car', 0.7],
        ['dog', 0.447],
      ],
    );
  });

  it('stretches when detector.json says so', async () => {
    const { body } = await infer('object_detection', { detector: 'v8-stretch', min_confidence: 0.3 });
    // y × 450/640; the dog's score is now the picture's red (200/255).
    assert.deepEqual(boxes(body), [
      ['person', 0.9, [100, 127, 300, 239]],
      ['dog', 0.784, [500, 267, 600, 323]],
      ['car', 0.7, [400, 155, 700, 323]],
      ['person', 0.35, [600, 110, 700, 166]],
    ]);
  });

  it('maps through the working copy of a large picture', async () => {
    // 1920×1080 is decoded at 640×360, which fills the letterbox at scale 1: boxes come back ×3.
    const { body } = await infer('object_detection', { detector: 'v8', min_confidence: 0.3 }, large);
    assert.deepEqual(boxes(body), [
      ['person', 0.9, [240, 120, 720, 600]],
      ['car', 0.7, [960, 240, 1680, 960]],
      ['dog', 0.447, [1200, 720, 1440, 960]],
      ['person', 0.35, [1440, 48, 1680, 288]],
    ]);
  });

  it('serves person_counting and person_detection from a detector, honouring min_confidence and labels', async () => {
    const counting = (await infer('person_counting', { detector: 'v8', min_confidence: 0.3 })).body;
    assert.equal(counting.count, 2);
    assert.deepEqual(
      counting.detections.map((d: any) => d.bbox),
      [
        [100, 50, 300, 250],
        [600, 20, 700, 120],
      ],
    );
    assert.equal(counting.confidence, 0.625);
    assert.equal((await infer('person_counting', { detector: 'v8', min_confidence: 0.5 })).body.count, 1);
    // yolov5 rows on a 320×195 input: objectness × class; the bicycle is not a person.
    const people = (await infer('person_detection', { detector: 'v5' })).body;
    assert.deepEqual(boxes(people), [['person', 0.855, [200, 100, 600, 400]]]);
    const bikes = (await infer('object_detection', { detector: 'v5', labels: ['bicycle'] })).body;
    assert.deepEqual(boxes(bikes), [['bicycle', 0.6, [50, 300, 150, 420]]]);
  });

  it('decodes raw YOLOX grids with its top-left, BGR 0–255 input', async () => {
    // Scores are channel 2 / 255 read at rows 5 and 45 of the 64×64 input: the picture's red (BGR order), then the
    // grey below a picture placed top-left (36 rows high).
    const { body } = await infer('object_detection', { detector: 'yolox', min_confidence: 0.3 });
    assert.deepEqual(boxes(body), [
      ['person', 0.784, [100, 50, 300, 250]],
      ['person', 0.447, [500, 300, 700, 400]],
    ]);
  });

  it('keeps an end-to-end model’s own suppression', async () => {
    const { body } = await infer('object_detection', { detector: 'E2E' });
    assert.deepEqual(boxes(body), [
      ['person', 0.9, [100, 50, 300, 250]],
      ['person', 0.85, [110, 60, 310, 260]],
      ['car', 0.6, [400, 100, 700, 400]],
    ]);
  });

  it('refuses an unknown or broken detector and labels it does not have, naming the field', async () => {
    const unknown = await infer('object_detection', { detector: 'nope' });
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.error.code, 'invalid_params');
    assert.match(unknown.body.error.message, /^params\.detector: no detector "nope"; known: centernet, .*v8/);
    const broken = await infer('person_counting', { detector: 'broken-labels' });
    assert.equal(broken.status, 503);
    assert.equal(broken.body.error.code, 'detector_failed');
    assert.match(
      broken.body.error.message,
      /params\.detector: detector "broken-labels" was refused.*fits no layout/,
    );
    const noPerson = await infer('person_detection', { detector: 'pets' });
    assert.equal(noPerson.status, 400);
    assert.match(noPerson.body.error.message, /^params\.detector: detector "pets" has no "person" label/);
    const pets = (await infer('object_detection', { detector: 'pets' })).body;
    assert.deepEqual(
      pets.detections.map((d: any) => d.label),
      ['cat', 'cat', 'dog'],
    );
    const labels = await infer('object_detection', { detector: 'v8', labels: ['truck'] });
    assert.equal(labels.status, 400);
    assert.match(labels.body.error.message, /^params\.labels: "truck" not among the labels of detector "v8"/);
    // CenterNet's COCO names are still checked.
    const coco = await infer('object_detection', { labels: ['unicorn'] });
    assert.match(
      coco.body.error.message,
      /^params\.labels: "unicorn" not among the labels of detector "centernet"/,
    );
    const noToken = await postJson(`${ad.url}/infer`, {
      task: 'object_detection',
      data: { frame: { b64: landscape } },
      params: { detector: 'v8' },
    });
    assert.equal(noToken.status, 401);
  });

  it('serves /v1/vision/custom/<name> in DeepStack’s shape, under the API’s key rule', async () => {
    const post = async (path: string, fields: Record<string, string>, headers = {}) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      if (path !== '/v1/vision/custom/list')
        form.append('image', new Blob([Buffer.from(landscape, 'base64')], { type: 'image/png' }), 'p.png');
      const res = await fetch(`${ad.url}${path}`, { method: 'POST', body: form, headers });
      return { status: res.status, body: (await res.json()) as any };
    };
    const { status, body } = await post('/v1/vision/custom/v8', { api_key: TOKEN });
    assert.equal(status, 200, JSON.stringify(body));
    assert.equal(body.success, true);
    // CodeProject.AI's 0.4 default leaves the 0.35 person out.
    assert.deepEqual(body.predictions, [
      { label: 'person', confidence: 0.9, x_min: 100, y_min: 50, x_max: 300, y_max: 250 },
      { label: 'car', confidence: 0.7, x_min: 400, y_min: 100, x_max: 700, y_max: 400 },
      { label: 'dog', confidence: 0.447, x_min: 500, y_min: 300, x_max: 600, y_max: 400 },
    ]);
    assert.equal(body.count, 3);
    const low = await post('/v1/vision/custom/v8', { min_confidence: '0.3' });
    assert.equal(low.body.predictions.length, 4);
    const list = await post('/v1/vision/custom/list', {});
    assert.deepEqual(list.body.models.slice(0, 6), ['e2e', 'pets', 'v5', 'v8', 'v8-stretch', 'yolox']);
    assert.ok(list.body.models.includes('ipcam-general'));
    const wrongKey = await post('/v1/vision/custom/v8', { api_key: 'wrong' });
    assert.equal(wrongKey.status, 401);
    const broken = await post('/v1/vision/custom/broken-bytes', {});
    assert.equal(broken.status, 500);
    assert.match(broken.body.error, /refused at start: model\.onnx could not be opened/);
  });

  it('leaves CenterNet the default without DETECTOR', async () => {
    const { status, body } = await infer('person_counting', {});
    assert.equal(status, 200, JSON.stringify(body));
    assert.equal(body.count, 0); // a plain picture has nobody for CenterNet; v8 would say 2
    const card = (await getJson(`${ad.url}/capabilities?format=card`, AUTH)).body;
    assert.equal(card.detector.input.width, 512);
  });
});

describe('DETECTOR', () => {
  it('makes an operator detector the default of the three tasks and of the card', async () => {
    const models = modelsDir(['v8']);
    const ad = await startAdapter({ ADAPTER_TOKEN: TOKEN, MODELS_DIR: models, DETECTOR: 'v8' });
    try {
      const b64 = await picture(800, 450);
      const { body } = await postJson(
        `${ad.url}/infer`,
        { task: 'person_counting', data: { frame: { b64 } } },
        AUTH,
      );
      // the 0.9 person; the 0.35 one is under the person default (0.45)
      assert.equal(body.count, 1);
      assert.deepEqual(body.detections[0].bbox, [100, 50, 300, 250]);
      const health = (await getJson(`${ad.url}/health`)).body;
      assert.equal(health.status, 'ok');
      assert.equal(health.models.find((m: any) => m.name === 'detectors/v8').detector.default, true);
      const card = (await getJson(`${ad.url}/capabilities?format=card`, AUTH)).body;
      assert.deepEqual(card.detector.labels, ['person', 'car', 'dog']);
      assert.equal(card.detector.input.layout, 'NCHW');
      // params.detector still picks CenterNet explicitly.
      const centernet = await postJson(
        `${ad.url}/infer`,
        { task: 'person_counting', data: { frame: { b64 } }, params: { detector: 'centernet' } },
        AUTH,
      );
      assert.equal(centernet.body.count, 0);
    } finally {
      await ad.close();
      rmSync(models, { recursive: true, force: true });
    }
  });

  it('refuses to start on a detector that is missing or broken, with the reason', async () => {
    const models = modelsDir(['broken-labels']);
    const dataDir = mkdtempSync(join(tmpdir(), 'adapter-detectors-data-'));
    try {
      const start = (detector: string) =>
        buildApp(
          loadConfig({ DATA_DIR: dataDir, MODELS_DIR: models, DETECTOR: detector, ADAPTER_WORKERS: '1' }),
          {
            logger: false,
          },
        );
      await assert.rejects(start('yolo'), (err: Error) => {
        assert.ok(err instanceof ConfigError);
        assert.match(err.message, /DETECTOR=yolo: no such detector; known: centernet, broken-labels/);
        return true;
      });
      await assert.rejects(
        start('broken-labels'),
        /DETECTOR=broken-labels: the detector was refused: output/,
      );
      assert.throws(
        () => loadConfig({ DETECTOR: '../x' }),
        /DETECTOR="\.\.\/x": expected centernet or a detector folder name/,
      );
    } finally {
      rmSync(models, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
