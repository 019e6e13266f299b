// Issue #15 item 9: every outbound answer is read with a byte limit and the exchange aborted past it. Each peer
// here answers 400 MB generated while it is read (never held by the test): the call fails (or, for a
// notification, still counts its status) with a clear error, the peer could hand over only a few MB before the
// recorder hung up, and the process's heap plus buffers grew far less than the body.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { AdapterCallError, AdapterClient } from '../src/modules/adapters/adapter-client.js';
import { S3Uploader } from '../src/modules/cloud/uploads/s3-uploader.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { startFakeHuggingFace, type FakeProvider } from './helpers/fake-providers.js';
import { MIB, memoryGrowth, writeHugeBody } from './helpers/huge-body.js';
import { serve } from './helpers/net-servers.js';
import { startReceiver, type Receiver } from './helpers/receivers.js';

const HUGE = 400 * MIB;
/** what the peer may hand to the socket before the recorder hangs up: the limit plus socket buffers */
const SENT_BOUND = 64 * MIB;
/** how much heap and buffer memory may grow meanwhile: a fraction of the body */
const GROWTH_BOUND = 100 * MIB;
const TOKEN = 'hf_DoNotLeak_Limits';

/** A loopback server answering every request with `status` and 400 MB; `sent` has the bytes of each answer. */
async function startHugeServer(status: number) {
  const sent: Promise<number>[] = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(status, { 'content-type': 'application/json' });
      sent.push(writeHugeBody(res, HUGE));
    });
  });
  const { port, stop } = await serve(server);
  return { url: `http://127.0.0.1:${port}`, sent, stop };
}

describe('bounded outbound reads', () => {
  let t: TestApp;
  let hf: FakeProvider;

  before(async () => {
    hf = await startFakeHuggingFace(TOKEN);
    t = await createTestApp({ env: { HUGGINGFACE_BASE_URL: hf.url, CLOUD_INFERENCE_TIMEOUT_SECONDS: '60' } });
  });
  after(async () => {
    await t.close();
    await hf.close();
  });

  it('a provider answering 400 MB: the inference fails as too large, memory stays bounded', async () => {
    const cred = await t.request({
      method: 'POST',
      url: '/api/v1/cloud/credentials',
      token: t.adminToken,
      payload: { provider: 'huggingface', token: TOKEN },
    });
    const model = await t.request({
      method: 'POST',
      url: '/api/v1/cloud/models',
      token: t.adminToken,
      payload: {
        name: 'huge',
        provider: 'huggingface',
        credential_id: cred.json().id,
        model_id: 'a/b',
        task: 'text-classification',
      },
    });
    assert.equal(model.statusCode, 201, model.body);
    const written = new Promise<number>((resolve) => {
      hf.queue.push({ kind: 'huge', bytes: HUGE, written: resolve });
    });
    const { value: response, growth } = await memoryGrowth(() =>
      t.request({
        method: 'POST',
        url: '/api/v1/cloud/inference',
        token: t.adminToken,
        payload: { model_id: model.json().id, inputs: { text: 'hi' } },
      }),
    );
    const bytes = await written;
    assert.ok(bytes < SENT_BOUND, `the provider could send ${bytes} bytes`);
    assert.ok(growth < GROWTH_BOUND, `memory grew by ${growth} bytes`);
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json().status, 'failed');
    assert.equal(response.json().error_message, 'Provider answer larger than 5 MiB: not read');
  });

  it('a webhook receiver answering 400 MB: the delivery is still recorded by its status, memory bounded', async () => {
    const hook: Receiver = await startReceiver(() => 200, { bodyBytes: HUGE });
    try {
      const patched = await t.request({
        method: 'PATCH',
        url: '/api/v1/alerts/actions',
        token: t.adminToken,
        payload: { webhook: { enabled: true, url: `${hook.url}/hook` } },
      });
      assert.equal(patched.statusCode, 200, patched.body);
      const { value: alert, growth } = await memoryGrowth(async () => {
        const raised = await t.container.alerts.raise({
          source_name: 'people',
          severity: 'critical',
          title: 'Intruder',
        });
        await hook.nth(1);
        await t.container.deliveries.idle();
        return raised;
      });
      const record = await t.request({
        method: 'GET',
        url: `/api/v1/alerts/${alert.id}/deliveries`,
        token: t.adminToken,
      });
      const delivery = record.json().deliveries[0];
      assert.equal(delivery.status, 'delivered', JSON.stringify(delivery));
      assert.equal(delivery.last_status_code, 200);
      assert.equal(delivery.attempts, 1);
      const bytes = hook.received[0]!.written!;
      assert.ok(bytes < SENT_BOUND, `the receiver could send ${bytes} bytes`);
      assert.ok(growth < GROWTH_BOUND, `memory grew by ${growth} bytes`);
    } finally {
      await t.request({
        method: 'PATCH',
        url: '/api/v1/alerts/actions',
        token: t.adminToken,
        payload: { webhook: null },
      });
      await hook.close();
    }
  });
});

describe('bounded reads of library clients', () => {
  it('an adapter answering 400 MB: a clear "answered more than 8 MiB" error, memory bounded', async () => {
    const adapter = await startHugeServer(200);
    try {
      const client = new AdapterClient(adapter.url, 60_000);
      const { value: error, growth } = await memoryGrowth(() =>
        client.health().then(
          () => assert.fail('a 400 MB health answer was accepted'),
          (e: unknown) => e,
        ),
      );
      const bytes = await adapter.sent[0]!;
      assert.ok(bytes < SENT_BOUND, `the adapter could send ${bytes} bytes`);
      assert.ok(growth < GROWTH_BOUND, `memory grew by ${growth} bytes`);
      assert.ok(error instanceof AdapterCallError, String(error));
      assert.equal(error.kind, 'invalid');
      assert.equal(error.unreachable, false);
      assert.equal(error.message, '/health answered more than 8 MiB; not read');
    } finally {
      await adapter.stop();
    }
  });

  for (const status of [200, 500]) {
    it(`an S3 endpoint answering a PUT with ${status} and 400 MB: the upload fails, memory bounded`, async () => {
      const s3 = await startHugeServer(status);
      const root = mkdtempSync(join(tmpdir(), 'nvr-s3-limits-'));
      const uploader = new S3Uploader(root, () => Promise.resolve(null));
      try {
        mkdirSync(join(root, 'cam-1'));
        writeFileSync(join(root, 'cam-1', 'chunk.mp4'), Buffer.alloc(1024));
        const { value: result, growth } = await memoryGrowth(() =>
          uploader.upload(
            {
              endpoint: s3.url,
              bucket: 'nvr',
              region: 'us-east-1',
              accessKey: 'AKIDEXAMPLE',
              secretKey: 'secret-Do-Not-Leak',
              storageClass: null,
              useByok: false,
              version: '1',
            },
            'cam-1/chunk.mp4',
            'cam-1/chunk.mp4',
          ),
        );
        const bytes = await s3.sent[0]!;
        assert.ok(bytes < SENT_BOUND, `the endpoint could send ${bytes} bytes`);
        assert.ok(growth < GROWTH_BOUND, `memory grew by ${growth} bytes`);
        assert.equal(result.ok, false);
        assert.match(
          result.ok ? '' : result.error,
          new RegExp(`^The S3 endpoint answered HTTP ${status} with more than 1 MiB; not read$`),
        );
      } finally {
        uploader.close();
        await s3.stop();
        rmSync(root, { recursive: true, force: true });
      }
    });
  }
});
