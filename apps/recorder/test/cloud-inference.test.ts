// Cloud credentials, provider models and synchronous inference (API.md §12) against local fake providers that
// speak the Hugging Face Inference API and the OpenAI chat-completions wire formats.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestApp } from './helpers/app.js';
import { testDialects } from './helpers/database.js';
import { startFakeHuggingFace, startFakeOpenAI, type FakeProvider } from './helpers/fake-providers.js';

const HF_TOKEN = 'hf_DoNotLeak_Token_4711';
const OPENAI_TOKEN = 'sk-DoNotLeak-Token-0815';
const PIXEL =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

for (const dialect of testDialects()) {
  describe(`cloud credentials, models and inference on ${dialect}`, () => {
    let t: TestApp;
    let hf: FakeProvider;
    let openai: FakeProvider;
    let alice: { id: number; token: string };
    let bob: { id: number; token: string };
    let carol: { id: number; token: string };

    before(async () => {
      hf = await startFakeHuggingFace(HF_TOKEN);
      openai = await startFakeOpenAI(OPENAI_TOKEN);
      t = await createTestApp({
        dialect,
        env: { HUGGINGFACE_BASE_URL: hf.url, CLOUD_INFERENCE_TIMEOUT_SECONDS: '1' },
      });
      alice = await t.createUser('alice');
      bob = await t.createUser('bob');
      carol = await t.createUser('carol', { superuser: true });
    });
    after(async () => {
      await t.close();
      await hf.close();
      await openai.close();
    });

    const post = (url: string, token: string, payload: unknown) =>
      t.request({ method: 'POST', url: `/api/v1${url}`, token, payload: payload as object });
    const get = (url: string, token: string) => t.request({ method: 'GET', url: `/api/v1${url}`, token });

    const credential = async (token: string, body: Record<string, unknown>) => {
      const response = await post('/cloud/credentials', token, body);
      assert.equal(response.statusCode, 201, response.body);
      return response.json();
    };
    const model = async (token: string, body: Record<string, unknown>) => {
      const response = await post('/cloud/models', token, body);
      assert.equal(response.statusCode, 201, response.body);
      return response.json();
    };

    it('credentials: per user, token write-only and sealed, account_info echoed as JSON text, 401/404/422', async () => {
      const created = await credential(alice.token, {
        provider: 'huggingface',
        token: HF_TOKEN,
        account_info: { organization: 'lab', name: 'lab' },
      });
      assert.match(created.id, /^[0-9a-f-]{36}$/);
      assert.equal(created.user_id, alice.id);
      assert.equal(created.provider, 'huggingface');
      assert.deepEqual(JSON.parse(created.account_info), { organization: 'lab', name: 'lab' });
      assert.equal('token' in created, false);

      const list = await get('/cloud/credentials', alice.token);
      assert.equal(list.statusCode, 200);
      assert.equal(list.json().total, 1);
      assert.equal(list.json().credentials[0].id, created.id);
      assert.equal((await get('/cloud/credentials', bob.token)).json().total, 0);
      assert.equal((await get(`/cloud/credentials/${created.id}`, bob.token)).statusCode, 404);
      assert.equal(
        (
          await t.request({
            method: 'DELETE',
            url: `/api/v1/cloud/credentials/${created.id}`,
            token: bob.token,
          })
        ).statusCode,
        404,
      );
      assert.equal((await t.request({ method: 'GET', url: '/api/v1/cloud/credentials' })).statusCode, 401);

      for (const [body, field] of [
        [{ provider: '', token: 'x' }, 'provider'],
        [{ provider: 'huggingface', token: '' }, 'token'],
        [{ provider: 'azure', token: 'x' }, 'provider'],
        [{ provider: 'openai', token: 'x', account_info: { base_url: 'ftp://x' } }, 'account_info'],
        [{ provider: 'openai', token: 'x', extra: 1 }, 'extra'],
      ] as const) {
        const response = await post('/cloud/credentials', alice.token, body);
        assert.equal(response.statusCode, 422, JSON.stringify(body));
        assert.ok(JSON.stringify(response.json().detail).includes(field), response.body);
      }

      // Sealed at rest.
      const row = await t.container.database.db
        .selectFrom('cloud_credentials')
        .selectAll()
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow();
      assert.ok(!row.token_sealed.includes(HF_TOKEN));

      const deleted = await t.request({
        method: 'DELETE',
        url: `/api/v1/cloud/credentials/${created.id}`,
        token: alice.token,
      });
      assert.equal(deleted.statusCode, 204);
      assert.equal((await get(`/cloud/credentials/${created.id}`, alice.token)).statusCode, 404);
    });

    it('models: credential must be the caller’s (404) and of the same provider (400), config is validated JSON', async () => {
      const hfCred = await credential(alice.token, { provider: 'huggingface', token: HF_TOKEN });
      const bobCred = await credential(bob.token, { provider: 'huggingface', token: 'hf_bob' });
      const base = {
        name: 'cats',
        provider: 'huggingface',
        model_id: 'google/vit-base-patch16-224',
        task: 'image-classification',
      };

      const foreign = await post('/cloud/models', alice.token, { ...base, credential_id: bobCred.id });
      assert.equal(foreign.statusCode, 404);
      const mismatch = await post('/cloud/models', alice.token, {
        ...base,
        provider: 'openai',
        credential_id: hfCred.id,
      });
      assert.equal(mismatch.statusCode, 400);
      assert.equal(mismatch.json().detail.code, 'provider_mismatch');
      for (const [config, loc] of [
        ['{not json', 'config'],
        ['[1,2]', 'config'],
        ['{"system_prompt":"x"}', 'system_prompt'],
        ['{"parameters":3}', 'parameters'],
      ]) {
        const response = await post('/cloud/models', alice.token, {
          ...base,
          credential_id: hfCred.id,
          config,
        });
        assert.equal(response.statusCode, 422, config);
        assert.ok(JSON.stringify(response.json().detail[0].loc).includes(loc!), response.body);
      }
      assert.equal(
        (await post('/cloud/models', alice.token, { ...base, name: '', credential_id: hfCred.id }))
          .statusCode,
        422,
      );
      assert.equal(
        (
          await post('/cloud/models', alice.token, {
            ...base,
            name: 'x'.repeat(101),
            credential_id: hfCred.id,
          })
        ).statusCode,
        422,
      );

      const created = await model(alice.token, {
        ...base,
        credential_id: hfCred.id,
        config: '{"parameters":{"top_k":2},"options":{"wait_for_model":true}}',
      });
      assert.equal(created.enabled, true);
      assert.equal(created.user_id, alice.id);
      assert.equal((await get(`/cloud/models/${created.id}`, bob.token)).statusCode, 404);
      assert.equal((await get('/cloud/models', bob.token)).json().total, 0);

      const updated = await t.request({
        method: 'PUT',
        url: `/api/v1/cloud/models/${created.id}`,
        token: alice.token,
        payload: { name: 'cats v2', enabled: false },
      });
      assert.equal(updated.statusCode, 200, updated.body);
      assert.equal(updated.json().name, 'cats v2');
      assert.equal(updated.json().enabled, false);
      assert.equal(updated.json().model_id, base.model_id);
      const badUpdate = await t.request({
        method: 'PUT',
        url: `/api/v1/cloud/models/${created.id}`,
        token: alice.token,
        payload: { provider: 'openai' },
      });
      assert.equal(badUpdate.statusCode, 400);
      assert.equal((await get(`/cloud/models/${created.id}`, alice.token)).json().provider, 'huggingface');

      // A credential in use cannot be deleted.
      const inUse = await t.request({
        method: 'DELETE',
        url: `/api/v1/cloud/credentials/${hfCred.id}`,
        token: alice.token,
      });
      assert.equal(inUse.statusCode, 409);
      assert.equal(
        (await t.request({ method: 'DELETE', url: `/api/v1/cloud/models/${created.id}`, token: alice.token }))
          .statusCode,
        204,
      );
      assert.equal((await get(`/cloud/models/${created.id}`, alice.token)).statusCode, 404);
    });

    it('huggingface: exact request (path, bearer, body), stored result, errors, 429 and timeout', async () => {
      const cred = await credential(alice.token, { provider: 'huggingface', token: HF_TOKEN });
      const m = await model(alice.token, {
        name: 'vit',
        provider: 'huggingface',
        credential_id: cred.id,
        model_id: 'google/vit-base-patch16-224',
        task: 'image-classification',
        config: '{"parameters":{"top_k":2},"options":{"wait_for_model":true}}',
      });
      const before = hf.requests.length;
      const response = await post('/cloud/inference', alice.token, {
        model_id: m.id,
        inputs: { image_base64: PIXEL },
        parameters: { function_to_apply: 'softmax' },
      });
      assert.equal(response.statusCode, 200, response.body);
      const result = response.json();
      assert.equal(result.status, 'succeeded');
      assert.equal(result.provider, 'huggingface');
      assert.equal(result.model_identifier, 'google/vit-base-patch16-224');
      assert.equal(result.model_id, m.id);
      assert.equal(result.task, 'image-classification');
      assert.equal(JSON.parse(result.result_json)[0].label, 'tabby, tabby cat');
      assert.equal(typeof result.latency_ms, 'number');
      const sent = hf.requests[before]!;
      assert.equal(sent.method, 'POST');
      assert.equal(sent.path, '/models/google/vit-base-patch16-224');
      assert.equal(sent.headers.authorization, `Bearer ${HF_TOKEN}`);
      assert.equal(sent.headers['content-type'], 'application/json');
      assert.deepEqual(sent.json, {
        inputs: PIXEL,
        parameters: { top_k: 2, function_to_apply: 'softmax' },
        options: { wait_for_model: true },
      });

      const stored = await get(`/cloud/results/${result.id}`, alice.token);
      assert.equal(stored.statusCode, 200);
      assert.deepEqual(stored.json(), result);
      assert.equal((await get(`/cloud/results/${result.id}`, bob.token)).statusCode, 404);

      // Provider errors are answered 200 with status failed, and stored.
      hf.queue.push({
        kind: 'status',
        status: 503,
        body: { error: 'Model google/vit is currently loading', estimated_time: 20.5 },
      });
      const loading = (
        await post('/cloud/inference', alice.token, { model_id: m.id, inputs: { image_base64: PIXEL } })
      ).json();
      assert.equal(loading.status, 'failed');
      assert.match(loading.error_message, /503.*currently loading/);
      assert.equal((await get(`/cloud/results/${loading.id}`, alice.token)).json().status, 'failed');

      hf.queue.push({
        kind: 'status',
        status: 429,
        body: { error: 'Rate limit reached' },
        headers: { 'retry-after': '30' },
      });
      const limited = (
        await post('/cloud/inference', alice.token, { model_id: m.id, inputs: { text: 'hi' } })
      ).json();
      assert.equal(limited.status, 'failed');
      assert.match(limited.error_message, /429.*Rate limit/);

      hf.queue.push({ kind: 'delay', ms: 3000 });
      const slow = (
        await post('/cloud/inference', alice.token, { model_id: m.id, inputs: { text: 'hi' } })
      ).json();
      assert.equal(slow.status, 'failed');
      assert.match(slow.error_message, /did not answer within 1 s/);

      // A wrong token is the provider's 401, reported without any token in it.
      const wrong = await credential(alice.token, { provider: 'huggingface', token: 'hf_wrong_token' });
      const m2 = await model(alice.token, {
        name: 'w',
        provider: 'huggingface',
        credential_id: wrong.id,
        model_id: 'x/y',
        task: 't',
      });
      const denied = (
        await post('/cloud/inference', alice.token, { model_id: m2.id, inputs: { text: 'hi' } })
      ).json();
      assert.equal(denied.status, 'failed');
      assert.match(denied.error_message, /401.*Invalid credentials/);

      // Someone else's or a disabled model.
      assert.equal(
        (await post('/cloud/inference', bob.token, { model_id: m.id, inputs: { text: 'x' } })).statusCode,
        404,
      );
      await t.request({
        method: 'PUT',
        url: `/api/v1/cloud/models/${m2.id}`,
        token: alice.token,
        payload: { enabled: false },
      });
      assert.equal(
        (await post('/cloud/inference', alice.token, { model_id: m2.id, inputs: { text: 'x' } })).statusCode,
        400,
      );
      assert.equal((await post('/cloud/inference', alice.token, { model_id: m.id })).statusCode, 422);
    });

    it('openai: chat completion with image inputs, base URL per credential, organization header', async () => {
      const cred = await credential(carol.token, {
        provider: 'openai',
        token: OPENAI_TOKEN,
        // a custom endpoint on this machine: superuser-only, and only with the private network allowed
        account_info: { base_url: openai.url, allow_private_network: true, organization: 'org-nvr' },
      });
      const m = await model(carol.token, {
        name: 'vision',
        provider: 'openai',
        credential_id: cred.id,
        model_id: 'gpt-4o-mini',
        task: 'image-to-text',
        config: '{"system_prompt":"You watch a security camera.","max_tokens":50,"temperature":0.2}',
      });
      const before = openai.requests.length;
      const response = await post('/cloud/inference', carol.token, {
        model_id: m.id,
        inputs: {
          prompt: 'Who is at the door?',
          image_base64: PIXEL,
          image_mime_type: 'image/png',
          images: ['https://example.test/a.jpg'],
        },
      });
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(response.json().status, 'succeeded');
      assert.equal(
        JSON.parse(response.json().result_json).choices[0].message.content,
        'I see 2 image(s): a person at the door.',
      );
      const sent = openai.requests[before]!;
      assert.equal(sent.path, '/v1/chat/completions');
      assert.equal(sent.headers.authorization, `Bearer ${OPENAI_TOKEN}`);
      assert.equal(sent.headers['openai-organization'], 'org-nvr');
      assert.deepEqual(sent.json, {
        model: 'gpt-4o-mini',
        messages: [
          { role: 'system', content: 'You watch a security camera.' },
          {
            role: 'user',
            content: [
              { type: 'text', text: 'Who is at the door?' },
              { type: 'image_url', image_url: { url: `data:image/png;base64,${PIXEL}` } },
              { type: 'image_url', image_url: { url: 'https://example.test/a.jpg' } },
            ],
          },
        ],
        max_tokens: 50,
        temperature: 0.2,
      });

      // Inputs the provider cannot take: 422 naming the field, nothing sent.
      const count = openai.requests.length;
      const missing = await post('/cloud/inference', carol.token, {
        model_id: m.id,
        inputs: { image_url: 'https://x/y.jpg' },
      });
      assert.equal(missing.statusCode, 422);
      assert.deepEqual(missing.json().detail[0].loc, ['body', 'inputs', 'prompt']);
      const badUrl = await post('/cloud/inference', carol.token, {
        model_id: m.id,
        inputs: { prompt: 'x', image_url: 'file:///etc/passwd' },
      });
      assert.equal(badUrl.statusCode, 422);
      assert.equal(openai.requests.length, count);

      openai.queue.push({
        kind: 'status',
        status: 429,
        body: {
          error: {
            message: 'Rate limit reached for gpt-4o-mini',
            type: 'requests',
            code: 'rate_limit_exceeded',
          },
        },
        headers: { 'retry-after': '2' },
      });
      const limited = (
        await post('/cloud/inference', carol.token, { model_id: m.id, inputs: { prompt: 'x' } })
      ).json();
      assert.equal(limited.status, 'failed');
      assert.match(limited.error_message, /429: Rate limit reached/);
    });

    it('the token never appears in responses, logs or the audit log', async () => {
      const audit = await get('/audit-logs?limit=500', t.adminToken);
      assert.equal(audit.statusCode, 200);
      const everything = [audit.body, t.logs()].join('\n');
      for (const secret of [HF_TOKEN, OPENAI_TOKEN, 'hf_wrong_token', 'hf_bob']) {
        assert.ok(!everything.includes(secret), `${secret} leaked`);
      }
      assert.ok(audit.json().logs.some((l: any) => l.action === 'cloud_credential.create'));
      assert.ok(audit.json().logs.some((l: any) => l.action === 'cloud.inference'));
    });
  });
}

