// The recorder's outbound HTTP helper and the address guard it uses for user-chosen URLs, against real loopback
// servers: bounded reads, deadline, cancellation, refused addresses (IP literal and a name that resolves to
// loopback), redirects not followed.
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import {
  AddressRefusedError,
  HOST_INTERNAL_SCOPES,
  NON_PUBLIC_SCOPES,
  addressScope,
  guardedLookup,
  isInvalidName,
  refuseLiteral,
  resolveHost,
} from '../src/platform/net/address-scope.js';
import { OutboundError, limitStream, outboundRequest } from '../src/platform/net/outbound-http.js';
import { MIB, memoryGrowth, writeHugeBody } from './helpers/huge-body.js';
import { serve } from './helpers/net-servers.js';

describe('address guard', () => {
  it('NON_PUBLIC_SCOPES is every scope but public; the host-internal ones stay as they were', () => {
    for (const ip of ['127.0.0.1', '::1', '0.0.0.0', '169.254.169.254', 'fe80::1', '224.0.0.1', '240.0.0.1'])
      assert.ok(HOST_INTERNAL_SCOPES.has(addressScope(ip)), ip);
    for (const ip of ['10.1.2.3', '172.16.0.1', '192.168.1.10', '100.64.0.1', 'fd00::1', '::ffff:10.0.0.1']) {
      assert.equal(addressScope(ip), 'private', ip);
      assert.ok(NON_PUBLIC_SCOPES.has(addressScope(ip)), ip);
    }
    for (const ip of ['8.8.8.8', '2606:4700::1111']) assert.ok(!NON_PUBLIC_SCOPES.has(addressScope(ip)), ip);
  });

  it('refuseLiteral judges IP literals (bracketed IPv6 and IPv4-mapped included) and leaves names alone', () => {
    assert.match(
      refuseLiteral('127.0.0.1', NON_PUBLIC_SCOPES)!.message,
      /127\.0\.0\.1 is a loopback address/,
    );
    assert.equal(refuseLiteral('[::ffff:7f00:1]', NON_PUBLIC_SCOPES)?.scope, 'loopback');
    assert.equal(refuseLiteral('[fd00::1]', NON_PUBLIC_SCOPES)?.scope, 'private');
    assert.equal(refuseLiteral('192.168.1.2', HOST_INTERNAL_SCOPES), null);
    assert.equal(refuseLiteral('8.8.8.8', NON_PUBLIC_SCOPES), null);
    assert.equal(refuseLiteral('localhost', NON_PUBLIC_SCOPES), null);
  });

  it('guardedLookup refuses a name that resolves into a refused scope and answers like dns.lookup otherwise', async () => {
    const lookupAll = (refused: ReadonlySet<never> | typeof NON_PUBLIC_SCOPES, all: boolean) =>
      new Promise<{ error: Error | null; address: unknown; family?: number }>((resolve) =>
        guardedLookup(refused)('localhost', { all }, (error, address, family) =>
          resolve({ error, address, family }),
        ),
      );
    const refused = await lookupAll(NON_PUBLIC_SCOPES, false);
    assert.ok(refused.error instanceof AddressRefusedError);
    assert.match(refused.error.message, /^localhost resolves to a loopback address \((127\.0\.0\.1|::1)\)$/);
    const allowed = await lookupAll(new Set(), false);
    assert.equal(allowed.error, null);
    assert.equal(addressScope(allowed.address as string), 'loopback');
    assert.ok(allowed.family === 4 || allowed.family === 6);
    const list = await lookupAll(new Set(), true);
    assert.ok(Array.isArray(list.address) && list.address.length > 0);
  });
  it('names under .invalid (RFC 6761) are not found, without a DNS query', async () => {
    for (const name of ['camera.invalid', 'cam-7.test.INVALID', 'x.invalid.'])
      assert.ok(isInvalidName(name), name);
    for (const name of ['invalid.example.com', 'notinvalid', '127.0.0.1'])
      assert.ok(!isInvalidName(name), name);
    assert.deepEqual(await resolveHost('cam-7.test.invalid'), []);
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      guardedLookup(NON_PUBLIC_SCOPES)('cam-7.test.invalid', {}, (e) => resolve(e)),
    );
    assert.equal(error?.code, 'ENOTFOUND');
  });
});

