// ONVIF onboarding end to end: WS-Discovery over real multicast on loopback, device inspection and adding a
// camera from a simulated ONVIF device whose stream URIs point at real RTSP test cameras.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import dgram from 'node:dgram';
import { after, before, describe, it } from 'node:test';
import { resolveHost } from '../src/platform/net/address-scope.js';
import { createTestApp, type TestApp } from './helpers/app.js';
import { auditRows } from './helpers/cameras.js';
import { freePort } from './helpers/net-servers.js';
import { startOnvifSimulator, type OnvifSimulator } from './helpers/onvif-simulator.js';
import { startTestCamera, type TestCamera } from './helpers/rtsp-camera.js';

const DEVICE_USER = 'admin';
const DEVICE_PASSWORD = 'Dev1ce-pass-77';
const DEVICE_AHEAD_MS = 10 * 60_000;
const INFORMATION = {
  Manufacturer: 'Simulated Optics',
  Model: 'SIM-100',
  FirmwareVersion: '2.4.1',
  SerialNumber: 'SN-0042',
  HardwareId: 'HW-7',
};

type Json = Record<string, any>;

describe('ONVIF discovery and onboarding', () => {
  let t: TestApp;
  let device: OnvifSimulator;
  let main: TestCamera;
  let sub: TestCamera;
  let deadStreamUri: string;
  let user: { id: number; token: string };

  before(async () => {
    [t, main, sub] = await Promise.all([
      createTestApp({
        overrides: {
          onvifTimeoutMs: 3000,
          // A name whose answer changes between the host check and the connection (DNS rebinding).
          cameraHostResolver: async (host) => (host === 'localhost' ? ['203.0.113.5'] : resolveHost(host)),
        },
      }),
      startTestCamera({ user: DEVICE_USER, password: DEVICE_PASSWORD, width: 640, height: 360, fps: 10 }),
      startTestCamera({ user: DEVICE_USER, password: DEVICE_PASSWORD, width: 320, height: 180, fps: 5 }),
    ]);
    deadStreamUri = `rtsp://127.0.0.1:${await freePort()}/live`;
    device = await startOnvifSimulator({
      username: DEVICE_USER,
      password: DEVICE_PASSWORD,
      // Far beyond the 5 minutes a device accepts: the first signed call only succeeds in the device's time.
      clockOffsetMs: DEVICE_AHEAD_MS,
      information: INFORMATION,
      // Like a camera behind NAT: its media XAddr names an address only it can reach.
      reportedHost: '192.0.2.77:8899',
      profiles: [
        {
          token: 'prof_main',
          name: 'MainStream',
          width: 640,
          height: 360,
          fps: 10,
          streamUri: main.url,
          snapshotUri: 'http://127.0.0.1:1/snap.jpg',
        },
        { token: 'prof_dead', name: 'Broken', width: 480, height: 270, fps: 10, streamUri: deadStreamUri },
        // A device pointing the recorder at its own files: never a camera stream.
        {
          token: 'prof_file',
          name: 'Local',
          width: 640,
          height: 360,
          fps: 10,
          streamUri: 'file:///etc/passwd',
        },
        { token: 'prof_sub', name: 'SubStream', width: 320, height: 180, fps: 5, streamUri: sub.url },
      ],
      discovery: { name: 'Garage Cam', hardware: 'SIM-100', location: 'Back yard/east' },
    });
    user = await t.createUser('plain_onvif');
  });
  after(async () => {
    await device?.close();
    await t?.close();
    await Promise.all([main?.close(), sub?.close()]);
  });

  /** As the superuser unless a token (or null: none) is given. */
  const post = (url: string, payload: object, token: string | null = t.adminToken) =>
    t.request({ method: 'POST', url: `/api/v1${url}`, payload, ...(token ? { token } : {}) });
  const access = () => ({ xaddr: device.url, username: DEVICE_USER, password: DEVICE_PASSWORD });
  const cameraCount = async () =>
    (await t.request({ method: 'GET', url: '/api/v1/cameras', token: t.adminToken })).json<Json>().total;
  const discover = async () => {
    const response = await post('/onvif/discovery', { interface: '127.0.0.1', timeout_ms: 1000 });
    assert.equal(response.statusCode, 200, response.body);
    // The web suite's simulated device may answer too when both suites run side by side: only this suite's
    // device and the junk responder's answers (which must all have been ignored) are judged.
    return (response.json<Json>().devices as Json[]).filter(
      (found) => found.address === device.endpoint || String(found.name).startsWith('Junk'),
    );
  };

  it('discovery: finds the device by multicast with its scopes, ignoring junk and answers to other probes', async () => {
    const junk = await startJunkResponder();
    try {
      const devices = await discover();
      assert.deepEqual(devices, [
        {
          address: device.endpoint,
          source_address: '127.0.0.1',
          name: 'Garage Cam',
          hardware: 'SIM-100',
          location: 'Back yard/east',
          xaddrs: [device.url],
          scopes: [
            'onvif://www.onvif.org/type/video_encoder',
            'onvif://www.onvif.org/Profile/Streaming',
            'onvif://www.onvif.org/name/Garage%20Cam',
            'onvif://www.onvif.org/hardware/SIM-100',
            'onvif://www.onvif.org/location/Back%20yard%2Feast',
          ],
          types: ['NetworkVideoTransmitter', 'Device'],
          camera_id: null,
        },
      ]);
      assert.ok(junk.answered() > 0, 'the junk responder saw the probe and answered it');
    } finally {
      junk.close();
    }
    const [probe] = device.probes();
    assert.match(probe!, /<d:Types>dn:NetworkVideoTransmitter<\/d:Types>/);
    assert.match(probe!, /<a:MessageID>urn:uuid:[0-9a-f-]{36}<\/a:MessageID>/);
  });

  it('discovery: superuser only, interface must be this machine’s', async () => {
    assert.equal((await post('/onvif/discovery', {}, null)).statusCode, 401);
    assert.equal((await post('/onvif/discovery', {}, user.token)).statusCode, 403);
    const foreign = await post('/onvif/discovery', { interface: '203.0.113.9' });
    assert.equal(foreign.statusCode, 422, foreign.body);
    assert.deepEqual(foreign.json<Json>().detail[0].loc, ['body', 'interface']);
    const tooLong = await post('/onvif/discovery', { timeout_ms: 60_000 });
    assert.equal(tooLong.statusCode, 422, tooLong.body);
  });

  it('inspect: device information, time offset, profiles with stream and snapshot URIs', async () => {
    const response = await post('/onvif/devices/inspect', access());
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json<Json>();
    assert.deepEqual(body.device, {
      manufacturer: 'Simulated Optics',
      model: 'SIM-100',
      firmware_version: '2.4.1',
      serial_number: 'SN-0042',
      hardware_id: 'HW-7',
    });
    // The device reported 192.0.2.77:8899; the recorder stays on the address it was given.
    assert.equal(body.media_xaddr, device.url.replace('/onvif/device_service', '/onvif/media_service'));
    assert.ok(
      Math.abs(body.time_offset_ms - DEVICE_AHEAD_MS) < 5000,
      `offset ${body.time_offset_ms} ms, device runs ${DEVICE_AHEAD_MS} ms ahead`,
    );
    assert.deepEqual(
      body.profiles.map((p: Json) => [p.token, p.name, p.encoding, p.width, p.height, p.fps, p.stream_uri]),
      [
        ['prof_main', 'MainStream', 'H264', 640, 360, 10, main.url],
        ['prof_dead', 'Broken', 'H264', 480, 270, 10, deadStreamUri],
        ['prof_file', 'Local', 'H264', 640, 360, 10, 'file:///etc/passwd'],
        ['prof_sub', 'SubStream', 'H264', 320, 180, 5, sub.url],
      ],
    );
    assert.deepEqual(
      body.profiles.map((p: Json) => p.snapshot_uri),
      ['http://127.0.0.1:1/snap.jpg', null, null, null],
    );
    assert.deepEqual(body.suggested, { main_profile: 'prof_main', sub_profile: 'prof_sub' });
    const informationCalls = device.requests().filter((r) => r.includes('GetDeviceInformation'));
    assert.equal(
      informationCalls.length,
      1,
      'signed in the device time from the first call: no retry needed',
    );
  });

  it('bad credentials: 400 naming the problem, nothing stored', async () => {
    const before = await cameraCount();
    const inspect = await post('/onvif/devices/inspect', { ...access(), password: 'wrong-password' });
    assert.equal(inspect.statusCode, 400, inspect.body);
    assert.equal(inspect.json<Json>().detail.code, 'device_auth');
    assert.match(inspect.json<Json>().detail.message, /refused the username or password/);
    const add = await post('/onvif/cameras', { ...access(), password: 'wrong-password', name: 'Nope' });
    assert.equal(add.statusCode, 400, add.body);
    assert.equal(await cameraCount(), before);
  });

  it('malformed XML from the device: a clear 502 naming the operation, nothing stored', async () => {
    const before = await cameraCount();
    device.answerMalformed('GetProfiles');
    try {
      const add = await post('/onvif/cameras', { ...access(), name: 'Broken XML' });
      assert.equal(add.statusCode, 502, add.body);
      assert.equal(add.json<Json>().detail.code, 'device_protocol');
      assert.match(add.json<Json>().detail.message, /^GetProfiles: /);
    } finally {
      device.answerMalformed(null);
    }
    assert.equal(await cameraCount(), before);
  });

  it('a stream that cannot be read, a local file or an unknown profile: refused, nothing stored', async () => {
    const before = await cameraCount();
    const dead = await post('/onvif/cameras', { ...access(), name: 'Dead', main_profile: 'prof_dead' });
    assert.equal(dead.statusCode, 502, dead.body);
    assert.equal(dead.json<Json>().detail.code, 'stream_probe_failed');
    assert.ok(!dead.body.includes(DEVICE_PASSWORD));
    const local = await post('/onvif/cameras', { ...access(), name: 'Local', main_profile: 'prof_file' });
    assert.equal(local.statusCode, 502, local.body);
    assert.equal(local.json<Json>().detail.code, 'device_stream_uri');
    const unknown = await post('/onvif/cameras', { ...access(), name: 'X', main_profile: 'prof_nope' });
    assert.equal(unknown.statusCode, 422, unknown.body);
    assert.deepEqual(unknown.json<Json>().detail[0].loc, ['body', 'main_profile']);
    assert.equal(await cameraCount(), before);
  });

  it('host rules: a plain user may not make the recorder reach this machine; 401 without a token', async () => {
    const seen = device.requests().length;
    const refused = await post('/onvif/devices/inspect', access(), user.token);
    assert.equal(refused.statusCode, 403, refused.body);
    assert.equal(refused.json<Json>().detail.code, 'superuser_required');
    assert.deepEqual(refused.json<Json>().detail.loc, ['body', 'xaddr']);
    const add = await post('/onvif/cameras', { ...access(), name: 'Mine' }, user.token);
    assert.equal(add.statusCode, 403, add.body);
    const rebound = await post(
      '/onvif/devices/inspect',
      { ...access(), xaddr: device.url.replace('127.0.0.1', 'localhost') },
      user.token,
    );
    assert.equal(rebound.statusCode, 403, rebound.body);
    assert.match(rebound.json<Json>().detail.message, /loopback/);
    assert.equal(device.requests().length, seen, 'the device was never contacted');
    assert.equal((await post('/onvif/devices/inspect', access(), null)).statusCode, 401);
    assert.equal((await post('/onvif/cameras', { ...access(), name: 'A' }, null)).statusCode, 401);
    const notHttp = await post('/onvif/devices/inspect', { ...access(), xaddr: 'ftp://10.0.0.5/' });
    assert.equal(notHttp.statusCode, 422, notHttp.body);
    assert.deepEqual(notHttp.json<Json>().detail[0].loc, ['body', 'xaddr']);
  });

  it('add from device: streams from the largest and smallest profiles, fields filled, stream read first', async () => {
    const response = await post('/onvif/cameras', { ...access(), name: 'Garage' });
    assert.equal(response.statusCode, 201, response.body);
    const body = response.json<Json>();
    assert.deepEqual(body.stream, { codec: 'h264', width: 640, height: 360 });
    assert.equal(body.main_profile, 'prof_main');
    assert.equal(body.sub_profile, 'prof_sub');
    const camera = body.camera as Json;
    assert.deepEqual(
      {
        name: camera.name,
        ip_address: camera.ip_address,
        port: camera.port,
        rtsp_url: camera.rtsp_url,
        substream_url: camera.substream_url,
        username: camera.username,
        password_set: camera.password_set,
        manufacturer: camera.manufacturer,
        model: camera.model,
        firmware_version: camera.firmware_version,
        serial_number: camera.serial_number,
        hardware_id: camera.hardware_id,
        onvif_xaddr: camera.onvif_xaddr,
      },
      {
        name: 'Garage',
        ip_address: '127.0.0.1',
        port: main.port,
        rtsp_url: main.url,
        substream_url: sub.url,
        username: DEVICE_USER,
        password_set: true,
        manufacturer: 'Simulated Optics',
        model: 'SIM-100',
        firmware_version: '2.4.1',
        serial_number: 'SN-0042',
        hardware_id: 'HW-7',
        // Kept, so the recorder can reach the device's other services (PTZ) later.
        onvif_xaddr: device.url,
      },
    );
    assert.deepEqual(await t.container.cameras.credentials(camera.id), {
      username: DEVICE_USER,
      password: DEVICE_PASSWORD,
    });
    const audit = await auditRows(t, { entity_type: 'camera', entity_id: camera.id });
    assert.deepEqual(
      audit.map((row) => row.action),
      ['camera.onvif_add', 'camera.create'],
    );
    assert.ok(!JSON.stringify(audit).includes(DEVICE_PASSWORD), 'no password in the audit log');
    assert.ok(!t.logs().includes(DEVICE_PASSWORD), 'no password in the logs');

    // Discovery now flags the device as this camera.
    const [found] = await discover();
    assert.equal(found!.camera_id, camera.id);
    const messageIds = device.probes().map((probe) => /MessageID>([^<]+)</.exec(probe)?.[1]);
    // (At least this suite's two probes; another suite's may have reached the device too.)
    assert.ok(messageIds.length >= 2, `${messageIds.length} probes`);
    assert.equal(new Set(messageIds).size, messageIds.length, 'every probe has a fresh MessageID');
  });
});

