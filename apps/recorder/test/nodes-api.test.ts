// The nodes API on a single recorder (SQLite, the default install): the node lists itself holding the camera;
// drained, it lists no camera (the lease it gave back is held by nobody, though its row stays until another node
// takes it) and may then be removed while running — a running node that is not drained-and-empty is refused
// with 409; resumed, it holds the camera again. Superusers only: 401, 403, 404.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createCamera } from './helpers/cameras.js';
import { eventually } from './helpers/eventually.js';

type NodeView = { id: string; state: string; camera_ids: number[]; camera_count: number; this_node: boolean };

describe('the nodes API on one recorder', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ env: { NODE_NAME: 'solo' } });
  });
  after(() => t.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', path: string, token?: string) =>
    t.request({ method, url: `/api/v1/nodes${path}`, ...(token ? { token } : {}) });
  const me = async (): Promise<NodeView> => {
    const answer = await call('GET', '', t.adminToken);
    assert.equal(answer.statusCode, 200, answer.body);
    const nodes = answer.json<{ nodes: NodeView[] }>().nodes;
    assert.equal(nodes.length, 1);
    return nodes[0]!;
  };

  it('drains the only node to no camera, refuses and allows removal by state, resumes it; superusers only', async () => {
    const camera = await createCamera(t, t.adminToken);
    await eventually(async () => (await me()).camera_ids.includes(camera.id as number));
    const node = await me();
    assert.equal(node.this_node, true);
    assert.equal(node.state, 'active');

    assert.equal((await call('DELETE', `/${node.id}`, t.adminToken)).statusCode, 409);

    const drained = await call('POST', `/${node.id}/drain`, t.adminToken);
    assert.equal(drained.statusCode, 200, drained.body);
    // The recorder acts on its own node at once: the answer already shows it empty.
    const { state, camera_ids, camera_count } = drained.json<NodeView>();
    assert.deepEqual(
      { state, camera_ids, camera_count },
      { state: 'draining', camera_ids: [], camera_count: 0 },
    );
    assert.deepEqual((await me()).camera_ids, []);

    const resumed = await call('POST', `/${node.id}/resume`, t.adminToken);
    assert.equal(resumed.statusCode, 200, resumed.body);
    assert.deepEqual(resumed.json<NodeView>().camera_ids, [camera.id]);
    assert.equal(resumed.json<NodeView>().state, 'active');

    const plain = await t.createUser('nodes-plain');
    assert.equal((await call('GET', '')).statusCode, 401);
    assert.equal((await call('GET', '', plain.token)).statusCode, 403);
    assert.equal((await call('POST', `/${node.id}/drain`, plain.token)).statusCode, 403);
    assert.equal((await call('DELETE', `/${node.id}`, plain.token)).statusCode, 403);
    const unknown = '00000000-0000-4000-8000-000000000000';
    assert.equal((await call('POST', `/${unknown}/drain`, t.adminToken)).statusCode, 404);
    assert.equal((await call('POST', `/${unknown}/resume`, t.adminToken)).statusCode, 404);
    assert.equal((await call('DELETE', `/${unknown}`, t.adminToken)).statusCode, 404);

    // Drained and empty, the running node may go; it registers again, drained, at its next round.
    await call('POST', `/${node.id}/drain`, t.adminToken);
    assert.equal((await call('DELETE', `/${node.id}`, t.adminToken)).statusCode, 204);
  });
});
