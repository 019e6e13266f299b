import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createCamera } from './helpers/cameras.js';
import { testDialects } from './helpers/database.js';

for (const dialect of testDialects()) {
  describe(`cameras (${dialect})`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp({ dialect });
    });
    after(() => t.close());

    const api = (
      method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
      url: string,
      payload?: unknown,
      token = t.adminToken,
    ) =>
      t.request({
        method,
        url: `/api/v1${url}`,
        token,
        ...(payload === undefined ? {} : { payload: payload as object }),
      });

    it('creates a camera with SEED.md defaults and truthful runtime fields', async () => {
      const response = await api('POST', '/cameras', { name: 'Front door', ip_address: '127.0.1.1' });
      assert.equal(response.statusCode, 201);
      const camera = response.json();
      assert.equal(camera.port, 554);
      assert.equal(camera.status, 'unknown');
      assert.equal(camera.is_active, true);
      assert.equal(camera.owner_id, 1);
      assert.equal(camera.deleted_at, null);
      assert.deepEqual(camera.assignments, []);
      assert.equal(camera.password_set, false);
      assert.equal(camera.recording_enabled, false);
      assert.equal(camera.recording_state, 'disabled');
      assert.equal(camera.live_online, null);
      assert.equal(camera.media_server_provisioned, false);
      assert.equal(camera.last_recording_at, null);
      assert.equal('password' in camera, false);
      const config = await api('GET', `/cameras/${camera.id}/config`);
      assert.equal(config.statusCode, 200);
      assert.equal(config.json().recording_segment_seconds, 60);
    });

    it('splits credentials out of stream URLs; explicit fields win; the password never comes back', async () => {
      const secret = 'p@ss:w0rd/Secret';
      const created = await api('POST', '/cameras?force=true', {
        name: 'Yard',
        ip_address: '127.0.1.2',
        rtsp_url: `rtsp://viewer:${encodeURIComponent(secret)}@127.0.1.2:8554/live/main`,
        substream_url: 'rtsp://other:pw@127.0.1.2:8554/live/sub',
        username: 'explicit-user',
      });
      assert.equal(created.statusCode, 201, created.body);
      const camera = created.json();
      assert.equal(camera.rtsp_url, 'rtsp://127.0.1.2:8554/live/main');
      assert.equal(camera.substream_url, 'rtsp://127.0.1.2:8554/live/sub');
      assert.equal(camera.username, 'explicit-user');
      assert.equal(camera.password_set, true);
      assert.deepEqual(await t.container.cameras.credentials(camera.id), {
        username: 'explicit-user',
        password: secret,
      });

      const read = await api('GET', `/cameras/${camera.id}`);
      const list = await api('GET', '/cameras?limit=500');
      const audit = await api('GET', '/audit-logs?limit=500');
      for (const body of [created.body, read.body, list.body, audit.body, t.logs()]) {
        assert.ok(!body.includes(secret) && !body.includes(encodeURIComponent(secret)), 'password leaked');
        assert.ok(!body.includes(':pw@'), 'substream password leaked');
      }
    });

    it('updates partially: null clears, blank password keeps, null password clears, null name is 422', async () => {
      const camera = await createCamera(t, t.adminToken, { location: 'Hall', password: 'first-secret' });
      const patched = await api('PATCH', `/cameras/${camera.id}`, {
        location: null,
        description: 'new',
        password: '',
      });
      assert.equal(patched.statusCode, 200, patched.body);
      assert.equal(patched.json().location, null);
      assert.equal(patched.json().description, 'new');
      assert.equal(patched.json().name, camera.name);
      assert.equal(patched.json().password_set, true);
      assert.ok(patched.json().updated_at);
      assert.equal((await t.container.cameras.credentials(camera.id)).password, 'first-secret');

      const changed = await api('PUT', `/cameras/${camera.id}`, { password: 'second-secret' });
      assert.equal(changed.json().password_set, true);
      assert.equal((await t.container.cameras.credentials(camera.id)).password, 'second-secret');
      const cleared = await api('PUT', `/cameras/${camera.id}`, { password: null });
      assert.equal(cleared.json().password_set, false);

      for (const field of ['name', 'ip_address']) {
        const response = await api('PUT', `/cameras/${camera.id}`, { [field]: null });
        assert.equal(response.statusCode, 422);
        assert.deepEqual(response.json().detail[0].loc, ['body', field]);
      }
      // port and is_active have no empty value: null keeps what is stored
      await api('PATCH', `/cameras/${camera.id}`, { port: 8554, is_active: false });
      const kept = await api('PATCH', `/cameras/${camera.id}`, { port: null, is_active: null });
      assert.equal(kept.statusCode, 200, kept.body);
      assert.equal(kept.json().port, 8554);
      assert.equal(kept.json().is_active, false);
      const url = await api('PUT', `/cameras/${camera.id}`, { rtsp_url: 'rtsp://u2:p2@127.0.0.9/x' });
      assert.equal(url.json().rtsp_url, 'rtsp://127.0.0.9/x');
      assert.equal(url.json().username, 'u2');
      assert.equal((await t.container.cameras.credentials(camera.id)).password, 'p2');
      // both URLs in one update: the main stream's credentials win, as on create
      const both = await api('PUT', `/cameras/${camera.id}`, {
        rtsp_url: 'rtsp://main:main-pass@127.0.0.9/main',
        substream_url: 'rtsp://sub:sub-pass@127.0.0.9/sub',
      });
      assert.equal(both.json().username, 'main');
      assert.equal((await t.container.cameras.credentials(camera.id)).password, 'main-pass');
    });

    it('a stream URL longer than 500 characters once normalised is 422 and changes nothing', async () => {
      // 160 × "é" is 160 characters as sent, 960 once percent-encoded the way the URL is stored
      const long = `rtsp://127.0.77.1/${'é'.repeat(160)}`;
      assert.ok(long.length <= 500);
      const created = await api('POST', '/cameras?force=true', {
        name: 'long url',
        ip_address: '127.0.77.1',
        is_active: false,
        rtsp_url: long,
      });
      assert.equal(created.statusCode, 422, created.body);
      assert.deepEqual(created.json().detail[0].loc, ['body', 'rtsp_url']);

      const camera = await createCamera(t, t.adminToken, { name: 'short url', ip_address: '127.0.77.1' });
      const updated = await api('PATCH', `/cameras/${camera.id}`, { substream_url: long });
      assert.equal(updated.statusCode, 422, updated.body);
      assert.deepEqual(updated.json().detail[0].loc, ['body', 'substream_url']);
      assert.equal((await api('GET', `/cameras/${camera.id}`)).json().substream_url, camera.substream_url);

      // just inside: 500 characters once normalised
      const fits = `rtsp://127.0.77.1/${'é'.repeat(80)}${'a'.repeat(500 - 18 - 480)}`;
      const accepted = await api('PATCH', `/cameras/${camera.id}`, { substream_url: fits });
      assert.equal(accepted.statusCode, 200, accepted.body);
      assert.equal(accepted.json().substream_url.length, 500);
    });

    it('validates addresses and stream URLs, naming the field', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ ip_address: 'not a host!' }, 'ip_address'],
        [{ ip_address: '999.1.1.1.1' }, 'ip_address'],
        [{ rtsp_url: 'ftp://127.0.0.1/x' }, 'rtsp_url'],
        [{ substream_url: 'not a url' }, 'substream_url'],
        [{ port: 70000 }, 'port'],
        [{ extra: 1 }, 'extra'],
      ];
      for (const [fields, field] of cases) {
        const response = await api('POST', '/cameras?force=true', {
          name: 'x',
          ip_address: '127.0.0.1',
          ...fields,
        });
        assert.equal(response.statusCode, 422, JSON.stringify(fields));
        assert.deepEqual(response.json().detail[0].loc, ['body', field], response.body);
      }
      // Loopback only: each new camera is probed for RTSPS in the background.
      for (const host of ['localhost', '::1', '127.0.0.5']) {
        const response = await api('POST', '/cameras?force=true', {
          name: 'ok',
          ip_address: host,
          is_active: false,
        });
        assert.equal(response.statusCode, 201, host);
        await api('DELETE', `/cameras/${response.json().id}`);
      }
    });

    it('guards against duplicates of the same owner unless force=true', async () => {
      const url = 'rtsp://127.0.2.1:554/stream1';
      const first = await api('POST', '/cameras', { name: 'A', ip_address: '127.0.2.1', rtsp_url: url });
      assert.equal(first.statusCode, 201);
      const again = await api('POST', '/cameras', {
        name: 'B',
        ip_address: '127.0.2.99',
        rtsp_url: 'rtsp://x:y@127.0.2.1:554/stream1',
      });
      assert.equal(again.statusCode, 409);
      assert.equal(again.json().detail.code, 'duplicate_camera');
      assert.deepEqual(again.json().detail.duplicates, [
        { id: first.json().id, name: 'A', ip_address: '127.0.2.1' },
      ]);
      const forced = await api('POST', '/cameras?force=true', {
        name: 'B',
        ip_address: '127.0.2.99',
        rtsp_url: url,
      });
      assert.equal(forced.statusCode, 201);

      // Without URLs, the same address and port is a duplicate; another port is not.
      assert.equal((await api('POST', '/cameras', { name: 'C', ip_address: '127.0.2.2' })).statusCode, 201);
      assert.equal((await api('POST', '/cameras', { name: 'D', ip_address: '127.0.2.2' })).statusCode, 409);
      assert.equal(
        (await api('POST', '/cameras', { name: 'E', ip_address: '127.0.2.2', port: 8554 })).statusCode,
        201,
      );
      // Another owner may add the same stream (a superuser: the address is on this machine).
      const other = await t.createUser('dupowner', { superuser: true });
      assert.equal(
        (await api('POST', '/cameras', { name: 'F', ip_address: '127.0.2.2' }, other.token)).statusCode,
        201,
      );
    });

    it('lists with paging, search and active_only', async () => {
      const owner = await t.createUser('lister');
      for (const [name, location, active] of [
        ['Garage West', 'Outside', true],
        ['Kitchen', 'Ground floor', false],
        ['garage east', null, true],
      ] as const) {
        await createCamera(t, owner.token, { name, location, is_active: active });
      }
      const all = await api('GET', '/cameras', undefined, owner.token);
      assert.equal(all.json().total, 3);
      const garage = await api('GET', '/cameras?q=GARAGE', undefined, owner.token);
      assert.deepEqual(
        garage.json().cameras.map((c: { name: string }) => c.name),
        ['Garage West', 'garage east'],
      );
      assert.equal((await api('GET', '/cameras?q=ground', undefined, owner.token)).json().total, 1);
      assert.equal((await api('GET', '/cameras?q=%25', undefined, owner.token)).json().total, 0);
      assert.equal((await api('GET', '/cameras?active_only=true', undefined, owner.token)).json().total, 2);
      const page = await api('GET', '/cameras?skip=1&limit=1', undefined, owner.token);
      assert.equal(page.json().cameras.length, 1);
      assert.equal(page.json().total, 3);
      assert.equal(page.json().cameras[0].name, 'Kitchen');
      const pastTheEnd = await api('GET', '/cameras?skip=10', undefined, owner.token);
      assert.deepEqual(pastTheEnd.json(), { cameras: [], total: 3 });
    });

    it('searches names and locations case-insensitively beyond ASCII', async () => {
      const owner = await t.createUser('unicode_lister');
      await createCamera(t, owner.token, { name: 'CAFÉ Entrée' });
      await createCamera(t, owner.token, { name: 'Двор', location: 'ГАРАЖ' });
      const names = async (q: string) =>
        (await api('GET', `/cameras?q=${encodeURIComponent(q)}`, undefined, owner.token))
          .json()
          .cameras.map((c: { name: string }) => c.name);
      assert.deepEqual(await names('café'), ['CAFÉ Entrée']);
      assert.deepEqual(await names('ENTRÉE'), ['CAFÉ Entrée']);
      assert.deepEqual(await names('гараж'), ['Двор']);
      assert.deepEqual(await names('двор'), ['Двор']);
    });

    it('lists each camera with the same assignments as its own view, in order', async () => {
      const owner = await t.createUser('assigner');
      const labelled = await createCamera(t, owner.token, {
        name: 'Labelled',
        assignments: [
          { skill: 'zone_watch', labels: ['say "hi", ok', 'ünïcødé', 'back\\slash', '[]'] },
          { skill: 'face_detection' },
          { skill: 'alpha', labels: ['x'] },
        ],
      });
      const bare = await createCamera(t, owner.token, { name: 'Bare' });
      const listed = new Map<number, unknown>(
        (await api('GET', '/cameras', undefined, owner.token))
          .json()
          .cameras.map((c: { id: number; assignments: unknown }) => [c.id, c.assignments]),
      );
      for (const camera of [labelled, bare]) {
        const own = (await api('GET', `/cameras/${camera.id}`, undefined, owner.token)).json();
        assert.deepEqual(listed.get(camera.id), own.assignments);
      }
      assert.deepEqual(listed.get(labelled.id), [
        { skill: 'zone_watch', labels: ['say "hi", ok', 'ünïcødé', 'back\\slash', '[]'] },
        { skill: 'face_detection', labels: null },
        { skill: 'alpha', labels: ['x'] },
      ]);
      assert.deepEqual(listed.get(bare.id), []);
    });

    it('bins, lists the bin, and restores with the pre-bin is_active; restore is guarded', async () => {
      const paused = await createCamera(t, t.adminToken, {
        name: 'Paused',
        is_active: false,
        location: 'Attic',
      });
      const binned = await api('DELETE', `/cameras/${paused.id}`);
      assert.equal(binned.statusCode, 200);
      assert.equal(binned.json().path, `cam-${paused.id}`);
      assert.equal(binned.json().location, 'Attic');
      assert.ok(binned.json().deleted_at);
      const stored = await t.container.cameras.find(paused.id);
      assert.equal(stored?.updated_at, stored?.deleted_at, 'binning is an update of the camera');
      assert.equal((await api('GET', `/cameras/${paused.id}`)).statusCode, 404);
      assert.equal((await api('DELETE', `/cameras/${paused.id}`)).statusCode, 404);
      const listed = (await api('GET', '/cameras?limit=500')).json().cameras.map((c: { id: number }) => c.id);
      assert.ok(!listed.includes(paused.id));
      const bin = await api('GET', '/cameras/deleted');
      assert.equal(bin.json().cameras[0].id, paused.id);

      const restored = await api('POST', `/cameras/${paused.id}/restore`);
      assert.equal(restored.statusCode, 200);
      assert.equal(restored.json().is_active, false);
      assert.equal(restored.json().deleted_at, null);
      assert.equal((await api('POST', `/cameras/${paused.id}/restore`)).json().detail.code, 'not_binned');

      // While it was in the bin another camera took its stream: restoring needs force.
      const original = await createCamera(t, t.adminToken, { rtsp_url: 'rtsp://127.0.3.1/only' });
      await api('DELETE', `/cameras/${original.id}`);
      await api('POST', '/cameras', {
        name: 'Replacement',
        ip_address: '127.0.3.1',
        rtsp_url: 'rtsp://127.0.3.1/only',
      });
      const conflict = await api('POST', `/cameras/${original.id}/restore`);
      assert.equal(conflict.statusCode, 409);
      assert.equal(conflict.json().detail.code, 'duplicate_camera');
      assert.equal((await api('POST', `/cameras/${original.id}/restore?force=true`)).statusCode, 200);
    });

    it('hard delete needs a binned camera and the exact phrase, then removes its files and rows only', async () => {
      const name = "O'Brien's café 🚪";
      const camera = await createCamera(t, t.adminToken, {
        name,
        assignments: [{ skill: 'person_counting' }],
      });
      const neighbour = await createCamera(t, t.adminToken, { name: 'Neighbour' });
      const root = t.config.recordingsDir;
      for (const [id, files] of [
        [camera.id, 3],
        [neighbour.id, 2],
      ] as const) {
        const dir = join(root, `cam-${id}`, '2026', '11', '21');
        mkdirSync(dir, { recursive: true });
        for (let i = 0; i < files; i++) writeFileSync(join(dir, `${1000 + i}.mp4`), Buffer.alloc(1000 + i));
      }
      const phrase = `hard delete ${name} and it's recording`;
      const hardDelete = (confirmation_phrase: string) =>
        api('POST', `/cameras/${camera.id}/hard-delete`, { confirmation_phrase });

      const notBinned = await hardDelete(phrase);
      assert.equal(notBinned.statusCode, 409);
      assert.equal(notBinned.json().detail.code, 'not_binned');
      await api('DELETE', `/cameras/${camera.id}`);

      for (const wrong of [
        phrase.toUpperCase(),
        `${phrase} `,
        ` ${phrase}`,
        phrase.replace("it's", 'its'),
        phrase.replace('🚪', ''),
      ]) {
        const response = await hardDelete(wrong);
        assert.equal(response.statusCode, 400, JSON.stringify(wrong));
        assert.equal(response.json().detail.code, 'confirmation_mismatch');
        assert.equal(response.json().detail.expected, phrase);
      }
      assert.ok(existsSync(join(root, `cam-${camera.id}`)), 'nothing deleted by a wrong phrase');

      const done = await hardDelete(phrase);
      assert.equal(done.statusCode, 200, done.body);
      assert.deepEqual(done.json(), {
        camera_id: camera.id,
        camera_name: name,
        recordings_deleted: 3,
        bytes_freed: 3003,
      });
      assert.ok(!existsSync(join(root, `cam-${camera.id}`)));
      assert.equal(readdirSync(join(root, `cam-${neighbour.id}`, '2026', '11', '21')).length, 2);
      assert.equal(
        (await api('GET', '/cameras/deleted')).json().cameras.some((c: { id: number }) => c.id === camera.id),
        false,
      );
      assert.equal((await api('POST', `/cameras/${camera.id}/restore`)).statusCode, 404);
      const skills = (await api('GET', '/skills')).json().skills;
      assert.ok(!JSON.stringify(skills).includes(`"camera_id":${camera.id},`));
    });

    it('hard delete also removes chunks left where a changed recording_path used to point', async () => {
      const root = t.config.recordingsDir;
      const db = t.container.database.db;
      const camera = await createCamera(t, t.adminToken, { name: 'Moved around' });
      const neighbour = await createCamera(t, t.adminToken, { name: 'Moved neighbour' });
      const chunk = async (cameraId: number, path: string, size: number, indexed = true) => {
        mkdirSync(join(root, path, '..'), { recursive: true });
        writeFileSync(join(root, path), Buffer.alloc(size));
        if (!indexed) return;
        await db
          .insertInto('recordings')
          .values({
            camera_id: cameraId,
            start_ms: size,
            end_ms: size + 1,
            duration_seconds: 1,
            size_bytes: size,
            path,
            created_at: new Date().toISOString(),
          })
          .execute();
      };
      const tag = `${dialect}-${camera.id}`;
      // first in its default directory, then under an earlier recording_path, now under the current one
      await chunk(camera.id, `cam-${camera.id}/2026/11/20/1.mp4`, 100);
      await chunk(camera.id, `old-${tag}/2026/11/21/2.mp4`, 200);
      await chunk(camera.id, `old-${tag}/2026/11/21/unindexed.mp4`, 400, false);
      const moved = await api('PATCH', `/camera-config/${camera.id}`, { recording_path: `new-${tag}` });
      assert.equal(moved.statusCode, 200, moved.body);
      await chunk(camera.id, `new-${tag}/2026/11/22/3.mp4`, 300);
      await chunk(neighbour.id, `cam-${neighbour.id}/2026/11/22/4.mp4`, 50);

      await api('DELETE', `/cameras/${camera.id}`);
      const done = await api('POST', `/cameras/${camera.id}/hard-delete`, {
        confirmation_phrase: "hard delete Moved around and it's recording",
      });
      assert.equal(done.statusCode, 200, done.body);
      assert.equal(done.json().recordings_deleted, 3);
      assert.equal(done.json().bytes_freed, 600);
      assert.ok(!existsSync(join(root, `cam-${camera.id}`)));
      assert.ok(!existsSync(join(root, `new-${tag}`)));
      assert.ok(!existsSync(join(root, `old-${tag}/2026/11/21/2.mp4`)));
      // a file the index never knew is not the recorder's to delete
      assert.ok(existsSync(join(root, `old-${tag}/2026/11/21/unindexed.mp4`)));
      assert.ok(existsSync(join(root, `cam-${neighbour.id}/2026/11/22/4.mp4`)));
    });

    it('a hard delete that fails on the files changes nothing in the database and can be retried', async () => {
      const root = t.config.recordingsDir;
      const camera = await createCamera(t, t.adminToken, { name: 'Stubborn' });
      await api('DELETE', `/cameras/${camera.id}`);
      // a file where the camera's directory should be: listing it fails with ENOTDIR
      const dir = join(root, `cam-${camera.id}`);
      mkdirSync(root, { recursive: true });
      writeFileSync(dir, 'not a directory');
      const phrase = "hard delete Stubborn and it's recording";
      const failed = await api('POST', `/cameras/${camera.id}/hard-delete`, { confirmation_phrase: phrase });
      assert.equal(failed.statusCode, 500);
      assert.deepEqual(failed.json(), { detail: 'Internal server error' });
      const bin = (await api('GET', '/cameras/deleted')).json().cameras as { id: number }[];
      assert.ok(
        bin.some((c) => c.id === camera.id),
        'still in the bin',
      );
      const config = await t.container.database.db
        .selectFrom('camera_configs')
        .select('id')
        .where('camera_id', '=', camera.id)
        .executeTakeFirst();
      assert.ok(config, 'its config is kept');

      rmSync(dir);
      mkdirSync(join(dir, '2026'), { recursive: true });
      writeFileSync(join(dir, '2026', '5.mp4'), Buffer.alloc(5));
      const retried = await api('POST', `/cameras/${camera.id}/hard-delete`, { confirmation_phrase: phrase });
      assert.equal(retried.statusCode, 200, retried.body);
      assert.equal(retried.json().recordings_deleted, 1);
      assert.ok(!existsSync(dir));
    });

    it('hard delete takes every row of the camera with it and leaves another camera’s rows alone', async () => {
      const db = t.container.database.db;
      const now = new Date().toISOString();
      const doomed = await createCamera(t, t.adminToken, { name: 'Doomed rows' });
      const kept = await createCamera(t, t.adminToken, { name: 'Kept rows' });
      const model = await db
        .insertInto('ai_models')
        .values({
          name: `model ${doomed.id}`,
          model_name: 'person_counting',
          task: 'person_counting',
          enabled: true,
          source_type: 'live',
          inference_interval: null,
          assigned_camera_id: doomed.id,
          config: null,
          recording_path: null,
          created_at: now,
          updated_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const cameraId of [doomed.id, kept.id]) {
        await db
          .insertInto('recordings')
          .values({
            camera_id: cameraId,
            start_ms: 1,
            end_ms: 2,
            duration_seconds: 1,
            size_bytes: 10,
            path: `cam-${cameraId}/chunk.mp4`,
            created_at: now,
          })
          .execute();
        const event = { type: 'camera.status', camera_id: cameraId, source: 'test', severity: null };
        await db
          .insertInto('events')
          .values({ ...event, timestamp: now, data: '{}' })
          .execute();
        const alert = await db
          .insertInto('alerts')
          .values({
            camera_id: cameraId,
            source_name: 'test',
            severity: 'high',
            severity_rank: 3,
            title: 'Offline',
            message: 'Camera offline',
            created_at: now,
            acknowledged: false,
            acknowledged_at: null,
            acknowledged_by: null,
            acknowledged_by_id: null,
            data: '{}',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db
          .insertInto('alert_deliveries')
          .values({
            alert_id: alert.id,
            channel: 'webhook',
            target: 'https://hooks.example/alert',
            payload: '{}',
            status: 'pending',
            attempts: 0,
            next_attempt_at: now,
            locked_until: null,
            last_status_code: null,
            last_error: null,
            created_at: now,
            updated_at: now,
            delivered_at: null,
          })
          .execute();
        await db
          .insertInto('ai_detection_results')
          .values({
            model_id: model.id,
            camera_id: cameraId,
            task: 'person_counting',
            label: 'person',
            caption: null,
            annotated_image_uri: null,
            confidence: 0.9,
            count: 1,
            bbox_x: null,
            bbox_y: null,
            bbox_width: null,
            bbox_height: null,
            latency_ms: 5,
            executed_at: now,
            created_at: now,
          })
          .execute();
        for (const status of ['pending', 'uploaded']) {
          await db
            .insertInto('cloud_uploads')
            .values({
              camera_id: cameraId,
              recording_path: `cam-${cameraId}/${status}.mp4`,
              object_key: `cam-${cameraId}/${status}.mp4`,
              size_bytes: 10,
              status,
              attempts: 0,
              next_attempt_at: now,
              locked_until: null,
              last_error: null,
              created_at: now,
              updated_at: now,
              uploaded_at: status === 'uploaded' ? now : null,
            })
            .execute();
        }
      }
      const target = await api('POST', '/cloud/stream-targets', {
        camera_id: doomed.id,
        target_id: 'doomed-target',
        protocol: 'rtmp',
        server_url: 'rtmp://127.0.0.1:1935/live',
        enabled: false,
      });
      assert.equal(target.statusCode, 201, target.body);

      const rowsOf = async (cameraId: number) => {
        const count = async (
          table:
            | 'recordings'
            | 'events'
            | 'alerts'
            | 'ai_detection_results'
            | 'cloud_uploads'
            | 'stream_targets'
            | 'camera_configs',
        ) =>
          Number(
            (
              await db
                .selectFrom(table)
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .where('camera_id', '=', cameraId)
                .executeTakeFirstOrThrow()
            ).n,
          );
        const deliveries = await db
          .selectFrom('alert_deliveries')
          .innerJoin('alerts', 'alerts.id', 'alert_deliveries.alert_id')
          .select('alert_deliveries.id')
          .where('alerts.camera_id', '=', cameraId)
          .execute();
        return {
          recordings: await count('recordings'),
          events: await count('events'),
          alerts: await count('alerts'),
          deliveries: deliveries.length,
          detections: await count('ai_detection_results'),
          uploads: await count('cloud_uploads'),
          targets: await count('stream_targets'),
          configs: await count('camera_configs'),
        };
      };
      const before = {
        recordings: 1,
        events: 1,
        alerts: 1,
        deliveries: 1,
        detections: 1,
        uploads: 2,
        configs: 1,
      };
      assert.deepEqual(await rowsOf(doomed.id), { ...before, targets: 1 });
      assert.deepEqual(await rowsOf(kept.id), { ...before, targets: 0 });

      await api('DELETE', `/cameras/${doomed.id}`);
      const done = await api('POST', `/cameras/${doomed.id}/hard-delete`, {
        confirmation_phrase: "hard delete Doomed rows and it's recording",
      });
      assert.equal(done.statusCode, 200, done.body);

      // the finished upload stays as the record of what is in the bucket; nothing else of the camera is left
      const none = {
        recordings: 0,
        events: 0,
        alerts: 0,
        deliveries: 0,
        detections: 0,
        targets: 0,
        configs: 0,
      };
      assert.deepEqual(await rowsOf(doomed.id), { ...none, uploads: 1 });
      const upload = await db
        .selectFrom('cloud_uploads')
        .select('status')
        .where('camera_id', '=', doomed.id)
        .executeTakeFirstOrThrow();
      assert.equal(upload.status, 'uploaded');
      assert.deepEqual(await rowsOf(kept.id), { ...before, targets: 0 });
      const unassigned = await db
        .selectFrom('ai_models')
        .select('assigned_camera_id')
        .where('id', '=', model.id)
        .executeTakeFirstOrThrow();
      assert.equal(unassigned.assigned_camera_id, null);
    });

    it('writes an audit row for every camera mutation', async () => {
      const camera = await createCamera(t, t.adminToken);
      await api('PATCH', `/cameras/${camera.id}`, { description: 'audited' });
      await api('DELETE', `/cameras/${camera.id}`);
      await api('POST', `/cameras/${camera.id}/restore`);
      const rows = (await api('GET', `/audit-logs?entity_type=camera&entity_id=${camera.id}&limit=50`)).json()
        .logs;
      const actions = rows.map((r: { action: string }) => r.action);
      for (const action of ['camera.create', 'camera.update', 'camera.bin', 'camera.restore']) {
        assert.ok(actions.includes(action), `${action} in ${actions.join(',')}`);
      }
    });
  });
}
