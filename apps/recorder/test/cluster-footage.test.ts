// Footage and live view from any node of a cluster (issue #22), with real recorder processes and a real test
// camera: the node that does not run the camera (and does not hold its chunks) serves its chunks, VOD playlist,
// export, previews, live HLS and snapshots through the node-to-node channel, with the caller's own credentials;
// what mixes footage from both nodes is put together on the node asked; a node that is gone is named in a 503.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { endOrphans, startTestCluster, type TestCluster } from './helpers/cluster.js';
import { POSTGRES_SKIP_REASON } from './helpers/database.js';
import { eventually } from './helpers/eventually.js';
import { verifyEvidence } from './helpers/evidence.js';
import type { RecorderProcess } from './helpers/recorder-process.js';
import { startTestCamera, type TestCamera } from './helpers/rtsp-camera.js';
import { offer } from './helpers/webrtc-viewer.js';

/** the address the test's client requests come from, when it matters whose they are */
const CLIENT_ADDRESS = '127.0.0.7';
const SEGMENT_SECONDS = 10;

interface ChunkRow {
  id: number;
  node_id: string;
  start_ms: number;
  end_ms: number;
  path: string;
  size_bytes: number;
}

interface NodeView {
  id: string;
  name: string;
  this_node: boolean;
  camera_ids: number[];
}

