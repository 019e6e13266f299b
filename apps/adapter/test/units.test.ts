// Pure pieces: configuration, frame URI rules, the IoU tracker and the scene composer.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, isLoopbackHost, loadConfig } from '../src/config.js';
import { uriToPath } from '../src/frames/source.js';
import { composeScene } from '../src/scene/composer.js';
import { IouTracker } from '../src/tracking/tracker.js';

describe('config', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({ DATA_DIR: '/srv/nvr' });
    assert.equal(c.host, '127.0.0.1');
    assert.equal(c.port, 9100);
    assert.equal(c.framesDir, '/srv/nvr/frames');
    assert.equal(c.modelsDir, '/srv/nvr/models');
    assert.equal(c.queueSize, 64);
    assert.equal(c.token, null);
    assert.equal(c.caption, null);
    assert.equal(c.modelIdleUnloadMs, null);
    assert.ok(c.workers >= 1);
    assert.ok(Object.isFrozen(c));
  });

  it('lists every bad variable at once', () => {
    try {
      loadConfig({
        ADAPTER_PORT: 'http',
        ADAPTER_WORKERS: '0',
        LOG_LEVEL: 'loud',
        CAPTION_URL: 'ftp://x',
        REMOTE_ADAPTERS: 'nope',
      });
      assert.fail('expected ConfigError');
    } catch (err) {
      assert.ok(err instanceof ConfigError);
      const text = err.problems.join('\n');
      for (const name of [
        'ADAPTER_PORT',
        'ADAPTER_WORKERS',
        'LOG_LEVEL',
        'CAPTION_URL',
        'CAPTION_MODEL',
        'REMOTE_ADAPTERS',
      ]) {
        assert.match(text, new RegExp(name));
      }
    }
  });

  it('listens on loopback unless ADAPTER_HOST (or HOST) says otherwise', () => {
    assert.equal(loadConfig({}).host, '127.0.0.1');
    assert.equal(loadConfig({ HOST: '0.0.0.0' }).host, '0.0.0.0');
    assert.equal(loadConfig({ HOST: '0.0.0.0', ADAPTER_HOST: '127.0.0.1' }).host, '127.0.0.1');
    assert.equal(isLoopbackHost('127.0.0.1'), true);
    assert.equal(isLoopbackHost('::1'), true);
    assert.equal(isLoopbackHost('localhost'), true);
    assert.equal(isLoopbackHost('0.0.0.0'), false);
    assert.equal(isLoopbackHost('192.168.1.5'), false);
  });

  it('parses remote adapters, caption backend and idle unload', () => {
    const c = loadConfig({
      REMOTE_ADAPTERS: 'http://a:9100/, http://b:9100',
      CAPTION_URL: 'http://127.0.0.1:11434',
      CAPTION_MODEL: 'llava',
      MODEL_IDLE_UNLOAD_S: '300',
    });
    assert.deepEqual(
      c.remoteAdapters.map((r) => r.url),
      ['http://a:9100', 'http://b:9100'],
    );
    assert.deepEqual(c.caption, { url: 'http://127.0.0.1:11434', model: 'llava' });
    assert.equal(c.modelIdleUnloadMs, 300_000);
  });
});

describe('frame URIs', () => {
  it('maps the schemes under the root and refuses escapes', () => {
    assert.equal(uriToPath('frame://cam1/a.jpg', '/f'), '/f/cam1/a.jpg');
    assert.equal(uriToPath('opennvr://frames/cam1/a.jpg', '/f'), '/f/cam1/a.jpg');
    assert.equal(uriToPath('frame:///cam1/a.jpg', '/f'), '/f/cam1/a.jpg');
    assert.equal(uriToPath('file:///f/x.jpg', '/f'), '/f/x.jpg');
    assert.throws(() => uriToPath('frame://a/../../b.jpg', '/f'), { code: 'frame_uri_outside_root' });
    assert.throws(() => uriToPath('frame://a/%2E%2E/b.jpg', '/f'), { code: 'frame_uri_outside_root' });
    assert.throws(() => uriToPath('file:///etc/passwd', '/f'), { code: 'frame_uri_outside_root' });
    assert.throws(() => uriToPath('s3://bucket/a.jpg', '/f'), { code: 'unsupported_frame_uri' });
    assert.throws(() => uriToPath('frame://', '/f'), { code: 'unsupported_frame_uri' });
  });
});

describe('IoU tracker', () => {
  it('keeps ids for overlapping boxes, gives newcomers fresh ids, separates cameras', () => {
    const t = new IouTracker();
    const f1 = [
      { bbox: [0, 0, 10, 20] as [number, number, number, number], track_id: 0 },
      { bbox: [50, 0, 60, 20] as [number, number, number, number], track_id: 0 },
    ];
    t.assign('c1', f1);
    assert.deepEqual(
      f1.map((d) => d.track_id),
      [1, 2],
    );
    const f2 = [
      { bbox: [52, 1, 62, 21] as [number, number, number, number], track_id: 0 },
      { bbox: [100, 0, 110, 20] as [number, number, number, number], track_id: 0 },
      { bbox: [1, 0, 11, 20] as [number, number, number, number], track_id: 0 },
    ];
    t.assign('c1', f2);
    assert.deepEqual(
      f2.map((d) => d.track_id),
      [2, 3, 1],
    );
    const other = [{ bbox: [0, 0, 10, 20] as [number, number, number, number], track_id: 0 }];
    t.assign('c2', other);
    assert.equal(other[0]!.track_id, 1);
  });
});

describe('scene composer', () => {
  it('states counts, faces, objects with positions and lighting', () => {
    const text = composeScene({
      width: 768,
      height: 576,
      people: 3,
      faces: [{ age: 31.6, gender: 'female' }],
      objects: [
        { label: 'car', centerX: 50 },
        { label: 'car', centerX: 100 },
        { label: 'dog', centerX: 700 },
      ],
      brightness: 40,
    });
    assert.match(text, /^3 people are detected; visible faces: a woman of about 32\./);
    assert.match(text, /2 cars \(left\), one dog \(right\)/);
    assert.match(text, /768×576 frame is dark\.$/);
    assert.match(
      composeScene({ width: 10, height: 10, people: 0, faces: [], objects: [], brightness: 200 }),
      /^No people are detected/,
    );
  });

  it('writes plurals a person would, and counts a person for every visible face', () => {
    const objects = [
      { label: 'skis', centerX: 5 },
      { label: 'wine glass', centerX: 5 },
      { label: 'wine glass', centerX: 5 },
      { label: 'bus', centerX: 5 },
      { label: 'bus', centerX: 5 },
      { label: 'sheep', centerX: 5 },
      { label: 'sheep', centerX: 5 },
    ];
    const text = composeScene({
      width: 10,
      height: 10,
      people: 1,
      faces: [
        { age: 30, gender: 'male' },
        { age: 40, gender: 'female' },
      ],
      objects,
      brightness: 120,
    });
    assert.match(text, /^2 people are detected; /);
    for (const phrase of ['one pair of skis', '2 wine glasses', '2 buses', '2 sheep'])
      assert.ok(text.includes(phrase), `${phrase} in: ${text}`);
    assert.ok(!/one skis|glasss|sheeps/.test(text), text);
  });
});
