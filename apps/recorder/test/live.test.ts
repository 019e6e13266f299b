// Live view: on-demand HLS from one upstream connection per camera, shared by viewers, stopped when idle.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createCamera } from './helpers/cameras.js';
import { eventually } from './helpers/eventually.js';
import { startTestCamera, type TestCamera } from './helpers/rtsp-camera.js';

describe('live HLS', { timeout: 120_000 }, () => {
  let t: TestApp;
  let source: TestCamera;
  before(async () => {
    t = await createTestApp({ overrides: { liveIdleStopMs: 3000 } });
    source = await startTestCamera();
  });
  after(async () => {
    await t.close();
    await source.close();
  });

  it('serves a playlist with segments, shares one upstream between viewers, and stops when nobody watches', async () => {
    const camera = await createCamera(t, t.adminToken, { ip_address: '127.0.0.1', rtsp_url: source.url });
    await t.container.cameraConfig.idle();
    await t.request({
      method: 'PATCH',
      url: `/api/v1/camera-config/${camera.id}`,
      token: t.adminToken,
      payload: { transport_security: 'plaintext_allowed' },
    });
    const viewer = await t.createUser('liveviewer');
    const stranger = await t.createUser('livestranger');
    await t.request({
      method: 'POST',
      url: `/api/v1/cameras/${camera.id}/permissions`,
      token: t.adminToken,
      payload: { user_id: viewer.id },
    });

    const { ticket } = (
      await t.request({
        method: 'POST',
        url: `/api/v1/cameras/${camera.id}/stream-ticket`,
        token: viewer.token,
      })
    ).json();

    // Players open the multivariant playlist; its one variant is the media playlist.
    const first = await t.request({
      method: 'GET',
      url: `/api/v1/cameras/${camera.id}/live/index.m3u8`,
      token: t.adminToken,
    });
    assert.equal(first.statusCode, 200, first.body);
    assert.equal(first.headers['content-type'], 'application/vnd.apple.mpegurl');
    assert.match(first.body, /^#EXT-X-STREAM-INF:BANDWIDTH=\d+,CODECS="avc1\.[0-9A-F]{6}"\nmedia\.m3u8$/m);
    assert.equal(t.container.liveHls.runs(camera.id), 1, 'after the first viewer');
    const media = await t.request({
      method: 'GET',
      url: `/api/v1/cameras/${camera.id}/live/media.m3u8`,
      token: t.adminToken,
    });
    assert.equal(media.statusCode, 200, media.body);
    assert.match(media.body, /#EXT-X-MAP:URI="init-0\.mp4"/);
    const part = /URI="(part-\d+\.m4s)"/.exec(media.body)?.[1];
    assert.ok(part, media.body);

    // A second viewer (with a ticket, as a <video> element would) reads the same session.
    const second = await t.request({
      method: 'GET',
      url: `/api/v1/cameras/${camera.id}/live/index.m3u8?ticket=${ticket}`,
    });
    assert.equal(second.statusCode, 200);
    assert.match(second.body, new RegExp(`^media\\.m3u8\\?ticket=${ticket}$`, 'm'));
    const secondMedia = await t.request({
      method: 'GET',
      url: `/api/v1/cameras/${camera.id}/live/media.m3u8?ticket=${ticket}`,
    });
    assert.match(secondMedia.body, new RegExp(`part-\\d+\\.m4s\\?ticket=${ticket}`));
    assert.equal(t.container.liveHls.runs(camera.id), 1, 'one HLS session for both viewers');
    assert.equal(source.sessions, 1, 'one upstream connection for both viewers');

    const init = await t.request({
      method: 'GET',
      url: `/api/v1/cameras/${camera.id}/live/init-0.mp4?ticket=${ticket}`,
    });
    assert.equal(init.statusCode, 200);
    assert.equal(init.rawPayload.subarray(4, 8).toString('latin1'), 'ftyp');
    const partBody = await t.request({
      method: 'GET',
      url: `/api/v1/cameras/${camera.id}/live/${part}`,
      token: t.adminToken,
    });
    assert.equal(partBody.statusCode, 200);
    assert.equal(partBody.rawPayload.subarray(4, 8).toString('latin1'), 'moof');
    const traversal = await t.request({
      method: 'GET',
      url: `/api/v1/cameras/${camera.id}/live/..%2Findex.m3u8`,
      token: t.adminToken,
    });
    assert.ok([404, 422].includes(traversal.statusCode));
    const hidden = await t.request({
      method: 'GET',
      url: `/api/v1/cameras/${camera.id}/live/index.m3u8`,
      token: stranger.token,
    });
    assert.equal(hidden.statusCode, 404);

    // Nobody asks for a while: the session ends and its upstream connection closes.
    await eventually(() => !t.container.liveHls.isLive(camera.id), {
      timeoutMs: 20_000,
      what: 'the idle stop',
    });
    const again = await t.request({
      method: 'GET',
      url: `/api/v1/cameras/${camera.id}/live/index.m3u8`,
      token: t.adminToken,
    });
    assert.equal(again.statusCode, 200);
    assert.equal(t.container.liveHls.runs(camera.id), 2);
  });

  it('is low-latency HLS: blocking reloads, a preload hint that waits, parts that join into segments', async () => {
    const camera = await createCamera(t, t.adminToken, { ip_address: '127.0.0.1', rtsp_url: source.url });
    await t.container.cameraConfig.idle();
    await t.request({
      method: 'PATCH',
      url: `/api/v1/camera-config/${camera.id}`,
      token: t.adminToken,
      payload: { transport_security: 'plaintext_allowed' },
    });
    const get = (path: string) =>
      t.request({ method: 'GET', url: `/api/v1/cameras/${camera.id}/live/${path}`, token: t.adminToken });
    const first = await get('media.m3u8');
    assert.equal(first.statusCode, 200, first.body);
    assert.match(first.body, /^#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=[\d.]+$/m);
    const partTarget = Number(/^#EXT-X-PART-INF:PART-TARGET=([\d.]+)$/m.exec(first.body)?.[1]);
    assert.ok(partTarget > 0 && partTarget <= 0.5, first.body);

    // The preload hint names the next part; asking for it waits until the packager has written it. Parts are
    // numbered across segments, so each hint in turn is the part that really comes next — across a segment
    // boundary too (asked for the next 8 parts, more than a segment's 5).
    for (let i = 0; i < 8; i++) {
      const playlist = i === 0 ? first : await get('media.m3u8');
      const hint = /^#EXT-X-PRELOAD-HINT:TYPE=PART,URI="(part-\d+\.m4s)"$/m.exec(playlist.body);
      assert.ok(hint, playlist.body);
      const hinted = await get(hint[1]!);
      assert.equal(hinted.statusCode, 200, hint[1]);
      assert.equal(hinted.rawPayload.subarray(4, 8).toString('latin1'), 'moof');
    }

    // A blocking reload for the segment after the one being written answers once it is complete and listed.
    const now = (await get('media.m3u8')).body;
    const writing =
      Number(/^#EXT-X-MEDIA-SEQUENCE:(\d+)$/m.exec(now)?.[1]) + (now.match(/^seg-\d+\.m4s$/gm) ?? []).length;
    const msn = writing + 1;
    const blocked = await get(`media.m3u8?_HLS_msn=${msn}`);
    assert.equal(blocked.statusCode, 200);
    assert.match(blocked.body, new RegExp(`^seg-${msn}\\.m4s$`, 'm'));
    const tooFar = await get(`media.m3u8?_HLS_msn=${msn + 10}`);
    assert.equal(tooFar.statusCode, 400);

    // A whole segment is its parts, one after the other; each part lasts at most the part target.
    // (the parts listed between the segment's date line and its EXTINF)
    const listing = blocked.body.split(`seg-${msn}.m4s`)[0]!;
    const ownParts = listing.slice(listing.lastIndexOf('#EXT-X-PROGRAM-DATE-TIME'));
    const parts = [...ownParts.matchAll(/DURATION=([\d.]+),URI="(part-\d+\.m4s)"(,INDEPENDENT=YES)?/g)];
    assert.ok(parts.length >= 2, blocked.body);
    for (const [, duration] of parts) assert.ok(Number(duration) <= partTarget);
    const bodies = await Promise.all(parts.map(([, , name]) => get(name!)));
    const segment = await get(`seg-${msn}.m4s`);
    assert.equal(segment.statusCode, 200);
    assert.deepEqual(segment.rawPayload, Buffer.concat(bodies.map((body) => body.rawPayload)));
    const extinf = Number(new RegExp(`#EXTINF:([\\d.]+),\\nseg-${msn}\\.m4s`).exec(blocked.body)?.[1]);
    const summed = parts.reduce((sum, [, duration]) => sum + Number(duration), 0);
    assert.ok(Math.abs(extinf - summed) < 0.01, `${extinf} vs ${summed}`);
    assert.ok(parts[0]![3], 'a segment starts with an independent part');
  });

  it('answers 503 when the camera delivers nothing', async () => {
    const camera = await createCamera(t, t.adminToken, {
      ip_address: '127.0.0.1',
      rtsp_url: 'rtsp://127.0.0.1:9/none',
    });
    await t.container.cameraConfig.idle();
    await t.request({
      method: 'PATCH',
      url: `/api/v1/camera-config/${camera.id}`,
      token: t.adminToken,
      payload: { transport_security: 'plaintext_allowed' },
    });
    const response = await t.request({
      method: 'GET',
      url: `/api/v1/cameras/${camera.id}/live/index.m3u8`,
      token: t.adminToken,
    });
    assert.equal(response.statusCode, 503);
    assert.match(response.json().detail, /^The camera could not be read: .*(refused|Connection)/i);
    assert.equal(t.container.liveHls.isLive(camera.id), false);
  });
});
