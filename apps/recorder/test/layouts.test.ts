import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createCamera } from './helpers/cameras.js';
import { testDialects } from './helpers/database.js';

const layout = (fields: Record<string, unknown> = {}) => ({
  id: 'lobby',
  name: 'Lobby wall',
  grid_columns: 2,
  grid_rows: 2,
  tiles: [
    { row: 0, col: 0, row_span: 1, col_span: 2 },
    { row: 1, col: 0 },
  ],
  ...fields,
});

const issueLocs = (body: { detail: { loc: (string | number)[] }[] }) =>
  body.detail.map((d) => d.loc.join('.'));

for (const dialect of testDialects()) {
  describe(`layouts on ${dialect}`, () => {
    let t: TestApp;
    let alice: { id: number; token: string };
    let bob: { id: number; token: string };

    before(async () => {
      t = await createTestApp({ dialect });
      alice = await t.createUser('alice');
      bob = await t.createUser('bob');
    });
    after(() => t.close());

    const create = (token: string, payload: object) =>
      t.request({ method: 'POST', url: '/api/v1/layouts', token, payload });

    it('create, read, list, replace and delete my own layouts; defaults applied', async () => {
      const camera = await createCamera(t, alice.token);
      const created = await create(alice.token, {
        id: 'home',
        name: 'Home',
        tiles: [{ row: 3, col: 3, camera_id: camera.id }],
      });
      assert.equal(created.statusCode, 201, created.body);
      assert.deepEqual(created.json(), {
        id: 'home',
        name: 'Home',
        description: null,
        enabled: true,
        grid_columns: 4,
        grid_rows: 4,
        tiles: [{ row: 3, col: 3, camera_id: camera.id }],
      });
      assert.equal((await create(alice.token, { id: 'home', name: 'Again' })).statusCode, 409);

      const got = await t.request({ method: 'GET', url: '/api/v1/layouts/home', token: alice.token });
      assert.deepEqual(got.json(), created.json());

      const replaced = await t.request({
        method: 'PUT',
        url: '/api/v1/layouts/home',
        token: alice.token,
        payload: layout({ id: 'home', description: 'two by two', enabled: false }),
      });
      assert.equal(replaced.statusCode, 200, replaced.body);
      assert.equal(replaced.json().grid_columns, 2);
      assert.equal(replaced.json().enabled, false);
      assert.equal(replaced.json().description, 'two by two');
      assert.equal(replaced.json().tiles.length, 2);

      const renamed = await t.request({
        method: 'PUT',
        url: '/api/v1/layouts/home',
        token: alice.token,
        payload: layout({ id: 'other' }),
      });
      assert.equal(renamed.statusCode, 422);
      assert.deepEqual(issueLocs(renamed.json()), ['body.id']);

      const list = await t.request({ method: 'GET', url: '/api/v1/layouts/', token: alice.token });
      assert.equal(list.statusCode, 200);
      assert.deepEqual(
        list.json().layouts.map((l: { id: string }) => l.id),
        ['home'],
      );
      assert.equal(list.json().total, 1);

      const deleted = await t.request({ method: 'DELETE', url: '/api/v1/layouts/home', token: alice.token });
      assert.equal(deleted.statusCode, 204);
      assert.equal(
        (await t.request({ method: 'GET', url: '/api/v1/layouts/home', token: alice.token })).statusCode,
        404,
      );
      assert.equal(
        (await t.request({ method: 'DELETE', url: '/api/v1/layouts/home', token: alice.token })).statusCode,
        404,
      );

      const audit = await t.request({
        method: 'GET',
        url: '/api/v1/audit-logs?entity_type=layout',
        token: t.adminToken,
      });
      assert.deepEqual(
        audit
          .json()
          .logs.map((l: { action: string }) => l.action)
          .reverse(),
        ['layout.create', 'layout.update', 'layout.delete'],
      );
    });

    it('limits: grid 1..8, id 1..50, name 1..100 → 422 naming the field, on create and replace', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ grid_columns: 0 }, 'body.grid_columns'],
        [{ grid_columns: 9 }, 'body.grid_columns'],
        [{ grid_rows: 0 }, 'body.grid_rows'],
        [{ grid_rows: 9 }, 'body.grid_rows'],
        [{ id: '' }, 'body.id'],
        [{ id: 'x'.repeat(51) }, 'body.id'],
        [{ name: '' }, 'body.name'],
        [{ name: 'n'.repeat(101) }, 'body.name'],
        [{ tiles: [{ row: 'a', col: 0 }] }, 'body.tiles.0.row'],
        [{ tiles: [{ row: 0.5, col: 0 }] }, 'body.tiles.0.row'],
        [{ surprise: true }, 'body.surprise'],
      ];
      for (const [fields, loc] of cases) {
        const response = await create(alice.token, layout({ ...fields, tiles: [], ...fields }));
        assert.equal(response.statusCode, 422, `${JSON.stringify(fields)}: ${response.body}`);
        assert.ok(issueLocs(response.json()).includes(loc), `${loc} in ${response.body}`);
      }
      // The bounds themselves are fine.
      const edge = await create(
        alice.token,
        layout({ id: 'x'.repeat(50), name: 'n'.repeat(100), grid_columns: 8, grid_rows: 1, tiles: [] }),
      );
      assert.equal(edge.statusCode, 201, edge.body);
      const small = await create(
        alice.token,
        layout({ id: 'one', grid_columns: 1, grid_rows: 8, tiles: [] }),
      );
      assert.equal(small.statusCode, 201, small.body);
      const replace = await t.request({
        method: 'PUT',
        url: '/api/v1/layouts/one',
        token: alice.token,
        payload: layout({ id: 'one', grid_rows: 9 }),
      });
      assert.equal(replace.statusCode, 422);
      assert.ok(issueLocs(replace.json()).includes('body.grid_rows'));
    });

    it('tiles outside the grid, overlapping or naming a camera I cannot see → 422, nothing stored', async () => {
      const bobsCamera = await createCamera(t, bob.token);
      const cases: [unknown[], string][] = [
        [[{ row: 2, col: 0 }], 'body.tiles.0.row'],
        [[{ row: 0, col: 2 }], 'body.tiles.0.col'],
        [[{ row: -1, col: 0 }], 'body.tiles.0.row'],
        [[{ row: 1, col: 1, row_span: 2 }], 'body.tiles.0.row_span'],
        [[{ row: 0, col: 1, col_span: 2 }], 'body.tiles.0.col_span'],
        [[{ row: 0, col: 0, col_span: 0 }], 'body.tiles.0.col_span'],
        [[{ col: 0 }], 'body.tiles.0.row'],
        [
          [
            { row: 0, col: 0 },
            { row: 0, col: 0 },
          ],
          'body.tiles.1.row',
        ],
        [
          [
            { row: 0, col: 0, row_span: 2, col_span: 2 },
            { row: 1, col: 1 },
          ],
          'body.tiles.1.row',
        ],
        [[{ row: 0, col: 0, camera_id: bobsCamera.id }], 'body.tiles.0.camera_id'],
        [[{ row: 0, col: 0, camera_id: 999999 }], 'body.tiles.0.camera_id'],
      ];
      for (const [tiles, loc] of cases) {
        const response = await create(alice.token, layout({ id: 'bad', tiles }));
        assert.equal(response.statusCode, 422, `${JSON.stringify(tiles)}: ${response.body}`);
        assert.deepEqual(issueLocs(response.json()), [loc], JSON.stringify(tiles));
      }
      assert.equal(
        (await t.request({ method: 'GET', url: '/api/v1/layouts/bad', token: alice.token })).statusCode,
        404,
      );
      // Every problem at once.
      const many = await create(alice.token, layout({ id: 'bad', tiles: [{ row: 5, col: 5 }, { row: 9 }] }));
      assert.deepEqual(issueLocs(many.json()), [
        'body.tiles.0.row',
        'body.tiles.0.col',
        'body.tiles.1.row',
        'body.tiles.1.col',
      ]);
      // Bob may put his own camera on his own layout.
      const ok = await create(
        bob.token,
        layout({ id: 'bad', tiles: [{ row: 0, col: 0, camera_id: bobsCamera.id }] }),
      );
      assert.equal(ok.statusCode, 201, ok.body);
    });

    it('another user — even a superuser — can neither read nor change my layouts; 401 without a token', async () => {
      assert.equal(
        (await create(alice.token, layout({ id: 'private', name: 'Alice only' }))).statusCode,
        201,
      );
      for (const token of [bob.token, t.adminToken]) {
        for (const method of ['GET', 'DELETE'] as const) {
          const response = await t.request({ method, url: '/api/v1/layouts/private', token });
          assert.equal(response.statusCode, 404, `${method} ${response.body}`);
        }
        const put = await t.request({
          method: 'PUT',
          url: '/api/v1/layouts/private',
          token,
          payload: layout({ id: 'private', name: 'Hijacked' }),
        });
        assert.equal(put.statusCode, 404);
        const list = await t.request({ method: 'GET', url: '/api/v1/layouts', token });
        assert.ok(!list.json().layouts.some((l: { name: string }) => l.name === 'Alice only'));
      }
      // Bob can use the same id for his own layout without touching Alice's.
      assert.equal((await create(bob.token, layout({ id: 'private', name: 'Bob' }))).statusCode, 201);
      const mine = await t.request({ method: 'GET', url: '/api/v1/layouts/private', token: alice.token });
      assert.equal(mine.json().name, 'Alice only');
      assert.equal((await t.request({ method: 'GET', url: '/api/v1/layouts' })).statusCode, 401);
      assert.equal((await t.request({ method: 'GET', url: '/api/v1/layouts/private' })).statusCode, 401);
    });
  });
}
