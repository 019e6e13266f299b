import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import type { Socket } from 'node:net';
import { before, describe, it } from 'node:test';
import { createServer as createTlsServer } from 'node:tls';
import { probeTarget, probeTls } from '../src/media/tls-probe.js';
import { selfSignedCertificate, serve, unansweredPort } from './helpers/net-servers.js';

describe('probeTls', () => {
  let key: Buffer;
  let cert: Buffer;

  before(async () => {
    ({ key, cert } = await selfSignedCertificate());
  });

  it('a TLS server with a self-signed certificate is supported', async () => {
    const { port, stop } = await serve(createTlsServer({ key, cert }));
    try {
      assert.equal(await probeTls('127.0.0.1', port, {}), 'supported');
    } finally {
      await stop();
    }
  });

  it('sends the host name as SNI for DNS names only', async () => {
    // SNICallback runs while the server reads the ClientHello, so it has run before the client's handshake ends.
    const seen: string[] = [];
    const server = createTlsServer({
      key,
      cert,
      SNICallback: (name, done) => {
        seen.push(name);
        done(null, undefined);
      },
    });
    const { port, stop } = await serve(server);
    try {
      // Resolves to loopback; the listener is IPv4, so rely on address fallback for ::1.
      assert.equal(await probeTls('localhost', port, {}), 'supported');
      assert.equal(await probeTls('127.0.0.1', port, {}), 'supported');
      assert.deepEqual(seen, ['localhost']);
    } finally {
      await stop();
    }
  });

  it('a plain TCP server that answers in cleartext and closes is not_supported', async () => {
    const server = createServer((socket) => socket.end('RTSP/1.0 400 Bad Request\r\nCSeq: 0\r\n\r\n'));
    const { port, stop } = await serve(server);
    try {
      assert.equal(await probeTls('127.0.0.1', port, {}), 'not_supported');
    } finally {
      await stop();
    }
  });

  it('a server that closes or resets without a word is not_supported', async () => {
    for (const hangUp of [(s: Socket) => s.end(), (s: Socket) => s.resetAndDestroy()]) {
      const { port, stop } = await serve(createServer(hangUp));
      try {
        assert.equal(await probeTls('127.0.0.1', port, {}), 'not_supported');
      } finally {
        await stop();
      }
    }
  });

  it('a closed port is not_supported', async () => {
    const { port, stop } = await serve(createServer());
    await stop();
    assert.equal(await probeTls('127.0.0.1', port, {}), 'not_supported');
  });

  it('a server that accepts and stays silent is inconclusive after the timeout', async () => {
    const { port, stop } = await serve(createServer(() => {}));
    try {
      assert.equal(await probeTls('127.0.0.1', port, { timeoutMs: 300 }), 'inconclusive');
    } finally {
      await stop();
    }
  });

  it('an address that never answers the connection is inconclusive after the timeout', async () => {
    const { port, stop } = await unansweredPort();
    try {
      assert.equal(await probeTls('127.0.0.1', port, { timeoutMs: 300 }), 'inconclusive');
    } finally {
      await stop();
    }
  });

  it('a name that does not resolve is inconclusive', async () => {
    // RFC 6761 reserves .invalid: answered at once, without a DNS query (which a lossy resolver makes slow).
    assert.equal(await probeTls('camera.invalid', 322, { timeoutMs: 2000 }), 'inconclusive');
  });
});

describe('probeTarget', () => {
  it('uses the explicit port, else the rtsps:// URL port, else 322', () => {
    assert.deepEqual(probeTarget('rtsps://cam.local:8443/live', 9000), { host: 'cam.local', port: 9000 });
    assert.deepEqual(probeTarget('rtsps://cam.local:8443/live'), { host: 'cam.local', port: 8443 });
    assert.deepEqual(probeTarget('rtsps://cam.local/live'), { host: 'cam.local', port: 322 });
    assert.deepEqual(probeTarget('rtsp://u:p@10.0.0.2:554/s'), { host: '10.0.0.2', port: 322 });
    assert.deepEqual(probeTarget('rtsp://10.0.0.2:554/s', 7441), { host: '10.0.0.2', port: 7441 });
  });

  it('unwraps IPv6 literals', () => {
    assert.deepEqual(probeTarget('rtsps://[fe80::1]:7441/x'), { host: 'fe80::1', port: 7441 });
  });

  it('falls back to the given host when there is no usable URL', () => {
    assert.deepEqual(probeTarget(null), { host: null, port: 322 });
    assert.deepEqual(probeTarget(null, 8322, '10.0.0.9'), { host: '10.0.0.9', port: 8322 });
    assert.deepEqual(probeTarget('not a url', undefined, 'cam.lan'), { host: 'cam.lan', port: 322 });
    assert.deepEqual(probeTarget('rtsp://10.0.0.2/s', undefined, 'cam.lan'), { host: '10.0.0.2', port: 322 });
  });

  it('rejects ports outside 1..65535', () => {
    for (const port of [0, 65536, 1.5, -1]) assert.throws(() => probeTarget(null, port), RangeError);
  });
});