/**
 * A second responder in the group that answers every probe with what a discovery must ignore: bytes that are not
 * XML, a ProbeMatches for another probe, and an oversized datagram with an otherwise valid match.
 */
async function startJunkResponder(): Promise<{ answered(): number; close(): void }> {
  const socket = dgram.createSocket({ type: 'udp4', reuseAddr: true });
  let answered = 0;
  const match = (relatesTo: string, padding = '') =>
    '<e:Envelope xmlns:e="http://www.w3.org/2003/05/soap-envelope" ' +
    'xmlns:a="http://schemas.xmlsoap.org/ws/2004/08/addressing" ' +
    'xmlns:d="http://schemas.xmlsoap.org/ws/2005/04/discovery">' +
    `<e:Header><a:RelatesTo>${relatesTo}</a:RelatesTo></e:Header><e:Body><d:ProbeMatches><d:ProbeMatch>` +
    `<a:EndpointReference><a:Address>urn:uuid:${randomUUID()}</a:Address></a:EndpointReference>` +
    `<d:Scopes>onvif://www.onvif.org/name/Junk${padding}</d:Scopes>` +
    '<d:XAddrs>http://127.0.0.1:9/onvif/device_service</d:XAddrs>' +
    '</d:ProbeMatch></d:ProbeMatches></e:Body></e:Envelope>';
  socket.on('message', (datagram, from) => {
    const messageId = /MessageID>([^<]+)</.exec(datagram.toString('utf8'))?.[1];
    if (!messageId) return;
    answered += 1;
    socket.send('<<< not xml', from.port, from.address);
    socket.send(match(`urn:uuid:${randomUUID()}`), from.port, from.address);
    socket.send(match(messageId, 'x'.repeat(20_000)), from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(3702, resolve));
  socket.addMembership('239.255.255.250', '127.0.0.1');
  return { answered: () => answered, close: () => socket.close() };
}
