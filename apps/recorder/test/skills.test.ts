import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createCamera, grant } from './helpers/cameras.js';
import { testDialects } from './helpers/database.js';

for (const dialect of testDialects()) {
  describe(`assignments and skills (${dialect})`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp({ dialect });
    });
    after(() => t.close());

    const api = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object, token = t.adminToken) =>
      t.request({ method, url: `/api/v1${url}`, token, ...(payload ? { payload } : {}) });

    it('normalises labels: trimmed, lower-cased, de-duplicated, order kept', async () => {
      const camera = await createCamera(t, t.adminToken, {
        assignments: [
          { skill: 'object_detection', labels: ['  Car ', 'PERSON', 'car', 'dog'] },
          { skill: 'face_detection' },
        ],
      });
      assert.deepEqual(camera.assignments, [
        { skill: 'object_detection', labels: ['car', 'person', 'dog'] },
        { skill: 'face_detection', labels: null },
      ]);
    });

    it('refuses duplicate skills, more than 16 entries, more than 32 labels and labels outside 1..64', async () => {
      const camera = await createCamera(t, t.adminToken);
      const update = (assignments: unknown) => api('PUT', `/cameras/${camera.id}`, { assignments });
      const cases: [unknown, (string | number)[]][] = [
        [
          [{ skill: 'aa' }, { skill: 'aa' }],
          ['body', 'assignments', 1, 'skill'],
        ],
        [Array.from({ length: 17 }, (_, i) => ({ skill: `skill_${i}` })), ['body', 'assignments']],
        [
          [{ skill: 'aa', labels: Array.from({ length: 33 }, (_, i) => `l${i}`) }],
          ['body', 'assignments', 0, 'labels'],
        ],
        [[{ skill: 'aa', labels: ['ok', '   '] }], ['body', 'assignments', 0, 'labels', 1]],
        [[{ skill: 'aa', labels: ['x'.repeat(65)] }], ['body', 'assignments', 0, 'labels', 0]],
      ];
      for (const [assignments, loc] of cases) {
        const response = await update(assignments);
        assert.equal(response.statusCode, 422, JSON.stringify(assignments).slice(0, 80));
        assert.deepEqual(response.json().detail[0].loc, loc);
      }
      const inside = await update([
        ...Array.from({ length: 15 }, (_, i) => ({ skill: `skill_${i}` })),
        {
          skill: 'labelled',
          labels: [...Array.from({ length: 31 }, (_, i) => `l${i}`), ` ${'x'.repeat(64)} `],
        },
      ]);
      assert.equal(inside.statusCode, 200, inside.body);
      assert.equal(inside.json().assignments.length, 16);
      assert.equal(
        (await t.request({ method: 'GET', url: `/api/v1/cameras/${camera.id}`, token: t.adminToken })).json()
          .assignments.length,
        16,
      );
      // The list is replaced as a whole; null clears it.
      assert.deepEqual((await update([{ skill: 'only_one' }])).json().assignments, [
        { skill: 'only_one', labels: null },
      ]);
      assert.deepEqual((await update(null)).json().assignments, []);
    });

    it('declares and withdraws consumers; the assignment keeps its labels and goes with the last consumer', async () => {
      const camera = await createCamera(t, t.adminToken, {
        assignments: [{ skill: 'person_counting', labels: ['person'] }],
      });
      const declared = await api('PUT', `/skills/person_counting/cameras/${camera.id}`, {
        consumer: 'occupancy-app',
        params: { zone: 'door' },
      });
      assert.equal(declared.statusCode, 200, declared.body);
      assert.equal(declared.json().skill, 'person_counting');
      assert.equal(declared.json().camera_id, camera.id);
      assert.deepEqual(declared.json().labels, ['person']);
      assert.equal(declared.json().consumers[0].consumer, 'occupancy-app');
      assert.deepEqual(declared.json().consumers[0].params, { zone: 'door' });

      // A declaration of a skill the camera lacks adds the assignment.
      const added = await api('PUT', `/skills/loitering/cameras/${camera.id}`, { consumer: 'rules' });
      assert.equal(added.json().labels, null);
      await api('PUT', `/skills/loitering/cameras/${camera.id}`, { consumer: 'second' });
      const skillsOf = async () =>
        (await t.request({ method: 'GET', url: `/api/v1/cameras/${camera.id}`, token: t.adminToken }))
          .json()
          .assignments.map((a: { skill: string }) => a.skill);
      assert.deepEqual(await skillsOf(), ['person_counting', 'loitering']);

      assert.equal(
        (await api('DELETE', `/skills/loitering/cameras/${camera.id}?consumer=rules`)).statusCode,
        204,
      );
      assert.deepEqual(await skillsOf(), ['person_counting', 'loitering']);
      assert.equal(
        (await api('DELETE', `/skills/loitering/cameras/${camera.id}?consumer=second`)).statusCode,
        204,
      );
      assert.deepEqual(await skillsOf(), ['person_counting']);
      assert.equal(
        (await api('DELETE', `/skills/loitering/cameras/${camera.id}?consumer=second`)).statusCode,
        404,
      );
      assert.equal((await api('DELETE', `/skills/loitering/cameras/${camera.id}`)).statusCode, 422);
    });

    it('a declaration cannot take a camera past 16 assignments; one it already has still declares', async () => {
      const sixteen = Array.from({ length: 16 }, (_, i) => ({ skill: `skill_${i}` }));
      const camera = await createCamera(t, t.adminToken, { assignments: sixteen });
      const refused = await api('PUT', `/skills/one_more/cameras/${camera.id}`, { consumer: 'app' });
      assert.equal(refused.statusCode, 422, refused.body);
      assert.deepEqual(refused.json().detail[0].loc, ['path', 'skill_id']);
      const stored = (
        await t.request({ method: 'GET', url: `/api/v1/cameras/${camera.id}`, token: t.adminToken })
      ).json();
      assert.equal(stored.assignments.length, 16);
      const declarations = (await api('GET', '/skills')).json().skills as { skill: string }[];
      assert.ok(!declarations.some((s) => s.skill === 'one_more'), 'nothing was recorded');

      const existing = await api('PUT', `/skills/skill_15/cameras/${camera.id}`, { consumer: 'app' });
      assert.equal(existing.statusCode, 200, existing.body);
      // the camera's own list still round-trips through an update
      const echoed = await t.request({
        method: 'PUT',
        url: `/api/v1/cameras/${camera.id}`,
        token: t.adminToken,
        payload: { assignments: stored.assignments },
      });
      assert.equal(echoed.statusCode, 200, echoed.body);
    });

    it('GET /skills groups by skill over the cameras the caller may view', async () => {
      const viewer = await t.createUser('skillviewer');
      const visible = await createCamera(t, t.adminToken, { assignments: [{ skill: 'zz_visible' }] });
      const hidden = await createCamera(t, t.adminToken, {
        assignments: [{ skill: 'zz_visible' }, { skill: 'zz_hidden' }],
      });
      await grant(t, visible.id, viewer.id, { can_view: true });
      const mine = (await api('GET', '/skills', undefined, viewer.token)).json().skills;
      assert.deepEqual(mine, [
        { skill: 'zz_visible', cameras: [{ camera_id: visible.id, labels: null, consumers: [] }] },
      ]);
      const all = (await api('GET', '/skills')).json().skills;
      const zz = all.filter((s: { skill: string }) => s.skill.startsWith('zz_'));
      assert.deepEqual(
        zz.map((s: { skill: string; cameras: { camera_id: number }[] }) => [
          s.skill,
          s.cameras.map((c) => c.camera_id),
        ]),
        [
          ['zz_hidden', [hidden.id]],
          ['zz_visible', [visible.id, hidden.id]],
        ],
      );
      // A viewer may not declare skills (manage right).
      const denied = await api(
        'PUT',
        `/skills/zz_visible/cameras/${visible.id}`,
        { consumer: 'x' },
        viewer.token,
      );
      assert.equal(denied.statusCode, 403);
    });
  });
}
