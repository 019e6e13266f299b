import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { OnvifDeviceClient, OnvifError, deviceServiceUrl, inspectDevice } from '../src/media/onvif/index.js';
import { passwordDigest, securityHeader } from '../src/media/onvif/wsse.js';
import { XmlParseError, escapeXml, parseXml } from '../src/media/onvif/xml.js';
import { readSoapBody, type SoapReply } from '../src/media/onvif/soap.js';
import { startOnvifSimulator } from './helpers/onvif-simulator.js';
import type { OnvifSimulator, OnvifSimulatorOptions } from './helpers/onvif-simulator.js';

const ADMIN_PASSWORD = 'cam-Admin-9';

async function withSimulator(
  options: Partial<OnvifSimulatorOptions>,
  run: (sim: OnvifSimulator) => Promise<void>,
) {
  const sim = await startOnvifSimulator({ password: ADMIN_PASSWORD, ...options });
  try {
    await run(sim);
  } finally {
    await sim.close();
  }
}

/** Asserts that `promise` rejects with an OnvifError and returns it for further checks. */
async function onvifFailure(promise: Promise<unknown>): Promise<OnvifError> {
  const err = await promise.then(
    () => assert.fail('expected an OnvifError'),
    (e: unknown) => e,
  );
  assert.ok(err instanceof OnvifError, `expected OnvifError, got ${String(err)}`);
  return err;
}