describe('outboundRequest', () => {
  let url: string;
  let stop: () => Promise<void>;
  const seen: string[] = [];
  const written: Promise<number>[] = [];
  let release: (() => void) | undefined;

  before(async () => {
    const server = createServer((req: IncomingMessage, res: ServerResponse) => {
      seen.push(`${req.method} ${req.url}`);
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const path = req.url ?? '';
        if (path === '/echo') {
          res.writeHead(201, { 'content-type': 'text/plain', 'x-got': req.headers['x-test'] ?? '' });
          return res.end(`got ${Buffer.concat(chunks).toString()}`);
        }
        if (path === '/huge') {
          res.writeHead(200, { 'content-type': 'application/json' });
          return void written.push(writeHugeBody(res, 400 * MIB));
        }
        if (path === '/declared') {
          res.writeHead(200, { 'content-length': String(400 * MIB) });
          return void written.push(writeHugeBody(res, 400 * MIB));
        }
        if (path === '/redirect') {
          res.writeHead(302, { location: 'http://127.0.0.1:9/elsewhere' });
          return res.end();
        }
        if (path === '/hold') return void (release = () => res.end('late'));
        res.writeHead(404);
        res.end();
      });
    });
    ({ stop } = await serve(server).then(({ port, stop }) => {
      url = `http://127.0.0.1:${port}`;
      return { stop };
    }));
  });
  after(async () => {
    release?.();
    await stop();
  });

  it('sends method, headers and body; answers status, headers and body', async () => {
    const response = await outboundRequest({
      method: 'POST',
      url: `${url}/echo`,
      headers: { 'x-test': 'yes' },
      body: 'hello',
      timeoutMs: 5000,
      maxBytes: 1024,
    });
    assert.equal(response.status, 201);
    assert.equal(response.headers['x-got'], 'yes');
    assert.equal(response.body.toString(), 'got hello');
  });

  it('a 400 MB answer is aborted past maxBytes: typed error with the status, memory and bytes sent bounded', async () => {
    const { value: error, growth } = await memoryGrowth(() =>
      outboundRequest({ method: 'GET', url: `${url}/huge`, timeoutMs: 60_000, maxBytes: 5 * MIB }).then(
        () => assert.fail('a 400 MB answer was accepted'),
        (e: unknown) => e,
      ),
    );
    assert.ok(error instanceof OutboundError);
    assert.equal(error.kind, 'too_large');
    assert.equal(error.status, 200);
    const sent = await written.at(-1)!;
    assert.ok(sent < 64 * MIB, `the server could write ${sent} bytes`);
    assert.ok(growth < 64 * MIB, `memory grew by ${growth} bytes`);
  });

  it('a declared Content-Length over the limit is refused before reading', async () => {
    const error = await outboundRequest({
      method: 'GET',
      url: `${url}/declared`,
      timeoutMs: 60_000,
      maxBytes: MIB,
    }).catch((e: unknown) => e);
    assert.ok(error instanceof OutboundError && error.kind === 'too_large');
    assert.ok((await written.at(-1)!) < 64 * MIB);
  });

  it('deadline and AbortSignal end the exchange with their own kinds', async () => {
    const timedOut = await outboundRequest({
      method: 'GET',
      url: `${url}/hold`,
      timeoutMs: 100,
      maxBytes: MIB,
    }).catch((e: unknown) => e);
    assert.ok(timedOut instanceof OutboundError);
    assert.equal(timedOut.kind, 'timeout');
    assert.equal(timedOut.message, 'no answer within 100 ms');

    const abort = new AbortController();
    const pending = outboundRequest({
      method: 'GET',
      url: `${url}/hold`,
      timeoutMs: 60_000,
      maxBytes: MIB,
      signal: abort.signal,
    }).catch((e: unknown) => e);
    abort.abort();
    const cancelled = await pending;
    assert.ok(cancelled instanceof OutboundError && cancelled.kind === 'aborted');
  });

  it('refuseScopes: an IP literal or a name resolving to loopback is refused before anything is sent', async () => {
    const before = seen.length;
    const port = new URL(url).port;
    for (const target of [
      `${url}/echo`,
      `http://localhost:${port}/echo`,
      `http://[::ffff:127.0.0.1]:${port}/`,
    ]) {
      const error = await outboundRequest({
        method: 'POST',
        url: target,
        body: 'x',
        timeoutMs: 5000,
        maxBytes: MIB,
        refuseScopes: NON_PUBLIC_SCOPES,
      }).catch((e: unknown) => e);
      assert.ok(error instanceof OutboundError, target);
      assert.equal(error.kind, 'refused_address', target);
      assert.match(error.message, /loopback address/, target);
    }
    assert.equal(seen.length, before, 'no request reached the server');
    // The same names with a guard that allows loopback connect normally.
    const allowed = await outboundRequest({
      method: 'POST',
      url: `http://localhost:${port}/echo`,
      body: 'x',
      timeoutMs: 5000,
      maxBytes: MIB,
      refuseScopes: new Set(['link_local']),
    });
    assert.equal(allowed.status, 201);
  });

  it('redirects are answered as they are, never followed', async () => {
    const response = await outboundRequest({
      method: 'GET',
      url: `${url}/redirect`,
      timeoutMs: 5000,
      maxBytes: MIB,
    });
    assert.equal(response.status, 302);
    assert.equal(response.headers.location, 'http://127.0.0.1:9/elsewhere');
  });

  it('invalid URLs, protocols and header values are refused as invalid', async () => {
    for (const request of [
      { url: 'not a url' },
      { url: 'file:///etc/passwd' },
      { url: `${url}/echo`, headers: { 'x-a': 'b\r\nx-injected: 1' } },
    ]) {
      const error = await outboundRequest({
        method: 'GET',
        timeoutMs: 1000,
        maxBytes: MIB,
        ...request,
      }).catch((e: unknown) => e);
      assert.ok(error instanceof OutboundError, JSON.stringify(request));
      assert.equal(error.kind, 'invalid', JSON.stringify(request));
    }
  });
});

describe('limitStream', () => {
  it('passes up to the limit and fails with too_large past it, destroying the source', async () => {
    const small = limitStream(Readable.from([Buffer.alloc(10), Buffer.alloc(10)]), 20);
    let total = 0;
    for await (const chunk of small) total += (chunk as Buffer).length;
    assert.equal(total, 20);

    const source = Readable.from([Buffer.alloc(10), Buffer.alloc(10), Buffer.alloc(10)]);
    const big = limitStream(source, 25, 200);
    const error = await (async () => {
      for await (const chunk of big) void chunk;
    })().catch((e: unknown) => e);
    assert.ok(error instanceof OutboundError && error.kind === 'too_large' && error.status === 200);
    assert.ok(source.destroyed);
  });
});
