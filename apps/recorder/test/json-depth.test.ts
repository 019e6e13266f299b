// Issue #15 item 16: JSON nested 20,000 deep was a 500 (RangeError from a recursive step after JSON.parse) on five
// endpoints. Bodies, JSON held in string fields and backup files are bounded to 64 levels; what is deeper is a 4xx.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sealBackupText } from '../src/modules/backup/backup-file.js';
import { MAX_JSON_DEPTH, jsonDepthExceeds } from '../src/platform/http/json-body.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createCamera } from './helpers/cameras.js';
import { testDialects } from './helpers/database.js';
import { WsClient, listen } from './helpers/event-clients.js';
import { multipart } from './helpers/multipart.js';

const objects = (depth: number, inner = '1') => '{"a":'.repeat(depth) + inner + '}'.repeat(depth);
const arrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const DEEP = objects(20_000);

describe('jsonDepthExceeds', () => {
  it('counts arrays and objects inside each other, not brackets inside strings', () => {
    assert.equal(jsonDepthExceeds(arrays(MAX_JSON_DEPTH)), false);
    assert.equal(jsonDepthExceeds(arrays(MAX_JSON_DEPTH + 1)), true);
    assert.equal(jsonDepthExceeds(objects(MAX_JSON_DEPTH)), false);
    assert.equal(jsonDepthExceeds(objects(MAX_JSON_DEPTH + 1)), true);
    assert.equal(jsonDepthExceeds('[[1],[2],[3]]', 2), false);
    assert.equal(jsonDepthExceeds('[[[1]]]', 2), true);
    assert.equal(jsonDepthExceeds(JSON.stringify({ text: '['.repeat(500) })), false);
    assert.equal(jsonDepthExceeds(JSON.stringify({ text: `"\\${'{'.repeat(500)}` })), false);
    assert.equal(jsonDepthExceeds(`["\\"", ${arrays(MAX_JSON_DEPTH)}]`), true);
  });
});

