// API.md §1 "Audit": every successful camera mutation writes exactly one audit row (action, entity, user, ip,
// user agent, details without secrets); a refused or invalid one writes none. Everything goes through the API:
// the rows are read back from GET /audit-logs.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from './helpers/app.js';
import {
  auditRows,
  binCamera,
  createCamera,
  grant,
  hardDeletePhrase,
  type AuditRow,
} from './helpers/cameras.js';
import { testDialects } from './helpers/database.js';
import { startOnvifSimulator, type OnvifSimulator } from './helpers/onvif-simulator.js';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Actor = 'owner' | 'superuser' | 'viewer' | 'manager' | 'stranger';

const AGENT = 'camera-audit-test/1.0';
/** The ONVIF simulator's administrator; cameras that manage device users hold these credentials. */
const DEVICE_ADMIN = { username: 'admin', password: 'Dev-Admin-Pa55' };

interface MutationCase {
  name: string;
  actor: Actor;
  action: string;
  /** extra fields for the case's camera (owned by `owner`) */
  camera?: Record<string, unknown>;
  /** runs before the audited call; its own audit rows do not count */
  setup?: (camera: Record<string, any>) => Promise<void>;
  request: (camera: Record<string, any>) => { method: Method; url: string; payload?: object };
  status: number;
  /** fields the row's details must carry */
  details?: (camera: Record<string, any>) => Record<string, unknown>;
}