describe('CLOUD_EGRESS=deny', () => {
  let t: TestApp;
  let hf: FakeProvider;
  before(async () => {
    hf = await startFakeHuggingFace(HF_TOKEN);
    t = await createTestApp({ env: { CLOUD_EGRESS: 'deny', HUGGINGFACE_BASE_URL: hf.url } });
  });
  after(async () => {
    await t.close();
    await hf.close();
  });

  it('refuses every route that would call out with 403 cloud_egress_disabled; nothing is sent', async () => {
    const cred = await t.request({
      method: 'POST',
      url: '/api/v1/cloud/credentials',
      token: t.adminToken,
      payload: { provider: 'huggingface', token: HF_TOKEN },
    });
    assert.equal(cred.statusCode, 201);
    const m = await t.request({
      method: 'POST',
      url: '/api/v1/cloud/models',
      token: t.adminToken,
      payload: {
        name: 'm',
        provider: 'huggingface',
        credential_id: cred.json().id,
        model_id: 'a/b',
        task: 't',
      },
    });
    assert.equal(m.statusCode, 201);
    for (const url of ['/api/v1/cloud/inference', '/api/v1/cloud/jobs']) {
      const response = await t.request({
        method: 'POST',
        url,
        token: t.adminToken,
        payload: { model_id: m.json().id, inputs: { text: 'hi' } },
      });
      assert.equal(response.statusCode, 403, url);
      assert.equal(response.json().detail.code, 'cloud_egress_disabled');
    }
    assert.equal(hf.requests.length, 0);
  });
});