/** A whole reply as postSoap hands it over: the parsed body, or why it is not XML. */
function reply(status: number, body: string): SoapReply {
  try {
    return { status, document: parseXml(body) };
  } catch (error) {
    if (!(error instanceof XmlParseError)) throw error;
    return { status, document: error };
  }
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

describe('WS-Security UsernameToken', () => {
  it('digest is Base64(SHA1(nonce bytes + created + password))', () => {
    const nonce = Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex');
    const created = '2024-01-02T03:04:05Z';
    const expected = createHash('sha1')
      .update(Buffer.concat([nonce, Buffer.from(created + 'pässword', 'utf8')]))
      .digest('base64');
    assert.equal(passwordDigest(nonce, created, 'pässword'), expected);
    // Same input, value computed separately with Python's hashlib.
    assert.equal(expected, '4S/aM6sbSF+DjngPYd/zlOeHDQY=');
    // The worked example of the ONVIF Application Programmer's Guide.
    const guideNonce = Buffer.from('LKqI6G/AikKCQrN0zqZFlg==', 'base64');
    assert.equal(
      passwordDigest(guideNonce, '2010-09-16T07:50:45Z', 'userpassword'),
      'tuOSpGlFlIXsozq4HFNeeGeFLEI=',
    );
  });

  it('the header carries digest, nonce and created, never the password', () => {
    const nonce = Buffer.alloc(16, 7);
    const header = securityHeader({
      username: 'a<b',
      password: 'secret-pw',
      nonce,
      created: new Date('2024-01-02T03:04:05.678Z'),
    });
    assert.ok(!header.includes('secret-pw'));
    const token = parseXml(header).children[0]!;
    const field = (name: string) => token.children.find((c) => c.name === name)!;
    assert.equal(field('Username').text, 'a<b');
    assert.equal(field('Created').text, '2024-01-02T03:04:05Z');
    assert.equal(field('Nonce').text, nonce.toString('base64'));
    assert.equal(field('Password').text, passwordDigest(nonce, '2024-01-02T03:04:05Z', 'secret-pw'));
    assert.match(field('Password').attributes['Type']!, /username-token-profile-1\.0#PasswordDigest$/);
  });
});

describe('XML helpers', () => {
  it('escapes every markup character and parses it back', () => {
    const value = `<&>"' and &amp;`;
    assert.equal(escapeXml(value), '&lt;&amp;&gt;&quot;&apos; and &amp;amp;');
    assert.equal(parseXml(`<a x="${escapeXml(value)}">${escapeXml(value)}</a>`).text, value);
    assert.equal(parseXml(`<a x="${escapeXml(value)}"/>`).attributes['x'], value);
  });

  it('reads SOAP 1.2 faults whatever the prefixes, preferring the English reason', () => {
    const fault = reply(
      500,
      '<SOAP-ENV:Envelope xmlns:SOAP-ENV="http://www.w3.org/2003/05/soap-envelope"><SOAP-ENV:Body>' +
        '<SOAP-ENV:Fault><SOAP-ENV:Code><SOAP-ENV:Value>SOAP-ENV:Receiver</SOAP-ENV:Value></SOAP-ENV:Code>' +
        '<SOAP-ENV:Reason><SOAP-ENV:Text xml:lang="de">Fehler</SOAP-ENV:Text>' +
        '<SOAP-ENV:Text xml:lang="en">Out of memory</SOAP-ENV:Text></SOAP-ENV:Reason></SOAP-ENV:Fault>' +
        '</SOAP-ENV:Body></SOAP-ENV:Envelope>',
    );
    assert.throws(() => readSoapBody(fault), {
      kind: 'fault',
      reason: 'Out of memory',
      fault: { codes: ['SOAP-ENV:Receiver'], httpStatus: 500 },
    });
  });

  it('rejects malformed or non-SOAP replies as protocol errors', () => {
    assert.throws(() => readSoapBody(reply(200, '<html><body>hi</body></html>')), {
      kind: 'protocol',
      reason: 'response is not a SOAP envelope',
    });
    assert.throws(() => readSoapBody(reply(200, '<a><b></a>')), {
      kind: 'protocol',
      reason: 'response refused by the XML parser: 1:10: unexpected close tag.',
    });
    assert.throws(() => readSoapBody(reply(401, 'Unauthorized')), { kind: 'auth' });
  });
});

describe('OnvifDeviceClient against the simulator', () => {
  it('creates, lists and deletes users', () =>
    withSimulator({}, async (sim) => {
      const client = new OnvifDeviceClient({ url: sim.url, username: 'admin', password: ADMIN_PASSWORD });
      assert.deepEqual(await client.getUsers(), [{ username: 'admin', level: 'Administrator' }]);

      await client.createUser({ username: 'recorder', password: 'rec-Pass-1', level: 'Operator' });
      await client.createUser({ username: 'viewer', password: 'view-Pass-1', level: 'User' });
      assert.deepEqual(await client.getUsers(), [
        { username: 'admin', level: 'Administrator' },
        { username: 'recorder', level: 'Operator' },
        { username: 'viewer', level: 'User' },
      ]);
      assert.equal(sim.users().find((u) => u.username === 'recorder')?.password, 'rec-Pass-1');

      await client.deleteUser('viewer');
      assert.deepEqual(
        (await client.getUsers()).map((u) => u.username),
        ['admin', 'recorder'],
      );
      // The admin password never travels, only its digest.
      assert.ok(sim.requests().every((body) => !body.includes(ADMIN_PASSWORD)));
    }));

  it('escapes usernames and passwords containing <&>"\' on the wire', () =>
    withSimulator({ password: `adm<&>"'in` }, async (sim) => {
      const client = new OnvifDeviceClient({ url: sim.url, username: 'admin', password: `adm<&>"'in` });
      await client.createUser({ username: `o'neil&<co>`, password: `p<&>"'w`, level: 'Operator' });
      assert.deepEqual(sim.users()[1], { username: `o'neil&<co>`, password: `p<&>"'w`, level: 'Operator' });
      assert.ok((await client.getUsers()).some((u) => u.username === `o'neil&<co>`));
      await client.deleteUser(`o'neil&<co>`);
      assert.equal(sim.users().length, 1);
    }));

  it('a wrong camera password is an auth error carrying the device reason', async () => {
    for (const authFailureStatus of [400, 401] as const) {
      await withSimulator({ authFailureStatus }, async (sim) => {
        const client = new OnvifDeviceClient({ url: sim.url, username: 'admin', password: 'wrong-password' });
        const err = await onvifFailure(client.getUsers());
        assert.equal(err.kind, 'auth');
        assert.equal(err.reason, 'Sender not authorized');
        assert.deepEqual(err.fault, {
          codes: ['env:Sender', 'ter:NotAuthorized'],
          httpStatus: authFailureStatus,
        });
        assert.ok(!err.message.includes('wrong-password'));
      });
    }
  });

  it('an unknown user is rejected like a wrong password', () =>
    withSimulator({}, async (sim) => {
      const client = new OnvifDeviceClient({ url: sim.url, username: 'nobody', password: ADMIN_PASSWORD });
      assert.equal((await onvifFailure(client.getUsers())).kind, 'auth');
    }));

  it('a duplicate user and an unknown user to delete are faults with the device reason', () =>
    withSimulator({}, async (sim) => {
      const client = new OnvifDeviceClient({ url: sim.url, username: 'admin', password: ADMIN_PASSWORD });
      const clash = await onvifFailure(
        client.createUser({ username: 'admin', password: 'another-1', level: 'User' }),
      );
      assert.equal(clash.kind, 'fault');
      assert.equal(clash.reason, 'Username already exists');
      assert.deepEqual(clash.fault?.codes, ['env:Sender', 'ter:OperationProhibited', 'ter:UsernameClash']);

      const missing = await onvifFailure(client.deleteUser('ghost'));
      assert.equal(missing.kind, 'fault');
      assert.equal(missing.reason, 'Username not recognized');
      assert.equal(sim.users().length, 1);
    }));

  it('works with a device whose clock is far off by retrying in device time', () =>
    withSimulator({ clockOffsetMs: 3 * 3600_000 }, async (sim) => {
      const client = new OnvifDeviceClient({ url: sim.url, username: 'admin', password: ADMIN_PASSWORD });
      assert.equal((await client.getUsers()).length, 1);
      assert.equal(sim.requests().filter((body) => body.includes('GetSystemDateAndTime')).length, 1);
      await client.createUser({ username: 'late', password: 'late-Pass-1', level: 'User' });
      assert.equal(sim.users().length, 2);
    }));
});

describe('media inspection', () => {
  it('finds the media service through GetServices when GetCapabilities is not implemented', () =>
    withSimulator(
      {
        capabilities: false,
        profiles: [
          {
            token: 'p1',
            name: 'Only',
            width: 1920,
            height: 1080,
            fps: 25,
            streamUri: 'rtsp://10.1.2.3/main',
          },
        ],
      },
      async (sim) => {
        const client = new OnvifDeviceClient({ url: sim.url, username: 'admin', password: ADMIN_PASSWORD });
        const inspection = await inspectDevice(client);
        assert.equal(inspection.media_xaddr, sim.url.replace('device_service', 'media_service'));
        assert.deepEqual(
          inspection.profiles.map((p) => [p.token, p.width, p.height, p.stream_uri, p.snapshot_uri]),
          [['p1', 1920, 1080, 'rtsp://10.1.2.3/main', null]],
        );
        assert.ok(sim.requests().some((r) => r.includes('GetServices')));
      },
    ));

  it('a device without media profiles is inspected with none; a non-SOAP answer names the operation', () =>
    withSimulator({}, async (sim) => {
      const client = new OnvifDeviceClient({ url: sim.url, username: 'admin', password: ADMIN_PASSWORD });
      assert.deepEqual((await inspectDevice(client)).profiles, []);
      sim.answerMalformed('GetDeviceInformation');
      const err = await onvifFailure(inspectDevice(client));
      assert.equal(err.kind, 'protocol');
      assert.match(err.reason, /^GetDeviceInformation: /);
    }));
});

describe('simulator token checks', () => {
  const getUsers = (header: string) =>
    '<s:Envelope xmlns:s="http://www.w3.org/2003/05/soap-envelope">' +
    `<s:Header>${header}</s:Header><s:Body><GetUsers xmlns="http://www.onvif.org/ver10/device/wsdl"/></s:Body>` +
    '</s:Envelope>';
  const post = async (url: string, body: string) => {
    const res = await fetch(url, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/soap+xml' },
    });
    return { status: res.status, text: await res.text() };
  };

  it('rejects a missing header, a stale Created and a replayed nonce', () =>
    withSimulator({}, async (sim) => {
      assert.equal((await post(sim.url, getUsers(''))).status, 400);

      const stale = securityHeader({
        username: 'admin',
        password: ADMIN_PASSWORD,
        created: new Date(Date.now() - 6 * 60_000),
      });
      const staleReply = await post(sim.url, getUsers(stale));
      assert.equal(staleReply.status, 400);
      assert.match(staleReply.text, /NotAuthorized/);

      const fresh = securityHeader({ username: 'admin', password: ADMIN_PASSWORD });
      assert.equal((await post(sim.url, getUsers(fresh))).status, 200);
      const replay = await post(sim.url, getUsers(fresh));
      assert.equal(replay.status, 400);
      assert.match(replay.text, /Sender not authorized/);
    }));
});

describe('transport failures', () => {
  it('a closed port is unreachable', async () => {
    const server = createServer();
    const port = await listen(server);
    await new Promise((resolve) => server.close(resolve));
    const client = new OnvifDeviceClient({
      url: `http://127.0.0.1:${port}`,
      username: 'a',
      password: 'pw-123456',
    });
    const err = await onvifFailure(client.getUsers());
    assert.equal(err.kind, 'unreachable');
    assert.match(err.reason, /refused/);
  });

  it('a device that never answers times out', async () => {
    const server = createServer(() => {
      // Accept the request and never respond.
    });
    const port = await listen(server);
    try {
      const client = new OnvifDeviceClient({
        url: `http://127.0.0.1:${port}`,
        username: 'admin',
        password: 'pw-123456',
        timeoutMs: 200,
      });
      const err = await onvifFailure(client.getUsers());
      assert.equal(err.kind, 'timeout');
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('reads GetUsers from a device with its own prefixes, comments and extensions', async () => {
    const canned =
      '<?xml version="1.0" encoding="UTF-8"?>\n<!-- vendor firmware 1.2 -->\n' +
      '<e:Envelope xmlns:e="http://www.w3.org/2003/05/soap-envelope" xmlns:ns1="http://www.onvif.org/ver10/schema">' +
      '<e:Header/><e:Body><GetUsersResponse xmlns="http://www.onvif.org/ver10/device/wsdl">\n' +
      '  <User><ns1:Username> admin </ns1:Username><ns1:UserLevel>Administrator</ns1:UserLevel></User>\n' +
      '  <User><ns1:Username><![CDATA[a&b]]></ns1:Username><ns1:UserLevel>anonymous</ns1:UserLevel>' +
      '<ns1:Extension><x:Role xmlns:x="urn:v">ptz</x:Role></ns1:Extension></User>\n' +
      '  <User><ns1:Username>svc</ns1:Username><ns1:UserLevel>Installer</ns1:UserLevel></User>\n' +
      '</GetUsersResponse></e:Body></e:Envelope>';
    const server = createServer((_req, res) => res.writeHead(200).end(canned));
    const port = await listen(server);
    try {
      const client = new OnvifDeviceClient({
        url: `http://127.0.0.1:${port}`,
        username: 'a',
        password: 'pw-123456',
      });
      assert.deepEqual(await client.getUsers(), [
        { username: 'admin', level: 'Administrator' },
        { username: 'a&b', level: 'Anonymous' },
        { username: 'svc', level: 'Extended' },
      ]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('an HTML error page is a protocol error', async () => {
    const server = createServer((_req, res) => res.writeHead(404).end('<html>Not Found</html>'));
    const port = await listen(server);
    try {
      const client = new OnvifDeviceClient({
        url: `http://127.0.0.1:${port}`,
        username: 'a',
        password: 'pw-123456',
      });
      assert.equal((await onvifFailure(client.getUsers())).kind, 'protocol');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('device URLs get the default path and lose embedded credentials', () => {
    assert.equal(deviceServiceUrl('http://u:p@10.0.0.5').href, 'http://10.0.0.5/onvif/device_service');
    assert.equal(deviceServiceUrl('http://10.0.0.5:8080/onvif/dev').href, 'http://10.0.0.5:8080/onvif/dev');
    assert.throws(() => deviceServiceUrl('rtsp://10.0.0.5'), TypeError);
  });
});
