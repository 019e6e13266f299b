// Issue #37: every chunk indexed is a link of its camera's hash chain and every deletion one too (why, by whom); the
// signing key's public half; evidence exports that `npm run verify` checks with no server; the integrity check
// naming an altered byte, a missing file, a row removed without a link and a hole in the chain. Both dialects.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import AdmZip from 'adm-zip';
import { RecordingsRepository } from '../src/modules/recordings/recordings.repository.js';
import { sha256Hex } from '../src/platform/crypto/evidence.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createCamera, grant } from './helpers/cameras.js';
import { testDialects } from './helpers/database.js';
import { verifyEvidence as verify } from './helpers/evidence.js';

/** 2026-11-20T10:00:00Z */
const T0 = Date.UTC(2026, 10, 20, 10);

for (const dialect of testDialects()) {
  describe(`evidence chain on ${dialect}`, () => {
    let t: TestApp;
    let index: RecordingsRepository;
    let cameraId: number;
    const paths: string[] = [];

    /** A chunk of random bytes on disk, indexed as the engine does (hash and link in one go). */
    async function chunk(i: number) {
      const start = T0 + i * 10_000;
      const path = `cam-${cameraId}/2026/11/20/${start}.mp4`;
      const bytes = randomBytes(4096 + i);
      mkdirSync(dirname(join(t.config.recordingsDir, path)), { recursive: true });
      writeFileSync(join(t.config.recordingsDir, path), bytes);
      const row = {
        camera_id: cameraId,
        start_ms: start,
        end_ms: start + 10_000,
        duration_seconds: 10,
        size_bytes: bytes.length,
        path,
        created_at: new Date().toISOString(),
      };
      await index.insert(row, sha256Hex(bytes));
      // Indexed twice (a recovery that finds the file again): one row, one link.
      await index.insert(row, sha256Hex(bytes));
      paths.push(path);
    }
    const file = (i: number) => join(t.config.recordingsDir, paths[i]!);
    const range = (from: number, to: number) =>
      `start_unix=${(T0 + from * 10_000) / 1000}&end_unix=${(T0 + to * 10_000) / 1000}`;
    const integrity = async (from: number, to: number, token = t.adminToken) =>
      t.request({ method: 'GET', url: `/api/v1/recordings/${cameraId}/integrity?${range(from, to)}`, token });

    before(async () => {
      t = await createTestApp({ dialect });
      index = new RecordingsRepository(
        t.container.database.db,
        t.container.database.dialect,
        t.container.cameraLeases.nodeId,
      );
      cameraId = (await createCamera(t, t.adminToken)).id;
      for (let i = 0; i < 6; i++) await chunk(i);
    });
    after(() => t.close());

    it('gives the public key and its fingerprint to signed-in users, never the private key', async () => {
      assert.equal((await t.request({ method: 'GET', url: '/api/v1/system/signing-key' })).statusCode, 401);
      const user = await t.createUser('key-reader');
      const answer = await t.request({ method: 'GET', url: '/api/v1/system/signing-key', token: user.token });
      assert.equal(answer.statusCode, 200);
      const key = answer.json();
      assert.equal(key.algorithm, 'Ed25519');
      assert.match(key.fingerprint, /^([0-9a-f]{4} ){15}[0-9a-f]{4}$/);
      assert.deepEqual(Object.keys(key).sort(), ['algorithm', 'created_at', 'fingerprint', 'public_key']);
      // Sealed with the master key where it is kept.
      const stored = await t.container.database.db
        .selectFrom('signing_keys')
        .selectAll()
        .executeTakeFirstOrThrow();
      assert.match(stored.private_key_sealed, /^v1:/);
      assert.ok(!answer.body.includes(stored.private_key_sealed));
    });

    it('links every chunk once, in one sequence, and the integrity check finds them all intact', async () => {
      const links = await t.container.database.db
        .selectFrom('evidence_links')
        .selectAll()
        .where('camera_id', '=', cameraId)
        .orderBy('seq')
        .execute();
      assert.deepEqual(
        links.map((l) => [l.seq, l.kind, l.path]),
        paths.map((path, i) => [i + 1, 'chunk', path]),
      );
      assert.equal(links[0]!.prev_hash, '0'.repeat(64));
      for (let i = 1; i < links.length; i++) assert.equal(links[i]!.prev_hash, links[i - 1]!.hash);
      assert.equal(await t.container.evidence.signHeads(), 1);
      assert.equal(await t.container.evidence.signHeads(), 0, 'a head already signed is not signed again');
      const report = (await integrity(0, 6)).json();
      assert.equal(report.verified, true, JSON.stringify(report));
      assert.equal(report.counts.ok, 6);
      assert.equal(report.chain.signed_seq, 6);
    });

    it('answers 401, 404 for a camera the caller cannot see, 422 naming the field for a bad range', async () => {
      assert.equal(
        (await t.request({ method: 'GET', url: `/api/v1/recordings/${cameraId}/integrity` })).statusCode,
        401,
      );
      const stranger = await t.createUser('stranger');
      assert.equal((await integrity(0, 6, stranger.token)).statusCode, 404);
      const viewer = await t.createUser('viewer');
      await grant(t, cameraId, viewer.id, { can_view: true });
      assert.equal((await integrity(0, 6, viewer.token)).statusCode, 200);
      const tooLong = await t.request({
        method: 'GET',
        url: `/api/v1/recordings/${cameraId}/integrity?start_unix=0&end_unix=${2 * 86400}`,
        token: t.adminToken,
      });
      assert.equal(tooLong.statusCode, 422);
      assert.match(tooLong.body, /end_unix/);
      const exportTooLong = await t.request({
        method: 'GET',
        url: `/api/v1/recordings/${cameraId}/export?start_unix=0&end_unix=7200&evidence=true`,
        token: t.adminToken,
      });
      assert.equal(exportTooLong.statusCode, 422);
      assert.match(exportTooLong.body, /end_unix/);
    });

    it('exports evidence that verify accepts, and names each kind of tampering', async () => {
      const exported = await t.request({
        method: 'GET',
        url: `/api/v1/recordings/${cameraId}/export?${range(1, 4)}&evidence=true`,
        token: t.adminToken,
      });
      assert.equal(exported.statusCode, 200, exported.body);
      assert.equal(exported.headers['content-type'], 'application/zip');
      const dir = mkdtempSync(join(tmpdir(), 'nvr-evidence-test-'));
      try {
        const good = join(dir, 'good.zip');
        writeFileSync(good, exported.rawPayload);
        const key = (
          await t.request({ method: 'GET', url: '/api/v1/system/signing-key', token: t.adminToken })
        ).json();
        const plain = await verify(good);
        assert.equal(plain.code, 0, plain.out);
        assert.match(plain.out, /proves only that the file is consistent/);
        assert.ok(plain.out.includes(key.fingerprint));
        assert.equal((await verify(good, '--key', key.fingerprint)).code, 0);
        assert.equal((await verify(good, '--key', key.public_key)).code, 0);
        const zip = new AdmZip(exported.rawPayload);
        const manifest = JSON.parse(zip.readAsText('manifest.json'));
        assert.equal(manifest.exported_by.username, 'admin');
        assert.deepEqual(
          manifest.chunks.map((c: { file: string }) => c.file),
          // A chunk that only touches the range is in it (as in a plain export).
          [0, 1, 2, 3, 4].map((i) => `chunks/${T0 + i * 10_000}.mp4`),
        );
        const tampered = async (name: string, change: (zip: AdmZip) => void) => {
          const copy = new AdmZip(exported.rawPayload);
          change(copy);
          const path = join(dir, `${name}.zip`);
          copy.writeZip(path);
          return verify(path, '--key', key.fingerprint);
        };
        const [a, b] = manifest.chunks as Array<{ file: string }>;
        const byte = await tampered('byte', (z) => {
          const data = z.readFile(a!.file)!;
          data[100]! ^= 1;
          z.updateFile(a!.file, data);
        });
        assert.equal(byte.code, 1);
        assert.match(byte.out, new RegExp(`altered chunk: ${a!.file}`));
        const missing = await tampered('missing', (z) => z.deleteFile(b!.file));
        assert.equal(missing.code, 1);
        assert.match(missing.out, new RegExp(`missing chunk: ${b!.file}`));
        const reordered = await tampered('reordered', (z) => {
          const first = z.readFile(a!.file)!;
          z.updateFile(a!.file, z.readFile(b!.file)!);
          z.updateFile(b!.file, first);
        });
        assert.equal(reordered.code, 1);
        assert.match(reordered.out, new RegExp(`reordered chunks: ${a!.file} holds the bytes of ${b!.file}`));
        const forged = await tampered('forged', (z) => {
          z.updateFile(
            'manifest.json',
            Buffer.from(
              zip.readAsText('manifest.json').replace('"username": "admin"', '"username": "someone"'),
            ),
          );
        });
        assert.equal(forged.code, 1);
        assert.match(forged.out, /forged manifest/);
        const wrongKey = await verify(good, '--key', 'ab'.repeat(32));
        assert.equal(wrongKey.code, 1);
        assert.match(wrongKey.out, /wrong key/);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('records deletions as links (why and by whom) and names altered, missing and unexplained gaps', async () => {
      // A user deletes chunk 0 through the API: explained.
      const rows = await t.container.database.db
        .selectFrom('recordings')
        .select(['id', 'path'])
        .where('camera_id', '=', cameraId)
        .execute();
      const idOf = (i: number) => rows.find((row) => row.path === paths[i])!.id;
      const deleted = await t.request({
        method: 'DELETE',
        url: `/api/v1/recordings/${cameraId}/chunks/${idOf(0)}`,
        token: t.adminToken,
      });
      assert.equal(deleted.statusCode, 204);
      // Chunk 1's file changes a byte; chunk 2's file goes; chunk 3's row is removed behind the recorder's back.
      const bytes = readFileSync(file(1));
      bytes[10]! ^= 1;
      writeFileSync(file(1), bytes);
      rmSync(file(2));
      await t.container.database.db.deleteFrom('recordings').where('id', '=', idOf(3)).execute();
      const report = (await integrity(0, 6)).json();
      const status = report.chunks.map((c: { status: string }) => c.status);
      assert.deepEqual(status, ['deleted', 'altered', 'missing', 'missing', 'ok', 'ok']);
      assert.equal(report.chunks[0].reason, 'user');
      assert.equal(report.chunks[0].actor, 'user:1:admin');
      assert.equal(report.verified, false);
      assert.equal(report.chain.ok, true);
      // The scheduled check finds the same and raises one critical alert for the camera.
      await t.container.integrityWatch.check(T0 + 60_000);
      await t.container.integrityWatch.check(T0 + 60_000);
      const alerts = (
        await t.request({
          method: 'GET',
          url: `/api/v1/alerts?source_name=recording_integrity&camera_id=${cameraId}`,
          token: t.adminToken,
        })
      ).json();
      assert.equal(alerts.total, 1, JSON.stringify(alerts));
      assert.equal(alerts.alerts[0].severity, 'critical');
      assert.match(alerts.alerts[0].message, /1 chunk\(s\) altered, 2 chunk\(s\) missing/);
      // An altered chunk is refused in an evidence export, naming the check to run.
      const refused = await t.request({
        method: 'GET',
        url: `/api/v1/recordings/${cameraId}/export?${range(1, 2)}&evidence=true`,
        token: t.adminToken,
      });
      assert.equal(refused.statusCode, 409);
      assert.match(refused.body, /no longer matches its hash/);
      // A link removed from the chain is a hole the check names.
      await t.container.database.db
        .deleteFrom('evidence_links')
        .where('camera_id', '=', cameraId)
        .where('seq', '=', 5)
        .execute();
      const holed = (await integrity(0, 6)).json();
      assert.equal(holed.chain.ok, false);
      assert.deepEqual(holed.gaps, [{ after_seq: 4, before_seq: 6 }]);
      assert.match(holed.chain.problem, /unexplained gap/);
    });

    it('retention deletions are links naming the reason', async () => {
      const other = (await createCamera(t, t.adminToken)).id;
      const start = Date.now() - 40 * 86_400_000;
      const path = `cam-${other}/old/${start}.mp4`;
      mkdirSync(dirname(join(t.config.recordingsDir, path)), { recursive: true });
      writeFileSync(join(t.config.recordingsDir, path), 'old footage');
      await index.insert(
        {
          camera_id: other,
          start_ms: start,
          end_ms: start + 10_000,
          duration_seconds: 10,
          size_bytes: 11,
          path,
          created_at: new Date().toISOString(),
        },
        sha256Hex('old footage'),
      );
      const result = await t.container.retention.run();
      assert.ok(result.deletedByAge >= 1);
      const links = await t.container.database.db
        .selectFrom('evidence_links')
        .selectAll()
        .where('camera_id', '=', other)
        .orderBy('seq')
        .execute();
      assert.deepEqual(
        links.map((l) => [l.seq, l.kind, l.reason, l.actor, l.sha256]),
        [
          [1, 'chunk', null, 'system', sha256Hex('old footage')],
          [2, 'deleted', 'retention_age', 'system', sha256Hex('old footage')],
        ],
      );
      assert.equal(links[1]!.prev_hash, links[0]!.hash);
    });
  });
}
