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

    const first = await t.request({
      method: 'GET',
      url: `/api/v1/cameras/${camera.id}/live/index.m3u8`,
      token: t.adminToken,
    });
    assert.equal(first.statusCode, 200, first.body);
    assert.equal(first.headers['content-type'], 'application/vnd.apple.mpegurl');
    assert.match(first.body, /#EXT-X-MAP:URI="init\.mp4"/);
    assert.equal(t.container.liveHls.runs(camera.id), 1, 'after the first viewer');
    const segment = /^(seg-\d+\.m4s)$/m.exec(first.body)?.[1];
    assert.ok(segment, first.body);

    // A second viewer (with a ticket, as a <video> element would) reads the same session.
    const second = await t.request({
      method: 'GET',
      url: `/api/v1/cameras/${camera.id}/live/index.m3u8?ticket=${ticket}`,
    });
    assert.equal(second.statusCode, 200);
    assert.match(second.body, new RegExp(`seg-\\d+\\.m4s\\?ticket=${ticket}`));
    assert.equal(t.container.liveHls.runs(camera.id), 1, 'one HLS session for both viewers');
    assert.equal(source.sessions, 1, 'one upstream connection for both viewers');

    const init = await t.request({
      method: 'GET',
      url: `/api/v1/cameras/${camera.id}/live/init.mp4?ticket=${ticket}`,
    });
    assert.equal(init.statusCode, 200);
    assert.equal(init.rawPayload.subarray(4, 8).toString('latin1'), 'ftyp');
    const media = await t.request({
      method: 'GET',
      url: `/api/v1/cameras/${camera.id}/live/${segment}`,
      token: t.adminToken,
    });
    assert.equal(media.statusCode, 200);
    assert.ok(media.rawPayload.length > 1000);
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
