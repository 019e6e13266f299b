// Issue #15 item 8: a cloud credential's custom endpoint (`account_info.base_url`) is superuser-only, must be a
// public address when the call connects unless the credential allows the private network, and what a provider
// answers is passed on only in its documented shape. "Internal" is a loopback server holding a secret page.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestApp } from './helpers/app.js';
import { testDialects } from './helpers/database.js';
import { eventually } from './helpers/eventually.js';
import { startFakeHuggingFace, type FakeProvider } from './helpers/fake-providers.js';
import { serve } from './helpers/net-servers.js';

const HF_TOKEN = 'hf_DoNotLeak_Endpoint_Token';
const SECRET_PAGE = 'INTERNAL-ONLY openapi of the adapter: do-not-show-4711';

for (const dialect of testDialects()) {
  describe(`cloud credential endpoints on ${dialect}`, () => {
    let t: TestApp;
    let hf: FakeProvider;
    let internal: { port: number; stop: () => Promise<void>; hits: string[]; status: number; type: string };
    let alice: { id: number; token: string };
    let root: { id: number; token: string };

    before(async () => {
      hf = await startFakeHuggingFace(HF_TOKEN);
      const hits: string[] = [];
      const state = { status: 200, type: 'application/json' };
      const server = createServer((req, res) => {
        hits.push(`${req.method} ${req.url}`);
        req.resume();
        res.writeHead(state.status, { 'content-type': state.type });
        res.end(
          state.type === 'application/json'
            ? JSON.stringify({ page: SECRET_PAGE })
            : `<pre>${SECRET_PAGE}</pre>`,
        );
      });
      internal = Object.assign(state, await serve(server), { hits });
      t = await createTestApp({ dialect, env: { HUGGINGFACE_BASE_URL: hf.url, CLOUD_JOB_CONCURRENCY: '1' } });
      alice = await t.createUser('alice');
      root = await t.createUser('root', { superuser: true });
    });
    after(async () => {
      await t.close();
      await hf.close();
      await internal.stop();
    });

    const post = (url: string, token: string, payload: unknown) =>
      t.request({ method: 'POST', url: `/api/v1${url}`, token, payload: payload as object });
    /** A credential (201 expected) and a model on it, both the caller's. */
    const modelWith = async (token: string, accountInfo: Record<string, unknown>) => {
      const cred = await post('/cloud/credentials', token, {
        provider: 'huggingface',
        token: HF_TOKEN,
        account_info: accountInfo,
      });
      assert.equal(cred.statusCode, 201, cred.body);
      const model = await post('/cloud/models', token, {
        name: `m-${cred.json().id}`,
        provider: 'huggingface',
        credential_id: cred.json().id,
        model_id: 'google/vit-base-patch16-224',
        task: 'image-classification',
      });
      assert.equal(model.statusCode, 201, model.body);
      return model.json().id as number;
    };
    const infer = async (token: string, modelId: number) => {
      const response = await post('/cloud/inference', token, { model_id: modelId, inputs: { text: 'hi' } });
      assert.equal(response.statusCode, 200, response.body);
      return response;
    };

    it('a plain user may not set base_url or allow_private_network (403, nothing stored); the default endpoint stays theirs', async () => {
      for (const accountInfo of [
        { base_url: `http://127.0.0.1:${internal.port}/openapi.json?` },
        { base_url: 'https://api.example.com/v1' },
        { allow_private_network: true },
      ]) {
        const response = await post('/cloud/credentials', alice.token, {
          provider: 'openai',
          token: 'sk-x',
          account_info: accountInfo,
        });
        assert.equal(response.statusCode, 403, JSON.stringify(accountInfo));
        assert.equal(response.json().detail.code, 'superuser_required');
        assert.match(response.json().detail.message, /account_info\.(base_url|allow_private_network)/);
      }
      const listed = await t.request({ method: 'GET', url: '/api/v1/cloud/credentials', token: alice.token });
      assert.equal(listed.json().total, 0);
      // Without a custom endpoint a plain user calls the operator's endpoint as before.
      const modelId = await modelWith(alice.token, { organization: 'home' });
      assert.equal((await infer(alice.token, modelId)).json().status, 'succeeded');
      assert.equal(internal.hits.length, 0);
    });

    it('a base URL with a query, fragment or credentials is 422 naming account_info.base_url', async () => {
      for (const base_url of [
        `http://127.0.0.1:${internal.port}/openapi.json?`,
        'https://api.example.com/v1#x',
        'https://user:pw@api.example.com/v1',
      ]) {
        const response = await post('/cloud/credentials', root.token, {
          provider: 'huggingface',
          token: HF_TOKEN,
          account_info: { base_url },
        });
        assert.equal(response.statusCode, 422, base_url);
        assert.deepEqual(response.json().detail[0].loc, ['body', 'account_info', 'base_url']);
      }
    });

    it("a superuser's endpoint on loopback is refused at call time without the flag (never fetched), works with it", async () => {
      for (const host of ['127.0.0.1', 'localhost', '[::ffff:127.0.0.1]']) {
        const modelId = await modelWith(root.token, { base_url: `http://${host}:${internal.port}/internal` });
        const response = await infer(root.token, modelId);
        const result = response.json();
        assert.equal(result.status, 'failed', host);
        assert.equal(result.result_json, null);
        assert.match(result.error_message, /^Provider endpoint refused: .*loopback address/, host);
        assert.match(result.error_message, /allow_private_network/);
        assert.ok(!response.body.includes(SECRET_PAGE));
      }
      assert.deepEqual(internal.hits, [], 'nothing reached the internal server');

      // Jobs take the same path and do not retry a refusal.
      const modelId = await modelWith(root.token, { base_url: `http://localhost:${internal.port}` });
      const job = await post('/cloud/jobs', root.token, { model_id: modelId, inputs: { text: 'hi' } });
      assert.equal(job.statusCode, 202, job.body);
      // A refusal is final: a retry would wait 5 s and 30 s first, past this wait.
      const ended = await eventually(
        async () => {
          const current = await t.request({
            method: 'GET',
            url: `/api/v1/cloud/jobs/${job.json().id}`,
            token: root.token,
          });
          const status: string = current.json().status;
          return status === 'queued' || status === 'running'
            ? undefined
            : current.json<{ status: string; error_message: string }>();
        },
        { what: 'the job to end', intervalMs: 50, timeoutMs: 20_000 },
      );
      assert.equal(ended.status, 'failed', JSON.stringify(ended));
      assert.match(
        ended.error_message,
        /Provider endpoint refused: localhost resolves to a loopback address/,
      );
      assert.deepEqual(internal.hits, []);

      // With allow_private_network a superuser's endpoint on this machine works.
      const allowed = await modelWith(root.token, { base_url: hf.url, allow_private_network: true });
      const before = hf.requests.length;
      const result = (await infer(root.token, allowed)).json();
      assert.equal(result.status, 'succeeded', result.error_message);
      assert.equal(JSON.parse(result.result_json)[0].label, 'tabby, tabby cat');
      assert.equal(hf.requests.length, before + 1);
    });

    it('an allowed endpoint that is no provider: its pages are summarised, never echoed', async () => {
      const modelId = await modelWith(root.token, {
        base_url: `http://127.0.0.1:${internal.port}`,
        allow_private_network: true,
      });
      for (const [status, type, expected] of [
        [404, 'text/html', /^Provider answered HTTP 404$/],
        [500, 'application/json', /^Provider answered HTTP 500$/],
        [200, 'text/html', /^Provider answered HTTP 200 without JSON$/],
      ] as const) {
        Object.assign(internal, { status, type });
        const response = await infer(root.token, modelId);
        assert.equal(response.json().status, 'failed', `${status} ${type}`);
        assert.match(response.json().error_message, expected);
        assert.ok(!response.body.includes('do-not-show-4711'), `${status} ${type} echoed the page`);
      }
      Object.assign(internal, { status: 200, type: 'application/json' });
    });
  });
}
