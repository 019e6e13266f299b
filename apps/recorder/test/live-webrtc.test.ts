// WebRTC live view over WHEP, with a real WebRTC peer (werift) as the viewer: ICE, DTLS and SRTP end to end.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RTCPeerConnection } from 'werift';
import { createTestApp, type TestApp } from './helpers/app.js';
import { createCamera } from './helpers/cameras.js';
import { eventually } from './helpers/eventually.js';
import { startTestCamera, type TestCamera } from './helpers/rtsp-camera.js';
import { offer, type Viewer } from './helpers/webrtc-viewer.js';

describe('live WebRTC (WHEP)', { timeout: 120_000 }, () => {
  let t: TestApp;
  let source: TestCamera;
  const peers: RTCPeerConnection[] = [];
  before(async () => {
    t = await createTestApp({ overrides: { liveIdleStopMs: 1000 } });
    source = await startTestCamera({ gop: 15, fps: 15 });
  });
  after(async () => {
    await Promise.all(peers.map((pc) => pc.close()));
    await t.close();
    await source.close();
  });

  async function webrtcCamera(enabled: boolean) {
    const camera = await createCamera(t, t.adminToken, { ip_address: '127.0.0.1', rtsp_url: source.url });
    await t.container.cameraConfig.idle();
    const patched = await t.request({
      method: 'PATCH',
      url: `/api/v1/camera-config/${camera.id}`,
      token: t.adminToken,
      payload: { transport_security: 'plaintext_allowed', webrtc_publisher: enabled },
    });
    assert.equal(patched.statusCode, 200, patched.body);
    return camera;
  }

  const post = (cameraId: number, sdp: string, auth: { token?: string; ticket?: string }) =>
    t.request({
      method: 'POST',
      url: `/api/v1/cameras/${cameraId}/live/whep${auth.ticket ? `?ticket=${auth.ticket}` : ''}`,
      headers: { 'content-type': 'application/sdp' },
      payload: sdp,
      ...(auth.token ? { token: auth.token } : {}),
    });

  it('answers an offer, delivers the camera’s H.264 to two viewers over one upstream, and ends sessions', async () => {
    const camera = await webrtcCamera(true);
    const viewers: Viewer[] = [];
    const sessions: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const { pc, sdp, viewer } = await offer();
      peers.push(pc);
      const answer = await post(camera.id, sdp, { token: t.adminToken });
      assert.equal(answer.statusCode, 201, answer.body);
      assert.equal(answer.headers['content-type'], 'application/sdp');
      const location = String(answer.headers.location);
      assert.match(location, new RegExp(`^/api/v1/cameras/${camera.id}/live/whep/[0-9a-f-]{36}$`));
      assert.match(answer.body, /a=rtpmap:\d+ H264\/90000/i);
      assert.match(answer.body, /a=sendonly/);
      await pc.setRemoteDescription({ type: 'answer', sdp: answer.body });
      viewers.push({ pc, ...viewer });
      sessions.push(location);
    }
    // Both viewers decode from a keyframe: parameter sets and an IDR reach each of them.
    await Promise.all(viewers.map((viewer) => viewer.keyframe));
    assert.equal(t.container.liveWebRtc.runs(camera.id), 1, 'one RTP ffmpeg for both viewers');
    assert.equal(t.container.liveWebRtc.viewerCount(camera.id), 2);

    const ended = await t.request({ method: 'DELETE', url: sessions[0]!, token: t.adminToken });
    assert.equal(ended.statusCode, 204);
    assert.equal(t.container.liveWebRtc.viewerCount(camera.id), 1);
    const again = await t.request({ method: 'DELETE', url: sessions[0]!, token: t.adminToken });
    assert.equal(again.statusCode, 404, 'an ended session is gone');
    const before = viewers[1]!.packets();
    await eventually(() => viewers[1]!.packets() > before + 10, { what: 'the other viewer keeps receiving' });

    const last = await t.request({ method: 'DELETE', url: sessions[1]!, token: t.adminToken });
    assert.equal(last.statusCode, 204, last.body);
    assert.equal(t.container.liveWebRtc.viewerCount(camera.id), 0);
    await eventually(() => !t.container.liveWebRtc.isLive(camera.id), {
      what: 'the upstream stops when idle',
    });
  });

  it('accepts a media ticket, refuses cameras without webrtc_publisher, bad offers, strangers and anonymous', async () => {
    const camera = await webrtcCamera(true);
    const plain = await webrtcCamera(false);
    const { pc, sdp } = await offer();
    peers.push(pc);

    const refused = await post(plain.id, sdp, { token: t.adminToken });
    assert.equal(refused.statusCode, 400);
    assert.match(refused.json<{ detail: string }>().detail, /webrtc_publisher/);

    const notSdp = await t.request({
      method: 'POST',
      url: `/api/v1/cameras/${camera.id}/live/whep`,
      token: t.adminToken,
      payload: { sdp },
    });
    assert.equal(notSdp.statusCode, 415);
    const audioOnly = await post(camera.id, sdp.replace(/m=video[\s\S]*/, ''), { token: t.adminToken });
    assert.equal(audioOnly.statusCode, 400);

    assert.equal((await post(camera.id, sdp, {})).statusCode, 401);
    const stranger = await t.createUser('whepstranger');
    assert.equal((await post(camera.id, sdp, { token: stranger.token })).statusCode, 404);

    const { ticket } = (
      await t.request({
        method: 'POST',
        url: `/api/v1/cameras/${camera.id}/stream-ticket`,
        token: t.adminToken,
      })
    ).json<{ ticket: string; whep_url: string }>();
    const withTicket = await post(camera.id, sdp, { ticket });
    assert.equal(withTicket.statusCode, 201, withTicket.body);
    const session = String(withTicket.headers.location);
    assert.equal(
      (await t.request({ method: 'DELETE', url: session, token: stranger.token })).statusCode,
      404,
      'a stranger cannot end my session',
    );
    assert.equal((await t.request({ method: 'DELETE', url: `${session}?ticket=${ticket}` })).statusCode, 204);
  });
});
