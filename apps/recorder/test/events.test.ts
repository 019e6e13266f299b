import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { EventInput } from '../src/platform/events/event-types.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createCamera, grant } from './helpers/cameras.js';
import { testDialects } from './helpers/database.js';
import { SseClient, WsClient, listen } from './helpers/event-clients.js';

for (const dialect of testDialects()) {
  describe(`events API on ${dialect}`, () => {
    let t: TestApp;
    let host: string;
    let alice: { id: number; token: string };
    let bob: { id: number; token: string };
    let camA: number;
    let camB: number;
    const open: { close(): unknown }[] = [];

    const publish = (input: Omit<EventInput, 'source'> & { source?: string }) =>
      t.container.events.publish({ source: 'test', ...input });
    const sse = async (path: string, headers: Record<string, string> = {}, token?: string) => {
      const client = await SseClient.open(
        host,
        path,
        token ? { ...headers, authorization: `Bearer ${token}` } : headers,
      );
      open.push(client);
      return client;
    };
    const ws = async (path: string, token?: string) => {
      const client = await WsClient.open(host, path, token ? { authorization: `Bearer ${token}` } : {});
      open.push(client);
      return client;
    };

    before(async () => {
      t = await createTestApp({ dialect, overrides: { eventHeartbeatMs: 100 } });
      host = await listen(t.app);
      alice = await t.createUser('alice');
      bob = await t.createUser('bob');
      camA = (await createCamera(t, t.adminToken)).id;
      camB = (await createCamera(t, t.adminToken)).id;
      await grant(t, camA, alice.id, { can_view: true });
    });
    after(async () => {
      for (const client of open) await client.close();
      await t.close();
    });

    it('SSE: a client receives events of its cameras only; system events go to superusers', async () => {
      const client = await sse('/api/v1/events/stream', {}, alice.token);
      const admin = await sse('/api/v1/events/stream', {}, t.adminToken);
      assert.equal(client.status, 200);
      assert.match(String(client.response.headers['content-type']), /^text\/event-stream/);
      assert.ok(client.response.headers['x-request-id']);
      const other = await publish({ type: 'detection', camera_id: camB, data: { count: 1 } });
      const system = await publish({ type: 'adapter.unavailable', data: { adapter: 'a' } });
      const mine = await publish({ type: 'detection', camera_id: camA, data: { count: 2 } });

      const first = await client.messages.waitFor(() => true, 'first event');
      assert.deepEqual(first, { id: String(mine.id), event: 'detection', data: mine });
      const seenByAdmin = await admin.messages.waitFor((m) => m.id === String(mine.id));
      assert.ok(seenByAdmin);
      assert.deepEqual(
        admin.messages.items.map((m) => Number(m.id)),
        [other.id, system.id, mine.id],
      );
      // Events are published in order, so anything alice could have seen before `mine` has arrived by now.
      assert.deepEqual(
        client.messages.items.map((m) => Number(m.id)),
        [mine.id],
      );
      client.close();
      admin.close();
    });

    it('SSE: reconnecting with Last-Event-ID delivers the missed events exactly once', async () => {
      const first = await sse('/api/v1/events/stream', {}, alice.token);
      const seen = await publish({ type: 'camera.offline', camera_id: camA, data: { reason: 'eof' } });
      await first.messages.waitFor((m) => m.id === String(seen.id));
      first.close();

      const missed = [
        await publish({ type: 'camera.online', camera_id: camA, data: {} }),
        await publish({ type: 'detection', camera_id: camB, data: {} }),
        await publish({ type: 'recording.started', camera_id: camA, data: {} }),
      ];
      const again = await sse('/api/v1/events/stream', { 'last-event-id': String(seen.id) }, alice.token);
      // published while the replay may still be running: must come exactly once as well
      const live = await publish({ type: 'detection', camera_id: camA, data: { count: 1 } });
      await again.messages.waitFor((m) => m.id === String(live.id), 'live event');
      assert.deepEqual(
        again.messages.items.map((m) => Number(m.id)),
        [missed[0]!.id, missed[2]!.id, live.id],
      );
      again.close();
    });

    it('SSE: heartbeat comments keep the connection alive', async () => {
      const client = await sse('/api/v1/events/stream', {}, bob.token);
      assert.equal(await client.comments.waitFor((c) => c === 'heartbeat', 'heartbeat'), 'heartbeat');
      client.close();
    });

    it('SSE: camera and type filters; a camera the caller cannot view is 404', async () => {
      const filtered = await sse(`/api/v1/events/stream?camera_id=${camA}&type=detection`, {}, alice.token);
      await publish({ type: 'camera.online', camera_id: camA, data: {} });
      const wanted = await publish({ type: 'detection', camera_id: camA, data: {} });
      const got = await filtered.messages.waitFor(() => true);
      assert.equal(got.id, String(wanted.id));
      filtered.close();

      const hidden = await sse(`/api/v1/events/stream?camera_id=${camB}`, {}, alice.token);
      assert.equal(hidden.status, 404);
      const badType = await sse('/api/v1/events/stream?type=bogus', {}, alice.token);
      assert.equal(badType.status, 422);
      assert.deepEqual(JSON.parse(await badType.body()).detail[0].loc, ['query', 'type']);
      const badId = await sse('/api/v1/events/stream', { 'last-event-id': 'abc' }, alice.token);
      assert.equal(badId.status, 422);
    });

    it('tickets open the stream once; without credentials it is 401', async () => {
      const none = await sse('/api/v1/events/stream');
      assert.equal(none.status, 401);
      assert.equal(none.response.headers['www-authenticate'], 'Bearer');
      assert.equal((await t.request({ method: 'POST', url: '/api/v1/events/ticket' })).statusCode, 401);
      const issued = await t.request({ method: 'POST', url: '/api/v1/events/ticket', token: alice.token });
      assert.equal(issued.statusCode, 200);
      const { ticket, expires_in } = issued.json();
      assert.equal(expires_in, 30);
      const client = await sse(`/api/v1/events/stream?ticket=${ticket}`);
      assert.equal(client.status, 200);
      const event = await publish({ type: 'detection', camera_id: camA, data: {} });
      await client.messages.waitFor((m) => m.id === String(event.id));
      client.close();
      assert.equal((await sse(`/api/v1/events/stream?ticket=${ticket}`)).status, 401);
      // a ticket is not a general credential
      const other = (
        await t.request({ method: 'POST', url: '/api/v1/events/ticket', token: alice.token })
      ).json();
      const latest = await t.request({ method: 'GET', url: `/api/v1/events/latest?ticket=${other.ticket}` });
      assert.equal(latest.statusCode, 401);
      assert.ok(!t.logs().includes(ticket), 'tickets never reach the log');
    });

    it('WebSocket: same scoping, subscribe filter, ping/pong', async () => {
      const client = await ws('/api/v1/events/stream', alice.token);
      await publish({ type: 'detection', camera_id: camB, data: {} });
      const first = await publish({ type: 'camera.online', camera_id: camA, data: {} });
      const got = await client.messages.waitFor(() => true, 'ws first');
      assert.deepEqual(got, first);

      client.send({ action: 'subscribe', camera_ids: [camA], types: ['detection'] });
      assert.deepEqual(await client.messages.waitFor((m) => m.type === 'subscribed', 'subscribed'), {
        type: 'subscribed',
        camera_ids: [camA],
        types: ['detection'],
      });
      await publish({ type: 'camera.offline', camera_id: camA, data: {} });
      await publish({ type: 'detection', camera_id: camB, data: {} });
      const wanted = await publish({ type: 'detection', camera_id: camA, data: { n: 1 } });
      const next = await client.messages.waitFor((m) => m.id !== undefined && m.id !== first.id, 'ws next');
      assert.deepEqual(next, wanted);

      client.send({ action: 'subscribe', camera_ids: [camB] });
      const refused = await client.messages.waitFor((m) => m.type === 'error', 'refusal');
      assert.equal(refused.detail, 'Camera not found');
      client.send({ action: 'nonsense' });
      await client.messages.waitFor((m) => m.type === 'error' && m.detail.code === 'invalid_message');

      client.send({ action: 'ping' });
      assert.deepEqual(await client.messages.waitFor((m) => m.type === 'pong'), { type: 'pong' });
      await client.pings.waitFor(() => true, 'protocol ping');
      await client.close();
    });

    it('WebSocket: tickets work, no credentials is refused, system events reach superusers', async () => {
      await assert.rejects(WsClient.open(host, '/api/v1/events/stream'), /unexpected response 401/);
      const { ticket } = (
        await t.request({ method: 'POST', url: '/api/v1/events/ticket', token: t.adminToken })
      ).json();
      const admin = await ws(`/api/v1/events/stream?ticket=${ticket}`);
      const system = await publish({ type: 'job.updated', data: { job_id: 1, status: 'done' } });
      assert.deepEqual(await admin.messages.waitFor((m) => m.id === system.id), system);
      await admin.close();
    });

    it('an open stream ends when its user is deactivated', async () => {
      const dave = await t.createUser('dave');
      const client = await sse('/api/v1/events/stream', {}, dave.token);
      assert.equal(client.status, 200);
      const removed = await t.request({
        method: 'DELETE',
        url: `/api/v1/users/${dave.id}`,
        token: t.adminToken,
      });
      assert.equal(removed.statusCode, 204);
      // ends at the next heartbeat, when the stream re-reads the account
      await client.body();
    });

    it('latest: newest incidents first, scoped, filtered', async () => {
      const detection = await publish({ type: 'detection', camera_id: camA, data: { count: 3 } });
      await publish({ type: 'detection', camera_id: camB, data: {} });
      await publish({ type: 'camera.online', camera_id: camA, data: {} });
      const mine = await t.request({
        method: 'GET',
        url: '/api/v1/events/latest?limit=2',
        token: alice.token,
      });
      assert.equal(mine.statusCode, 200);
      const body = mine.json();
      assert.equal(body.events.length, 2);
      assert.deepEqual(body.events[0], detection);
      assert.ok(body.events.every((e: any) => e.camera_id === camA && e.type === 'detection'));
      assert.ok(body.total >= body.events.length);

      const typed = await t.request({
        method: 'GET',
        url: `/api/v1/events/latest?type=camera.online&camera_id=${camA}`,
        token: alice.token,
      });
      assert.ok(typed.json().events.every((e: any) => e.type === 'camera.online'));
      assert.equal(typed.json().events.length, typed.json().total);

      const bobs = await t.request({ method: 'GET', url: '/api/v1/events/latest', token: bob.token });
      assert.deepEqual(bobs.json(), { events: [], total: 0 });
      const hidden = await t.request({
        method: 'GET',
        url: `/api/v1/events/latest?camera_id=${camB}`,
        token: alice.token,
      });
      assert.equal(hidden.statusCode, 404);
      assert.equal((await t.request({ method: 'GET', url: '/api/v1/events/latest' })).statusCode, 401);
      const tooMany = await t.request({
        method: 'GET',
        url: '/api/v1/events/latest?limit=501',
        token: bob.token,
      });
      assert.equal(tooMany.statusCode, 422);
    });
  });
}
