// Issue #32, item 6: what a device (or any host on the LAN) sends the ONVIF client must never freeze the recorder.
// The old reader's attribute regex was quadratic: a 64 KiB SOAP reply held the event loop 15 s, a 1 MiB one for
// hours, and ten 16 KiB WS-Discovery datagrams 8 s. A real recorder runs in a process of its own here, so that
// this test keeps its own event loop (and its deadlines) while the recorder is under attack; what is asserted is
// that the API answers while the hostile exchange is in flight, and that the exchange ends with a clear error.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import dgram from 'node:dgram';
import type { ServerResponse } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { startOnvifSimulator, type OnvifSimulator } from './helpers/onvif-simulator.js';
import { startRecorderProcess, type RecorderProcess } from './helpers/recorder-process.js';

const DEVICE_PASSWORD = 'Hostile-dev-1';
/** The reply limit of the SOAP client (soap.ts): the hostile reply is exactly this long, so it is parsed. */
const MiB = 1024 * 1024;
/** Far beyond anything the recorder needs to answer (milliseconds), far below the old reader's freeze. */
const DEADLINE_MS = 60_000;

/** `promise`, or a failure naming `what` once the deadline has passed (the old code never answered). */
async function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what}: no answer within ${DEADLINE_MS} ms (event loop frozen?)`)),
      DEADLINE_MS,
    );
  });
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A SOAP envelope whose response element's start tag is filled with attribute-like text that never gets a
 * value, padded to `bytes`: the shape the old `([^\s=/>]+)\s*=` regex took quadratic time on.
 */
function hostileEnvelope(bytes: number): string {
  const head =
    '<?xml version="1.0" encoding="UTF-8"?><env:Envelope xmlns:env="http://www.w3.org/2003/05/soap-envelope" ' +
    'xmlns:tds="http://www.onvif.org/ver10/device/wsdl"><env:Body><tds:GetSystemDateAndTimeResponse ';
  const tail = '></tds:GetSystemDateAndTimeResponse></env:Body></env:Envelope>';
  return head + 'x'.repeat(bytes - head.length - tail.length) + tail;
}

describe('hostile ONVIF input', { timeout: 300_000 }, () => {
  let recorder: RecorderProcess;
  let device: OnvifSimulator;

  before(async () => {
    [recorder, device] = await Promise.all([
      startRecorderProcess(),
      startOnvifSimulator({ password: DEVICE_PASSWORD }),
    ]);
  });
  after(async () => {
    // SIGKILL: a frozen recorder (the old code) would not act on SIGTERM for hours.
    await recorder?.kill('SIGKILL');
    await device?.close();
  });

  const cameras = async (what: string) => {
    const answer = await within(recorder.api('GET', '/cameras'), what);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
  };

  it('a 1 MiB hostile SOAP reply: the API answers throughout, and the inspect fails with a clear 502', async () => {
    const reply = hostileEnvelope(MiB);
    assert.equal(Buffer.byteLength(reply), MiB);
    let halfSent!: () => void;
    const firstHalfSent = new Promise<void>((resolve) => (halfSent = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let replySent!: () => void;
    const fullySent = new Promise<void>((resolve) => (replySent = resolve));
    // The first call of an inspect (GetSystemDateAndTime) gets the hostile reply, in two halves.
    device.answerWith('GetSystemDateAndTime', (response: ServerResponse) => {
      response.writeHead(200, { 'content-type': 'application/soap+xml; charset=utf-8' });
      response.write(reply.slice(0, MiB / 2), () => halfSent());
      void released.then(() => {
        // The recorder may hang up once it has judged the reply; either way the reply has gone out.
        response.once('close', replySent);
        response.end(reply.slice(MiB / 2));
      });
    });

    let inspectSettled = false;
    const inspect = recorder
      .api('POST', '/onvif/devices/inspect', {
        xaddr: device.url,
        username: 'admin',
        password: DEVICE_PASSWORD,
      })
      .finally(() => (inspectSettled = true));

    // Half the reply is with the recorder, the other half still to come: the API answers meanwhile.
    await within(firstHalfSent, 'the device sending the first half');
    await cameras('GET /cameras while the hostile reply is arriving');
    assert.equal(inspectSettled, false, 'the inspect is still waiting for the rest of the reply');

    // The whole reply is with the recorder: it still answers (the old reader froze here for hours), and the
    // inspect ends with an error that names the call and what is wrong with the reply.
    release();
    await within(fullySent, 'the device sending the rest');
    await cameras('GET /cameras after the whole hostile reply arrived');
    const answer = await within(inspect, 'the inspect');
    assert.equal(answer.status, 502, JSON.stringify(answer.body));
    assert.equal(answer.body.detail.code, 'device_protocol');
    assert.match(
      answer.body.detail.message,
      /^GetSystemDateAndTime: response refused by the XML parser: 1:\d+: attribute without value\.$/,
    );
    device.answerWith(null);

    // The same device, answering properly again, is read as before.
    const healthy = await within(
      recorder.api('POST', '/onvif/devices/inspect', {
        xaddr: device.url,
        username: 'admin',
        password: DEVICE_PASSWORD,
      }),
      'an inspect of the healthy device',
    );
    assert.equal(healthy.status, 200, JSON.stringify(healthy.body));
  });

  it('hostile WS-Discovery datagrams: the API answers while the probe is open, and a real answer still counts', async () => {
    const responder = await startHostileResponder();
    try {
      let discoverySettled = false;
      const discovery = recorder
        .api('POST', '/onvif/discovery', { interface: '127.0.0.1', timeout_ms: 10_000 })
        .finally(() => (discoverySettled = true));
      // The hostile datagrams are arriving (ten a second: the old reader spent about a second on each, so it
      // never got out of reading them while they came, and the probe window closed before anything else ran).
      await within(responder.underWay, 'the hostile responder answering the probe');
      await cameras('GET /cameras while hostile datagrams arrive');
      assert.equal(discoverySettled, false, 'the API answered while the discovery was still collecting');
      responder.stop();
      const answer = await within(discovery, 'the discovery');
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      const found = (answer.body.devices as { address: string; name: string }[]).filter(
        (d) => d.address === responder.endpoint,
      );
      assert.deepEqual(
        found.map((d) => d.name),
        ['Survivor'],
        'the well-formed ProbeMatch is read, the hostile ones are dropped',
      );
    } finally {
      responder.close();
    }
  });
});

/**
 * A WS-Discovery responder on the loopback group that answers the first probe with one proper ProbeMatch and
 * then hostile datagrams of 16 KiB (the most discovery reads), ten a second until stopped (at most 150), each a
 * ProbeMatch for that probe whose start tag is attribute-like text without values. `underWay` resolves once
 * five have gone out.
 */
async function startHostileResponder(): Promise<{
  endpoint: string;
  underWay: Promise<void>;
  stop(): void;
  close(): void;
}> {
  const socket = dgram.createSocket({ type: 'udp4', reuseAddr: true });
  const endpoint = `urn:uuid:${randomUUID()}`;
  let answered = false;
  let timer: NodeJS.Timeout | undefined;
  let markUnderWay!: () => void;
  const underWay = new Promise<void>((resolve) => (markUnderWay = resolve));
  const envelope = (messageId: string, match: string) =>
    '<e:Envelope xmlns:e="http://www.w3.org/2003/05/soap-envelope" ' +
    'xmlns:a="http://schemas.xmlsoap.org/ws/2004/08/addressing" ' +
    'xmlns:d="http://schemas.xmlsoap.org/ws/2005/04/discovery">' +
    `<e:Header><a:RelatesTo>${messageId}</a:RelatesTo></e:Header><e:Body><d:ProbeMatches>${match}` +
    '</d:ProbeMatches></e:Body></e:Envelope>';
  socket.on('message', (datagram, from) => {
    const messageId = /MessageID>([^<]+)</.exec(datagram.toString('utf8'))?.[1];
    if (!messageId || answered) return;
    answered = true;
    const proper = envelope(
      messageId,
      '<d:ProbeMatch>' +
        `<a:EndpointReference><a:Address>${endpoint}</a:Address></a:EndpointReference>` +
        '<d:Types>dn:NetworkVideoTransmitter</d:Types>' +
        '<d:Scopes>onvif://www.onvif.org/name/Survivor</d:Scopes>' +
        '<d:XAddrs>http://127.0.0.1:9/onvif/device_service</d:XAddrs>' +
        '</d:ProbeMatch>',
    );
    const open = envelope(messageId, '<d:ProbeMatch ');
    const hostile = open.replace('<d:ProbeMatch ', '<d:ProbeMatch ' + 'x'.repeat(16 * 1024 - open.length));
    assert.equal(Buffer.byteLength(hostile), 16 * 1024);
    socket.send(proper, from.port, from.address);
    let sent = 0;
    timer = setInterval(() => {
      if (sent >= 150) {
        clearInterval(timer);
        return;
      }
      const n = ++sent;
      socket.send(hostile, from.port, from.address, () => {
        if (n === 5) markUnderWay();
      });
    }, 100);
  });
  await new Promise<void>((resolve) => socket.bind(3702, resolve));
  socket.addMembership('239.255.255.250', '127.0.0.1');
  const stop = () => clearInterval(timer);
  return {
    endpoint,
    underWay,
    stop,
    close: () => {
      stop();
      socket.close();
    },
  };
}
