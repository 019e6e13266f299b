// Issue #15 item 17: the scrypt parameters in a backup header are read before anything is authenticated, so a
// forged header could ask for up to 4 GiB (log2 N 20: 1 GiB and 6 s per restore request). A restore accepts only
// the parameters the recorder writes, and refuses anything else before scrypt runs.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { KDF } from '../src/modules/backup/backup-file.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { testDialects } from './helpers/database.js';
import { multipart } from './helpers/multipart.js';

const SECRET_KEY = 'correct horse battery staple';
/** "NVRBAK" | version | log2 N | r | p | … */
const LOG_N_AT = 7;
const R_AT = 8;
const P_AT = 9;

for (const dialect of testDialects()) {
  describe(`backup key derivation on ${dialect}`, () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp({ dialect });
    });
    after(() => t.close());

    const restore = (file: Buffer) =>
      t.request({
        method: 'POST',
        url: '/api/v1/system/restore',
        token: t.adminToken,
        ...multipart({ file }, { secret_key: SECRET_KEY }),
      });
    const layout = () => t.request({ method: 'GET', url: '/api/v1/layouts/wall', token: t.adminToken });

    it('a forged header asking for other scrypt parameters is 400 naming them, before any scrypt work', async () => {
      const created = await t.request({
        method: 'POST',
        url: '/api/v1/layouts',
        token: t.adminToken,
        payload: { id: 'wall', name: 'Wall' },
      });
      assert.equal(created.statusCode, 201, created.body);
      const backup = await t.request({
        method: 'POST',
        url: '/api/v1/system/backup',
        token: t.adminToken,
        payload: { secret_key: SECRET_KEY },
      });
      assert.equal(backup.statusCode, 200, backup.body);
      const file = backup.rawPayload;
      assert.deepEqual([file[LOG_N_AT], file[R_AT], file[P_AT]], [KDF.logN, KDF.r, KDF.p]);
      assert.equal(
        (await t.request({ method: 'DELETE', url: '/api/v1/layouts/wall', token: t.adminToken })).statusCode,
        204,
      );

      const peakBefore = process.resourceUsage().maxRSS;
      for (const [at, value, shown] of [
        [LOG_N_AT, 20, 'log2 N 20, r 8, p 1'],
        [LOG_N_AT, 16, 'log2 N 16, r 8, p 1'],
        [LOG_N_AT, 14, 'log2 N 14, r 8, p 1'],
        [R_AT, 32, 'log2 N 15, r 32, p 1'],
        [P_AT, 16, 'log2 N 15, r 8, p 16'],
      ] as const) {
        const forged = Buffer.from(file);
        forged[at] = value;
        const response = await restore(forged);
        assert.equal(response.statusCode, 400, response.body);
        const detail = response.json().detail;
        assert.equal(detail.code, 'invalid_backup');
        assert.ok(
          detail.message.includes(`scrypt parameters (${shown})`) &&
            detail.message.includes(`(log2 N ${KDF.logN}, r ${KDF.r}, p ${KDF.p})`),
          detail.message,
        );
        assert.equal((await layout()).statusCode, 404, 'nothing restored');
      }
      // scrypt with log2 N 20 alone would have taken 1 GiB (peak resident memory is in KiB).
      assert.ok(
        process.resourceUsage().maxRSS - peakBefore < 256 * 1024,
        'no scrypt work for forged headers',
      );

      // The file as written still restores.
      const genuine = await restore(file);
      assert.equal(genuine.statusCode, 200, genuine.body);
      assert.equal((await layout()).statusCode, 200);
    });
  });
}