for (const dialect of testDialects()) {
  describe(`deeply nested JSON on ${dialect}`, () => {
    let t: TestApp;
    let cameraId: number;
    let modelId: number;
    before(async () => {
      t = await createTestApp({ dialect });
      cameraId = (await createCamera(t, t.adminToken)).id;
      const credential = await post('/cloud/credentials', { provider: 'openai', token: 'sk-depth-test' });
      assert.equal(credential.statusCode, 201, credential.body);
      const model = await post('/cloud/models', {
        name: 'chat',
        provider: 'openai',
        credential_id: credential.json().id,
        model_id: 'gpt-test',
        task: 'chat',
      });
      assert.equal(model.statusCode, 201, model.body);
      modelId = model.json().id;
    });
    after(() => t.close());

    function post(url: string, payload: string | object, method = 'POST') {
      return t.request({
        method,
        url: `/api/v1${url}`,
        token: t.adminToken,
        headers: { 'content-type': 'application/json' },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });
    }
    const count = async (url: string, key: string) =>
      (await t.request({ method: 'GET', url: `/api/v1${url}`, token: t.adminToken })).json()[key].length;

    it('a body nested 20,000 deep is 422 json_invalid on the endpoints that answered 500, nothing stored', async () => {
      const requests: [string, string, string][] = [
        ['PUT', `/skills/person_detection/cameras/${cameraId}`, `{"consumer":"door","params":${DEEP}}`],
        [
          'POST',
          '/apps/register',
          `{"url":"http://127.0.0.1:7000","manifest":{"id":"deep","name":"n","version":"1","x":${DEEP}}}`,
        ],
        ['POST', '/cloud/credentials', `{"provider":"openai","token":"x","account_info":{"x":${DEEP}}}`],
        [
          'POST',
          '/cloud/inference',
          `{"model_id":${modelId},"inputs":{"prompt":"hi"},"parameters":{"x":${DEEP}}}`,
        ],
        [
          'POST',
          '/cloud/jobs',
          `{"model_id":${modelId},"inputs":{"prompt":"hi"},"parameters":{"x":${DEEP}}}`,
        ],
      ];
      const credentialsBefore = await count('/cloud/credentials', 'credentials');
      for (const [method, url, payload] of requests) {
        const response = await post(url, payload, method);
        assert.equal(response.statusCode, 422, `${method} ${url}: ${response.body}`);
        assert.deepEqual(response.json().detail, [
          {
            loc: ['body'],
            msg: `JSON is nested too deeply (at most ${MAX_JSON_DEPTH} levels of arrays and objects)`,
            type: 'json_invalid',
          },
        ]);
      }
      assert.equal(await count('/skills', 'skills'), 0);
      assert.equal(await count('/apps', 'apps'), 0);
      assert.equal(await count('/cloud/credentials', 'credentials'), credentialsBefore);
      assert.equal(await count('/cloud/jobs', 'jobs'), 0);
      assert.equal(t.logs().includes('RangeError'), false);

      // Malformed JSON keeps its answer; a body within the bound is taken.
      const malformed = await post('/cloud/credentials', '{"provider":');
      assert.deepEqual(malformed.json().detail, [
        { loc: ['body'], msg: 'Request body is not valid JSON', type: 'json_invalid' },
      ]);
      const nested = await post(
        `/skills/person_detection/cameras/${cameraId}`,
        {
          consumer: 'door',
          params: JSON.parse(objects(MAX_JSON_DEPTH - 2)) as object,
        },
        'PUT',
      );
      assert.equal(nested.statusCode, 200, nested.body);
    });

    it('JSON held in a string field is bounded the same way (AI model and cloud model config)', async () => {
      const model = await post('/ai-models', {
        name: 'deep',
        model_name: 'centernet',
        task: 'person_counting',
        enabled: false,
        config: `{"params":{"x":${arrays(6000)}}}`,
      });
      assert.equal(model.statusCode, 422, model.body);
      assert.deepEqual(model.json().detail[0].loc, ['body', 'config']);
      assert.match(model.json().detail[0].msg, /nested too deeply/);

      const credentialId = (
        await t.request({ method: 'GET', url: '/api/v1/cloud/credentials', token: t.adminToken })
      ).json().credentials[0].id;
      const cloudModel = await post('/cloud/models', {
        name: 'deep',
        provider: 'openai',
        credential_id: credentialId,
        model_id: 'gpt-test',
        task: 'chat',
        config: `{"parameters":{"x":${arrays(6000)}}}`,
      });
      assert.equal(cloudModel.statusCode, 422, cloudModel.body);
      assert.deepEqual(cloudModel.json().detail[0], {
        loc: ['body', 'config'],
        msg: `JSON is nested too deeply (at most ${MAX_JSON_DEPTH} levels of arrays and objects)`,
        type: 'json_invalid',
      });
    });

    it('multipart parts and query strings: a backup nested deep is 400, nothing restored; queries are flat text', async () => {
      const key = 'deep backup secret key';
      const file = await sealBackupText(
        JSON.stringify({
          format: 'nvr-config-backup',
          version: 1,
          created_at: new Date().toISOString(),
          server_version: 'test',
          sections: { layouts: [{ user_id: 1, layout_id: 'deep', name: 'Deep', tiles: '[]' }] },
        }).replace('"tiles":"[]"', `"tiles":${arrays(20_000)}`),
        key,
      );
      const restore = await t.request({
        method: 'POST',
        url: '/api/v1/system/restore',
        token: t.adminToken,
        ...multipart({ file }, { secret_key: key }),
      });
      assert.equal(restore.statusCode, 400, restore.body);
      assert.deepEqual(restore.json().detail, {
        code: 'invalid_backup',
        message: 'The backup content is nested too deeply',
      });
      assert.equal(
        (await t.request({ method: 'GET', url: '/api/v1/layouts/deep', token: t.adminToken })).statusCode,
        404,
      );

      // A query string is parsed flat (no nesting): deep brackets are only text, refused by its bound.
      const query = await t.request({
        method: 'GET',
        url: `/api/v1/alerts?source_name=${encodeURIComponent(arrays(2000))}`,
        token: t.adminToken,
      });
      assert.equal(query.statusCode, 422, query.body);
      assert.deepEqual(query.json().detail[0].loc, ['query', 'source_name']);
    });

    it('an event-stream WebSocket message nested 30,000 deep is refused as a message; the socket stays usable', async () => {
      const client = await WsClient.open(await listen(t.app), '/api/v1/events/stream', {
        authorization: `Bearer ${t.adminToken}`,
      });
      try {
        client.socket.send(`{"action":"subscribe","camera_ids":${arrays(30_000)}}`);
        const refused = await client.messages.waitFor((m) => m.type === 'error', 'the refusal');
        assert.equal(refused.detail.code, 'invalid_message');
        client.send({ action: 'ping' });
        await client.messages.waitFor((m) => m.type === 'pong', 'pong');
      } finally {
        await client.close();
      }
    });
  });
}