for (const dialect of testDialects()) {
  describe(`camera audit trail (${dialect})`, () => {
    let t: TestApp;
    let device: OnvifSimulator;
    let onvifPort: string;
    const users = {} as Record<Actor, { id: number; token: string; username: string }>;

    before(async () => {
      t = await createTestApp({
        dialect,
        overrides: { tlsProber: async () => 'supported', onvifTimeoutMs: 2000 },
      });
      device = await startOnvifSimulator(DEVICE_ADMIN);
      onvifPort = new URL(device.url).port;
      const me = await t.request({ method: 'GET', url: '/api/v1/auth/me', token: t.adminToken });
      users.superuser = { id: me.json().id, token: t.adminToken, username: 'admin' };
      for (const role of ['owner', 'viewer', 'manager', 'stranger'] as const) {
        const username = `audit_${role}`;
        users[role] = { ...(await t.createUser(username)), username };
      }
    });
    after(async () => {
      await device.close();
      await t.close();
    });

    const api = (actor: Actor, method: Method, url: string, payload?: object) =>
      t.request({
        method,
        url: `/api/v1${url}`,
        token: users[actor].token,
        headers: { 'user-agent': AGENT },
        ...(payload ? { payload } : {}),
      });

    /** A camera of `owner` with a can_view grant for `viewer` and can_manage for `manager`. */
    /**
     * A camera of `owner`, or — at the ONVIF simulator on loopback, where only a superuser may point a camera —
     * of the superuser, with `owner` as its manager.
     */
    async function freshCamera(fields: Record<string, unknown> = {}) {
      const onThisMachine = fields.ip_address === '127.0.0.1';
      const token = onThisMachine ? t.adminToken : users.owner.token;
      const camera = await createCamera(t, token, { name: `audit ${Math.random()}`, ...fields });
      if (onThisMachine) await grant(t, camera.id, users.owner.id, { can_view: true, can_manage: true });
      await grant(t, camera.id, users.viewer.id, { can_view: true });
      await grant(t, camera.id, users.manager.id, { can_view: false, can_manage: true });
      await t.container.cameraConfig.idle();
      return camera;
    }

    /** Makes the call and returns the audit rows written while it ran. */
    async function rowsWrittenBy(call: () => Promise<LightMyRequestResponse>, status: number, what: string) {
      const newest = (await auditRows(t, { limit: 1 }))[0]?.id ?? 0;
      const response = await call();
      assert.equal(response.statusCode, status, `${what}: ${response.body}`);
      return (await auditRows(t)).filter((row) => row.id > newest);
    }

    const deviceUsers = (camera: Record<string, any>, path = '') =>
      `/cameras/${camera.id}/device-users${path}?onvif_port=${onvifPort}`;

    const MUTATIONS: MutationCase[] = [
      {
        name: 'hard delete',
        actor: 'superuser',
        action: 'camera.hard_delete',
        setup: (camera) => binCamera(t, users.owner.token, camera.id),
        request: (camera) => ({
          method: 'POST',
          url: `/cameras/${camera.id}/hard-delete`,
          payload: { confirmation_phrase: hardDeletePhrase(camera.name) },
        }),
        status: 200,
        details: (camera) => ({ name: camera.name }),
      },
      {
        name: 'permission grant',
        actor: 'owner',
        action: 'camera.permission_grant',
        request: (camera) => ({
          method: 'POST',
          url: `/cameras/${camera.id}/permissions`,
          payload: { user_id: users.stranger.id, can_view: true },
        }),
        status: 200,
        details: () => ({ user_id: users.stranger.id, can_view: true, can_manage: false }),
      },
      {
        name: 'permission revoke',
        actor: 'owner',
        action: 'camera.permission_revoke',
        request: (camera) => ({
          method: 'DELETE',
          url: `/cameras/${camera.id}/permissions/${users.viewer.id}`,
        }),
        status: 204,
        details: () => ({ user_id: users.viewer.id }),
      },
      {
        name: 'config update',
        actor: 'manager',
        action: 'camera_config.update',
        request: (camera) => ({
          method: 'PATCH',
          url: `/camera-config/${camera.id}`,
          payload: { recording_segment_seconds: 30 },
        }),
        status: 200,
        details: () => ({ changed: ['recording_segment_seconds'] }),
      },
      {
        name: 'config update through the camera alias',
        actor: 'owner',
        action: 'camera_config.update',
        request: (camera) => ({
          method: 'PUT',
          url: `/cameras/${camera.id}/config`,
          payload: { auto_restart: false },
        }),
        status: 200,
        details: () => ({ changed: ['auto_restart'] }),
      },
      {
        name: 'transport security set',
        actor: 'owner',
        action: 'camera.transport_security',
        request: (camera) => ({
          method: 'PUT',
          url: `/cameras/${camera.id}/transport-security`,
          payload: { policy: 'rtsps_required' },
        }),
        status: 200,
        details: () => ({ policy: 'rtsps_required' }),
      },
      {
        name: 'probe (fake prober: supported)',
        actor: 'manager',
        action: 'camera.transport_security_probe',
        request: (camera) => ({ method: 'POST', url: `/cameras/${camera.id}/transport-security/probe` }),
        status: 200,
        details: () => ({ result: 'supported', policy: 'rtsps_preferred' }),
      },
      {
        name: 'skill declare',
        actor: 'owner',
        action: 'skill.declare',
        request: (camera) => ({
          method: 'PUT',
          url: `/skills/person_counting/cameras/${camera.id}`,
          payload: { consumer: 'audit-app' },
        }),
        status: 200,
        details: () => ({ skill: 'person_counting', consumer: 'audit-app' }),
      },
      {
        name: 'skill undeclare',
        actor: 'manager',
        action: 'skill.undeclare',
        setup: async (camera) => {
          const declared = await api('owner', 'PUT', `/skills/person_counting/cameras/${camera.id}`, {
            consumer: 'audit-app',
          });
          assert.equal(declared.statusCode, 200, declared.body);
        },
        request: (camera) => ({
          method: 'DELETE',
          url: `/skills/person_counting/cameras/${camera.id}?consumer=audit-app`,
        }),
        status: 204,
        details: () => ({ skill: 'person_counting', consumer: 'audit-app' }),
      },
      {
        name: 'device user create (ONVIF simulator)',
        actor: 'owner',
        action: 'camera.device_user_create',
        camera: { ip_address: '127.0.0.1', ...DEVICE_ADMIN },
        request: (camera) => ({
          method: 'POST',
          url: deviceUsers(camera),
          payload: { username: `guard_${camera.id}`, password: 'Guard-Pa55-0' },
        }),
        status: 201,
        details: (camera) => ({ username: `guard_${camera.id}`, level: 'Operator' }),
      },
      {
        name: 'device user delete (ONVIF simulator)',
        actor: 'manager',
        action: 'camera.device_user_delete',
        camera: { ip_address: '127.0.0.1', ...DEVICE_ADMIN },
        setup: async (camera) => {
          const created = await api('owner', 'POST', deviceUsers(camera), {
            username: `gone_${camera.id}`,
            password: 'Gone-Pa55-0',
          });
          assert.equal(created.statusCode, 201, created.body);
        },
        request: (camera) => ({ method: 'DELETE', url: deviceUsers(camera, `/gone_${camera.id}`) }),
        status: 204,
        details: (camera) => ({ username: `gone_${camera.id}` }),
      },
    ];

    for (const mutation of MUTATIONS) {
      it(`${mutation.name} writes one ${mutation.action} row`, async () => {
        const camera = await freshCamera(mutation.camera);
        await mutation.setup?.(camera);
        const request = mutation.request(camera);
        const rows = await rowsWrittenBy(
          () => api(mutation.actor, request.method, request.url, request.payload),
          mutation.status,
          mutation.name,
        );
        assert.deepEqual(
          rows.map((row) => row.action),
          [mutation.action],
          `rows written by ${mutation.name}`,
        );
        const row = rows[0]!;
        const actor = users[mutation.actor];
        assert.equal(row.entity_type, 'camera');
        assert.equal(row.entity_id, String(camera.id));
        assert.equal(row.user_id, actor.id);
        assert.equal(row.username, actor.username);
        assert.equal(row.ip, '127.0.0.1');
        assert.equal(row.user_agent, AGENT);
        assert.ok(Date.parse(row.timestamp) > 0, row.timestamp);
        if (mutation.details) {
          assert.ok(row.details !== null && typeof row.details === 'object', JSON.stringify(row.details));
          const expected = mutation.details(camera);
          const actual = Object.fromEntries(
            Object.keys(expected).map((key) => [key, (row.details as Record<string, unknown>)[key]]),
          );
          assert.deepEqual(actual, expected, JSON.stringify(row.details));
        }
      });
    }

    it('a failed mutation (422, 403, 404, 400, 409, 502) writes no row', async () => {
      const camera = await freshCamera();
      const binned = await freshCamera();
      await binCamera(t, users.owner.token, binned.id);
      const onDevice = await freshCamera({ ip_address: '127.0.0.1', ...DEVICE_ADMIN });
      const failures: [Actor, Method, string, object | undefined, number][] = [
        // 422: the schema, and rules only the service can check
        ['owner', 'POST', '/cameras', { name: 'no address' }, 422],
        ['owner', 'PATCH', `/cameras/${camera.id}`, { name: null }, 422],
        ['owner', 'PUT', `/cameras/${camera.id}`, { rtsp_url: 'ftp://127.0.0.1/x' }, 422],
        ['owner', 'POST', `/cameras/${camera.id}/permissions`, { can_view: true }, 422],
        ['owner', 'PATCH', `/camera-config/${camera.id}`, { recording_segment_seconds: 5 }, 422],
        ['owner', 'PATCH', `/camera-config/${camera.id}`, { recording_path: '../../outside' }, 422],
        ['owner', 'PUT', `/cameras/${camera.id}/config`, { source_url: 'rtsp://u:p@127.0.0.1/x' }, 422],
        ['owner', 'PUT', `/cameras/${camera.id}/transport-security`, { policy: 'never' }, 422],
        ['owner', 'PUT', `/skills/Not-A-Skill!/cameras/${camera.id}`, { consumer: 'x' }, 422],
        ['owner', 'DELETE', `/skills/person_counting/cameras/${camera.id}`, undefined, 422],
        ['owner', 'POST', deviceUsers(onDevice), { username: 'x', password: 'y', level: 'Root' }, 422],
        // 403: visible, but not theirs to change
        ['viewer', 'PATCH', `/cameras/${camera.id}`, { description: 'nope' }, 403],
        ['viewer', 'DELETE', `/cameras/${camera.id}`, undefined, 403],
        ['viewer', 'PATCH', `/camera-config/${camera.id}`, { recording_segment_seconds: 30 }, 403],
        ['viewer', 'DELETE', `/camera-config/${camera.id}`, undefined, 403],
        ['viewer', 'PUT', `/cameras/${camera.id}/transport-security`, { policy: 'rtsps_required' }, 403],
        ['viewer', 'POST', `/cameras/${camera.id}/transport-security/probe`, undefined, 403],
        ['viewer', 'PUT', `/skills/person_counting/cameras/${camera.id}`, { consumer: 'x' }, 403],
        ['manager', 'POST', `/cameras/${camera.id}/permissions`, { user_id: users.stranger.id }, 403],
        ['manager', 'DELETE', `/cameras/${camera.id}/permissions/${users.viewer.id}`, undefined, 403],
        [
          'owner',
          'POST',
          `/cameras/${binned.id}/hard-delete`,
          { confirmation_phrase: hardDeletePhrase(binned.name) },
          403,
        ],
        ['viewer', 'POST', deviceUsers(onDevice), { username: 'v', password: 'Viewer-Pa55' }, 403],
        // 404: invisible or absent
        ['stranger', 'PATCH', `/cameras/${camera.id}`, { description: 'nope' }, 404],
        ['stranger', 'DELETE', `/cameras/${camera.id}`, undefined, 404],
        ['stranger', 'PUT', `/cameras/${camera.id}/transport-security`, { policy: 'rtsps_required' }, 404],
        ['stranger', 'POST', `/cameras/${camera.id}/permissions`, { user_id: users.stranger.id }, 404],
        ['owner', 'PATCH', '/cameras/999999', { description: 'nope' }, 404],
        ['owner', 'PATCH', `/cameras/${binned.id}`, { description: 'nope' }, 404],
        ['owner', 'DELETE', `/cameras/${camera.id}/permissions/${users.stranger.id}`, undefined, 404],
        ['owner', 'POST', `/cameras/${camera.id}/permissions`, { user_id: 999999 }, 404],
        ['owner', 'DELETE', `/skills/person_counting/cameras/${camera.id}?consumer=nobody`, undefined, 404],
        // other refusals
        ['owner', 'POST', '/camera-config', { camera_id: camera.id }, 409],
        [
          'superuser',
          'POST',
          `/cameras/${camera.id}/hard-delete`,
          { confirmation_phrase: hardDeletePhrase(camera.name) },
          409,
        ],
        [
          'superuser',
          'POST',
          `/cameras/${binned.id}/hard-delete`,
          { confirmation_phrase: 'hard delete' },
          400,
        ],
        ['owner', 'DELETE', deviceUsers(onDevice, `/${DEVICE_ADMIN.username}`), undefined, 400],
        ['owner', 'DELETE', deviceUsers(onDevice, '/nobody'), undefined, 502],
        [
          'owner',
          'GET',
          // not a mutation, but an unreachable device must not leave a trace either
          `/cameras/${onDevice.id}/device-users?onvif_port=1`,
          undefined,
          502,
        ],
      ];
      for (const [actor, method, url, payload, status] of failures) {
        const what = `${actor} ${method} ${url}`;
        const rows = await rowsWrittenBy(() => api(actor, method, url, payload), status, what);
        assert.deepEqual(
          rows.map((row) => row.action),
          [],
          what,
        );
      }
    });

    it('no audit row carries a camera password, a device user’s password or URL credentials', async () => {
      const secrets = {
        cameraPassword: 'Cam-Pa55-One',
        urlPassword: 'Url-Pa55-Two',
        subPassword: 'Sub-Pa55-Three',
        newPassword: 'Cam-Pa55-Four',
        putUrlPassword: 'Url-Pa55-Five',
        deviceUserPassword: 'Guard-Pa55-Six',
        deviceAdminPassword: DEVICE_ADMIN.password,
      };
      const camera = await freshCamera({
        ip_address: 'secrets.test.invalid',
        password: secrets.cameraPassword,
        rtsp_url: `rtsp://cam:${secrets.urlPassword}@secrets.test.invalid:554/main`,
        substream_url: `rtsp://sub:${secrets.subPassword}@secrets.test.invalid:554/sub`,
      });
      const changes: [Method, string, object][] = [
        ['PATCH', `/cameras/${camera.id}`, { password: secrets.newPassword }],
        [
          'PUT',
          `/cameras/${camera.id}`,
          { rtsp_url: `rtsp://cam:${secrets.putUrlPassword}@secrets.test.invalid/main` },
        ],
      ];
      for (const [method, url, payload] of changes) {
        const response = await api('owner', method, url, payload);
        assert.equal(response.statusCode, 200, response.body);
      }
      const onDevice = await freshCamera({ ip_address: '127.0.0.1', ...DEVICE_ADMIN });
      const created = await api('owner', 'POST', deviceUsers(onDevice), {
        username: 'secret_keeper',
        password: secrets.deviceUserPassword,
        level: 'User',
      });
      assert.equal(created.statusCode, 201, created.body);
      assert.equal(
        device.users().find((u) => u.username === 'secret_keeper')?.password,
        secrets.deviceUserPassword,
      );

      const rows = await auditRows(t);
      const mine = (id: number, action: string) =>
        rows.filter((row) => row.entity_id === String(id) && row.action === action);
      // The scan below is only meaningful if the rows that could leak are there.
      assert.equal(mine(camera.id, 'camera.create').length, 1);
      const updates = mine(camera.id, 'camera.update').map(
        (row) => (row.details as { changed: string[] }).changed,
      );
      assert.equal(updates.length, 2);
      for (const changed of updates) assert.ok(changed.includes('password'), JSON.stringify(updates));
      assert.equal(mine(onDevice.id, 'camera.create').length, 1);
      assert.equal(mine(onDevice.id, 'camera.device_user_create').length, 1);

      const forbidden = Object.values(secrets).flatMap((secret) => [secret, encodeURIComponent(secret)]);
      forbidden.push('cam:Url', 'sub:Sub', ':Url-Pa55', ':Sub-Pa55');
      const scan = (row: AuditRow) => JSON.stringify(row);
      for (const row of rows) {
        const text = scan(row);
        for (const secret of forbidden) {
          assert.ok(
            !text.includes(secret),
            `audit row ${row.action} #${row.id} carries "${secret}": ${text}`,
          );
        }
      }
    });
  });
}