describe(
  'footage and live view from any node',
  { skip: POSTGRES_SKIP_REASON ?? false, timeout: 180_000 },
  () => {
    let cluster: TestCluster;
    let db: pg.Client;
    let camera: TestCamera;
    let cameraId: number;
    /** the node that runs the camera and holds its first chunks, the other one, and their names */
    let holder: RecorderProcess;
    let other: RecorderProcess;
    const names = new Map<RecorderProcess, { id: string; name: string }>();
    let first: ChunkRow;

    const chunks = async (nodeId?: string): Promise<ChunkRow[]> =>
      (
        await db.query<ChunkRow>(
          'select id, node_id, start_ms, end_ms, path, size_bytes from recordings where camera_id = $1 ' +
            'and ($2::text is null or node_id = $2) order by start_ms',
          [cameraId, nodeId ?? null],
        )
      ).rows.map((row) => ({ ...row, start_ms: Number(row.start_ms), end_ms: Number(row.end_ms) }));
    /** A GET on a node as admin (or with other headers), the body as bytes. */
    const get = async (node: RecorderProcess, path: string, headers: Record<string, string> = {}) => {
      const response = await fetch(`http://${node.host}/api/v1${path}`, {
        headers: { authorization: `Bearer ${node.token}`, ...headers },
      });
      return { response, bytes: Buffer.from(await response.arrayBuffer()) };
    };
    /** A DELETE as admin from a client address of the test's choosing (any 127.x.y.z is this machine); its status. */
    const deleteFrom = (
      from: string,
      node: RecorderProcess,
      path: string,
      headers: Record<string, string> = {},
    ) =>
      new Promise<number>((resolve, reject) => {
        const [hostname, port] = node.host.split(':');
        const request = http.request(
          {
            hostname,
            port: Number(port),
            path: `/api/v1${path}`,
            method: 'DELETE',
            localAddress: from,
            headers: { authorization: `Bearer ${node.token}`, ...headers },
          },
          (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode!));
          },
        );
        request.on('error', reject);
        request.end();
      });
    /** The addresses in the audit rows of a chunk's deletion. */
    const deletionIps = async (chunkId: number) =>
      (
        await db.query<{ ip: string }>(
          "select ip from audit_logs where action = 'recording.delete' and details like $1",
          [`%"chunk_id":${chunkId},%`],
        )
      ).rows.map((row) => row.ip);
    const onDisk = (node: RecorderProcess, chunk: ChunkRow) =>
      readFileSync(join(node.dataDir, 'recordings', chunk.path));

    before(async () => {
      cluster = await startTestCluster({ nodes: 2 });
      db = new pg.Client({ connectionString: cluster.database.url });
      await db.connect();
      camera = await startTestCamera({ gop: 10, fps: 10, width: 320, height: 180 });
      const [a] = cluster.nodes as [RecorderProcess];
      const created = await a.api('POST', '/cameras', {
        name: 'footage',
        ip_address: '127.0.0.1',
        rtsp_url: camera.url,
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      cameraId = created.body.id as number;
      const configured = await a.api('PATCH', `/camera-config/${cameraId}`, {
        recording_enabled: true,
        recording_segment_seconds: SEGMENT_SECONDS,
        transport_security: 'plaintext_allowed',
      });
      assert.equal(configured.status, 200, JSON.stringify(configured.body));
      for (const node of cluster.nodes) {
        const me = ((await node.api('GET', '/nodes')).body.nodes as NodeView[]).find((n) => n.this_node)!;
        names.set(node, { id: me.id, name: me.name });
      }
      first = await eventually(async () => (await chunks())[0], {
        timeoutMs: 40_000,
        what: 'a first chunk of the camera',
      });
      holder = cluster.nodes.find((node) => names.get(node)!.id === first.node_id)!;
      other = cluster.nodes.find((node) => node !== holder)!;
    });
    after(async () => {
      await db?.end();
      await cluster?.close();
      await camera?.close();
    });

    it('downloads a chunk recorded on one node through the other, byte for byte, and by range', async () => {
      const file = onDisk(holder, first);
      const whole = await get(other, `/recordings/${cameraId}/chunks/${first.id}`);
      assert.equal(whole.response.status, 200);
      assert.equal(whole.response.headers.get('x-nvr-node'), names.get(holder)!.name);
      assert.equal(whole.response.headers.get('content-type'), 'video/mp4');
      assert.ok(whole.bytes.equals(file), 'the same bytes as on the recording node');

      const part = await get(other, `/recordings/${cameraId}/chunks/${first.id}`, {
        range: 'bytes=100-1099',
      });
      assert.equal(part.response.status, 206);
      assert.equal(part.response.headers.get('content-range'), `bytes 100-1099/${file.length}`);
      assert.ok(part.bytes.equals(file.subarray(100, 1100)));

      // A media ticket (no header) works too: the holder redeems it again.
      const ticket = (await other.api('POST', `/cameras/${cameraId}/stream-ticket`)).body.ticket as string;
      const byTicket = await fetch(
        `http://${other.host}/api/v1/recordings/${cameraId}/chunks/${first.id}?ticket=${encodeURIComponent(ticket)}`,
      );
      assert.equal(byTicket.status, 200);
      assert.ok(Buffer.from(await byTicket.arrayBuffer()).equals(file));
    });

    it("serves the VOD playlist, its chunk byte ranges, a preview and an export of the other node's footage", async () => {
      const range = `start_unix=${Math.floor(first.start_ms / 1000)}&end_unix=${Math.ceil(first.end_ms / 1000)}`;
      const playlist = await get(other, `/recordings/${cameraId}/playlist.m3u8?${range}`);
      assert.equal(playlist.response.status, 200);
      assert.equal(playlist.response.headers.get('x-nvr-node'), names.get(holder)!.name);
      const text = playlist.bytes.toString('utf8');
      const [, length, offset, uri, id] = /#EXT-X-BYTERANGE:(\d+)@(\d+)\n(chunks\/(\d+)\.mp4)/.exec(text)!;
      assert.equal(Number(id), first.id, text);
      const start = Number(offset);
      const end = start + Number(length);
      const segment = await get(other, `/recordings/${cameraId}/${uri}`, {
        range: `bytes=${start}-${end - 1}`,
      });
      assert.equal(segment.response.status, 206);
      assert.ok(segment.bytes.equals(onDisk(holder, first).subarray(start, end)));

      const preview = await get(other, `/recordings/${cameraId}/thumbnail?at_ms=${first.start_ms + 1000}`);
      assert.equal(preview.response.status, 200);
      assert.deepEqual([...preview.bytes.subarray(0, 2)], [0xff, 0xd8], 'a JPEG');

      const exported = await get(other, `/recordings/${cameraId}/export?${range}`);
      assert.equal(exported.response.status, 200);
      assert.equal(exported.response.headers.get('x-nvr-node'), names.get(holder)!.name);
      assert.match(exported.response.headers.get('content-disposition') ?? '', /attachment/);
      assert.ok(probeDuration(exported.bytes) > 1, 'the export plays');
    });

    it('describes and serves the chunk being recorded on the other node; coverage there reaches into it', async () => {
      // Between one chunk closing and the next having a whole fragment there is none (a moment; longer on a
      // loaded machine): asked again until there is.
      let described = await get(other, `/recordings/${cameraId}/in-progress`);
      for (let tries = 0; described.response.status === 404 && tries < 50; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        described = await get(other, `/recordings/${cameraId}/in-progress`);
      }
      assert.equal(described.response.status, 200, described.bytes.toString());
      assert.equal(described.response.headers.get('x-nvr-node'), names.get(holder)!.name);
      const chunk = JSON.parse(described.bytes.toString()) as {
        url: string;
        init_bytes: number;
        end_time: string;
      };
      const path = chunk.url.replace('/api/v1', '');
      const init = { range: `bytes=0-${chunk.init_bytes - 1}` };
      const through = await get(other, path, init);
      assert.equal(through.response.status, 206);
      assert.ok(
        through.bytes.equals((await get(holder, path, init)).bytes),
        'the same bytes as on the holder',
      );

      // Coverage asked of this node: the index is shared, the chunk being written is asked of the holder.
      const now = Math.ceil(Date.now() / 1000);
      const coverage = await get(
        other,
        `/recordings/${cameraId}/coverage?start_unix=${now - 600}&end_unix=${now}`,
      );
      assert.equal(coverage.response.status, 200);
      const spans = (
        JSON.parse(coverage.bytes.toString()) as { spans: { end_time: string; in_progress: boolean }[] }
      ).spans;
      assert.equal(spans.at(-1)?.in_progress, true, JSON.stringify(spans));
      assert.ok(Date.parse(spans.at(-1)!.end_time) >= Date.parse(chunk.end_time));
    });

    it('serves live HLS and snapshots of a camera the other node runs', async () => {
      const index = await get(other, `/cameras/${cameraId}/live/index.m3u8`);
      assert.equal(index.response.status, 200, index.bytes.toString());
      assert.equal(index.response.headers.get('x-nvr-node'), names.get(holder)!.name);
      assert.match(index.bytes.toString(), /media\.m3u8/);
      const media = await get(other, `/cameras/${cameraId}/live/media.m3u8`);
      assert.equal(media.response.status, 200);
      const text = media.bytes.toString();
      const part = /#EXT-X-PART:[^\n]*URI="(part-\d+\.m4s)"/.exec(text);
      assert.ok(part, text);
      const bytes = await get(other, `/cameras/${cameraId}/live/${part[1]}`);
      assert.equal(bytes.response.status, 200);
      assert.equal(bytes.response.headers.get('content-type'), 'video/mp4');
      assert.ok(bytes.bytes.includes(Buffer.from('moof')), 'an fMP4 part');

      const snapshot = await get(other, `/cameras/${cameraId}/snapshot`);
      assert.equal(snapshot.response.status, 200);
      assert.equal(snapshot.response.headers.get('x-nvr-node'), names.get(holder)!.name);
      assert.deepEqual([...snapshot.bytes.subarray(0, 2)], [0xff, 0xd8], 'a JPEG');
    });

    it('answers a WHEP offer for a camera the other node runs; the media then comes from that node', async () => {
      const configured = await holder.api('PATCH', `/camera-config/${cameraId}`, { webrtc_publisher: true });
      assert.equal(configured.status, 200, JSON.stringify(configured.body));
      const { pc, sdp, viewer } = await offer();
      try {
        const answer = await fetch(`http://${other.host}/api/v1/cameras/${cameraId}/live/whep`, {
          method: 'POST',
          headers: { authorization: `Bearer ${other.token}`, 'content-type': 'application/sdp' },
          body: sdp,
        });
        const body = await answer.text();
        assert.equal(answer.status, 201, body);
        assert.equal(answer.headers.get('x-nvr-node'), names.get(holder)!.name);
        assert.equal(answer.headers.get('content-type'), 'application/sdp');
        const session = answer.headers.get('location')!;
        assert.match(session, new RegExp(`^/api/v1/cameras/${cameraId}/live/whep/[0-9a-f-]{36}$`));
        await pc.setRemoteDescription({ type: 'answer', sdp: body });
        await viewer.keyframe;
        const ended = await fetch(`http://${other.host}${session}`, {
          method: 'DELETE',
          headers: { authorization: `Bearer ${other.token}` },
        });
        assert.equal(ended.status, 204);
      } finally {
        await pc.close();
      }
    });

    it('checks credentials and rights on the node asked, before anything is forwarded', async () => {
      const anonymous = await fetch(`http://${other.host}/api/v1/recordings/${cameraId}/chunks/${first.id}`);
      assert.equal(anonymous.status, 401);
      assert.equal(anonymous.headers.get('x-nvr-node'), null);

      const user = await other.api('POST', '/users', {
        username: 'no_rights',
        password: 'Str0ng-pass-phrase',
      });
      assert.equal(user.status, 201, JSON.stringify(user.body));
      const login = await fetch(`http://${other.host}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'username=no_rights&password=Str0ng-pass-phrase',
      });
      const { access_token: token } = (await login.json()) as { access_token: string };
      for (const path of [`/recordings/${cameraId}/chunks/${first.id}`, `/cameras/${cameraId}/snapshot`]) {
        const refused = await fetch(`http://${other.host}/api/v1${path}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        assert.equal(refused.status, 404, path);
        assert.equal(refused.headers.get('x-nvr-node'), null, path);
      }
    });

    it("deletes a chunk on the other node's disk through this one", async () => {
      const victim = await eventually(
        async () => (await chunks(names.get(holder)!.id)).find((chunk) => chunk.id !== first.id),
        { timeoutMs: (SEGMENT_SECONDS + 10) * 1000, what: 'a second chunk on the holder' },
      );
      // From a client address of its own, so that the audit row shows whose request it was.
      const deleted = await deleteFrom(CLIENT_ADDRESS, other, `/recordings/${cameraId}/chunks/${victim.id}`);
      assert.equal(deleted, 204);
      assert.equal(
        (await chunks()).find((chunk) => chunk.id === victim.id),
        undefined,
      );
      assert.throws(() => onDisk(holder, victim), /ENOENT/);
      // The holder deleted it and wrote the audit row with the client's address, which the node asked named.
      assert.deepEqual(await deletionIps(victim.id), [CLIENT_ADDRESS]);
    });

    it("takes a caller's address from another node only when that node signed it", async () => {
      const victim = await eventually(
        async () => (await chunks(names.get(holder)!.id)).find((chunk) => chunk.id !== first.id),
        { timeoutMs: (SEGMENT_SECONDS + 10) * 1000, what: 'another chunk on the holder' },
      );
      // Straight to the holder, with a made-up header: the peer's own address is recorded.
      const deleted = await deleteFrom('127.0.0.8', holder, `/recordings/${cameraId}/chunks/${victim.id}`, {
        'x-nvr-client': `10.9.9.9 ${Date.now()} forged`,
      });
      assert.equal(deleted, 204);
      assert.deepEqual(await deletionIps(victim.id), ['127.0.0.8']);
    });

    it('exports and plays footage that spans both nodes from the node asked', async () => {
      // The holder is drained: the camera moves to the other node, which records on.
      const drained = await other.api('POST', `/nodes/${names.get(holder)!.id}/drain`);
      assert.equal(drained.status, 200, JSON.stringify(drained.body));
      const moved = await eventually(async () => (await chunks(names.get(other)!.id))[0], {
        timeoutMs: 30_000,
        what: 'a chunk recorded by the other node',
      });
      const before = (await chunks(names.get(holder)!.id)).at(-1)!;
      const range = `start_unix=${Math.floor(before.start_ms / 1000)}&end_unix=${Math.ceil(moved.end_ms / 1000)}`;

      const playlist = await get(holder, `/recordings/${cameraId}/playlist.m3u8?${range}`);
      assert.equal(playlist.response.status, 200);
      assert.equal(playlist.response.headers.get('x-nvr-node'), null, 'written by the node asked');
      const maps = [
        ...playlist.bytes.toString().matchAll(/#EXT-X-MAP:URI="chunks\/(\d+)\.mp4",BYTERANGE="(\d+)@0"/g),
      ];
      const map = maps.find((match) => Number(match[1]) === moved.id);
      assert.ok(map, playlist.bytes.toString());
      const init = await get(holder, `/recordings/${cameraId}/chunks/${moved.id}`, {
        range: `bytes=0-${Number(map[2]) - 1}`,
      });
      assert.ok(init.bytes.equals(onDisk(other, moved).subarray(0, Number(map[2]))));
      assert.ok(
        onDisk(other, moved)
          .subarray(Number(map[2]), Number(map[2]) + 8)
          .includes(Buffer.from('moof')),
      );

      const exported = await get(holder, `/recordings/${cameraId}/export?${range}`);
      assert.equal(exported.response.status, 200);
      assert.equal(exported.response.headers.get('x-nvr-node'), null, 'exported by the node asked');
      const both = (before.end_ms - before.start_ms + (moved.end_ms - moved.start_ms)) / 1000;
      assert.ok(probeDuration(exported.bytes) >= both - 1, 'the export holds both chunks');
    });

    it('keeps one evidence chain across both nodes; an evidence export of both verifies with the one key', async () => {
      const links = (
        await db.query<{ seq: string; kind: string; node_id: string; prev_hash: string; hash: string }>(
          'select seq, kind, node_id, prev_hash, hash from evidence_links where camera_id = $1 order by seq',
          [cameraId],
        )
      ).rows;
      assert.deepEqual(
        links.map((link) => Number(link.seq)),
        links.map((_, i) => i + 1),
        'one sequence, no fork',
      );
      for (let i = 1; i < links.length; i++) assert.equal(links[i]!.prev_hash, links[i - 1]!.hash);
      const chunkNodes = new Set(links.filter((l) => l.kind === 'chunk').map((l) => l.node_id));
      assert.deepEqual(chunkNodes, new Set([names.get(holder)!.id, names.get(other)!.id]));
      assert.ok(
        links.some((l) => l.kind === 'deleted'),
        'the chunk deleted through the other node is a link',
      );
      const keys = await Promise.all(
        [holder, other].map(async (node) => (await node.api('GET', '/system/signing-key')).body),
      );
      assert.equal(keys[0].fingerprint, keys[1].fingerprint, 'one key for the installation');

      const before = (await chunks(names.get(holder)!.id)).at(-1)!;
      const moved = (await chunks(names.get(other)!.id))[0]!;
      const range = `start_unix=${Math.floor(before.start_ms / 1000)}&end_unix=${Math.ceil(moved.end_ms / 1000)}`;
      const exported = await get(holder, `/recordings/${cameraId}/export?${range}&evidence=true`);
      assert.equal(exported.response.status, 200, exported.bytes.toString());
      const dir = mkdtempSync(join(tmpdir(), 'nvr-evidence-'));
      try {
        writeFileSync(join(dir, 'evidence.zip'), exported.bytes);
        const checked = await verifyEvidence(join(dir, 'evidence.zip'), '--key', keys[0].fingerprint);
        assert.equal(checked.code, 0, checked.out);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      const report = await get(other, `/recordings/${cameraId}/integrity?${range}`);
      const integrity = JSON.parse(report.bytes.toString());
      assert.equal(integrity.chain.ok, true, JSON.stringify(integrity));
      assert.equal(integrity.counts.altered + integrity.counts.missing, 0);
    });

    it("serves a review item's pictures and clip from the node that built it, and deletes them there", async () => {
      // An incident the holder built: its row names the holder, its files are in the holder's DATA_DIR (how
      // items are built is review.test.ts's business).
      const now = new Date().toISOString();
      const { rows } = await db.query<{ id: number }>(
        `insert into review_items (camera_id, start_ms, end_ms, clip_from_ms, clip_to_ms, severity, labels, zones,
           track_ids, boxes, has_snapshot, clip_status, reviewed, reviewed_at, created_at, updated_at, node_id)
         values ($1, $2, $3, $2, $3, 'detection', '["person"]', '[]', '[]', '[]', true, 'ready', false, null, $4, $4, $5)
         returning id`,
        [cameraId, first.start_ms, first.end_ms, now, names.get(holder)!.id],
      );
      const itemId = rows[0]!.id;
      const dir = join(holder.dataDir, 'review', `cam-${cameraId}`);
      mkdirSync(dir, { recursive: true });
      const picture = Buffer.concat([Buffer.from([0xff, 0xd8]), randomBytes(3000)]);
      writeFileSync(join(dir, `${itemId}.jpg`), picture);
      writeFileSync(join(dir, `${itemId}.mp4`), onDisk(holder, first));

      const snapshot = await get(other, `/review-items/${itemId}/snapshot`);
      assert.equal(snapshot.response.status, 200);
      assert.equal(snapshot.response.headers.get('x-nvr-node'), names.get(holder)!.name);
      assert.ok(snapshot.bytes.equals(picture));
      const part = await get(other, `/review-items/${itemId}/clip`, { range: 'bytes=100-1099' });
      assert.equal(part.response.status, 206);
      assert.ok(part.bytes.equals(onDisk(holder, first).subarray(100, 1100)));

      const deleted = await fetch(`http://${other.host}/api/v1/review-items/${itemId}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${other.token}` },
      });
      assert.equal(deleted.status, 204, await deleted.text());
      assert.equal(deleted.headers.get('x-nvr-node'), names.get(holder)!.name);
      assert.deepEqual(
        readdirSync(dir).filter((name) => name.startsWith(`${itemId}.`)),
        [],
      );
      assert.equal((await db.query('select 1 from review_items where id = $1', [itemId])).rowCount, 0);
    });

    it('answers 503 naming the node when the node holding a chunk is gone', async () => {
      const gone = names.get(holder)!;
      await holder.kill('SIGKILL');
      await endOrphans(holder.dataDir);
      cluster.nodes.splice(cluster.nodes.indexOf(holder), 1);
      const answer = await get(other, `/recordings/${cameraId}/chunks/${first.id}`);
      assert.equal(answer.response.status, 503);
      assert.match(JSON.parse(answer.bytes.toString()).detail as string, new RegExp(`node ${gone.name}\\b`));
    });
  },
);

/** The duration ffprobe reads from an MP4 (0 when it plays nothing). */
function probeDuration(mp4: Buffer): number {
  const dir = mkdtempSync(join(tmpdir(), 'nvr-footage-'));
  try {
    writeFileSync(join(dir, 'export.mp4'), mp4);
    const out = execFileSync(
      'ffprobe',
      ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', join(dir, 'export.mp4')],
      { encoding: 'utf8' },
    );
    return Number(out.trim()) || 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
