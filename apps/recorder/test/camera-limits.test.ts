// Every bound of SEED.md "Limits" for cameras, just inside and just outside, on create and on update.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createCamera } from './helpers/cameras.js';

const url = (length: number) => {
  const prefix = 'rtsp://127.0.0.1/';
  return prefix + 'a'.repeat(length - prefix.length);
};

/** [field, value just inside, value just outside] */
const BOUNDS: [string, unknown, unknown][] = [
  ['name', 'n'.repeat(100), 'n'.repeat(101)],
  ['name', 'n', ''],
  ['ip_address', 'a'.repeat(45), 'a'.repeat(46)],
  ['port', 1, 0],
  ['port', 65535, 65536],
  ['status', 's'.repeat(20), 's'.repeat(21)],
  ['location', 'l'.repeat(200), 'l'.repeat(201)],
  ['display_aspect_ratio', 'd'.repeat(16), 'd'.repeat(17)],
  ['firmware_version', 'f'.repeat(100), 'f'.repeat(101)],
  ['hardware_id', 'h'.repeat(100), 'h'.repeat(101)],
  ['serial_number', 's'.repeat(100), 's'.repeat(101)],
  ['model', 'm'.repeat(100), 'm'.repeat(101)],
  ['manufacturer', 'm'.repeat(100), 'm'.repeat(101)],
  ['vlan', 'v'.repeat(50), 'v'.repeat(51)],
  ['username', 'u'.repeat(50), 'u'.repeat(51)],
  ['password', 'p'.repeat(255), 'p'.repeat(256)],
  ['rtsp_url', url(500), url(501)],
  ['substream_url', url(500), url(501)],
];

const SKILLS: [unknown, boolean][] = [
  ['ab', true],
  ['a'.repeat(64), true],
  ['a', false],
  ['a'.repeat(65), false],
  ['person_counting2', true],
  ['Person', false],
  ['2d', false],
  ['has-dash', false],
];

describe('camera limits', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  const create = (fields: Record<string, unknown>) =>
    t.request({
      method: 'POST',
      url: '/api/v1/cameras?force=true',
      token: t.adminToken,
      payload: { name: 'limits', ip_address: '127.0.9.1', ...fields },
    });

  for (const [field, inside, outside] of BOUNDS) {
    it(`${field}: ${JSON.stringify(inside).length} chars accepted, ${JSON.stringify(outside).length} refused — create and update`, async () => {
      const ok = await create({ [field]: inside });
      assert.equal(ok.statusCode, 201, ok.body);
      const bad = await create({ [field]: outside });
      assert.equal(bad.statusCode, 422);
      assert.deepEqual(bad.json().detail[0].loc, ['body', field]);

      const camera = ok.json();
      const update = (value: unknown) =>
        t.request({
          method: 'PUT',
          url: `/api/v1/cameras/${camera.id}`,
          token: t.adminToken,
          payload: { [field]: value },
        });
      assert.equal((await update(inside)).statusCode, 200);
      const refused = await update(outside);
      assert.equal(refused.statusCode, 422);
      assert.deepEqual(refused.json().detail[0].loc, ['body', field]);
    });
  }

  it('skill names: 2..64 characters of ^[a-z][a-z0-9_]*$ — create, update and the skills API', async () => {
    const camera = await createCamera(t, t.adminToken);
    for (const [skill, valid] of SKILLS) {
      const created = await create({ assignments: [{ skill }] });
      assert.equal(created.statusCode, valid ? 201 : 422, `create ${String(skill)}`);
      if (!valid) assert.deepEqual(created.json().detail[0].loc, ['body', 'assignments', 0, 'skill']);
      const updated = await t.request({
        method: 'PUT',
        url: `/api/v1/cameras/${camera.id}`,
        token: t.adminToken,
        payload: { assignments: [{ skill }] },
      });
      assert.equal(updated.statusCode, valid ? 200 : 422, `update ${String(skill)}`);
      const declared = await t.request({
        method: 'PUT',
        url: `/api/v1/skills/${String(skill)}/cameras/${camera.id}`,
        token: t.adminToken,
        payload: { consumer: 'limits-test' },
      });
      assert.equal(declared.statusCode, valid ? 200 : 422, `declare ${String(skill)}`);
    }
  });

  it('hard-delete phrase: 1..200 characters', async () => {
    const camera = await createCamera(t, t.adminToken);
    await t.request({ method: 'DELETE', url: `/api/v1/cameras/${camera.id}`, token: t.adminToken });
    const send = (confirmation_phrase: string) =>
      t.request({
        method: 'POST',
        url: `/api/v1/cameras/${camera.id}/hard-delete`,
        token: t.adminToken,
        payload: { confirmation_phrase },
      });
    assert.equal((await send('')).statusCode, 422);
    assert.equal((await send('x'.repeat(201))).statusCode, 422);
    // Inside the bounds the phrase is checked against the name: 400, not 422.
    assert.equal((await send('x')).statusCode, 400);
    assert.equal((await send('x'.repeat(200))).statusCode, 400);
  });
});
