// A node names the caller of a request it forwards (node-proxy.ts); the node that answers believes the name only
// when a node with the same shared secret signed it, for this method and path, just now.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { ForwardedClient } from '../src/platform/http/forwarded-client.js';

describe('forwarded client address', () => {
  const secret = randomBytes(32);
  let now = 1_800_000_000_000;
  const clock = () => now;
  const node = new ForwardedClient(secret, clock);
  const path = '/api/v1/recordings/4/chunks/9';

  it('takes the address a node of the cluster signed for this request', () => {
    const header = node.sign('203.0.113.7', 'DELETE', path);
    assert.equal(new ForwardedClient(secret, clock).verify(header, 'DELETE', path), '203.0.113.7');
    assert.equal(node.verify(node.sign('2001:db8::1', 'get', path), 'GET', path), '2001:db8::1');
  });

  it('refuses another secret, another request, a changed address, a stale signature and junk', () => {
    const header = node.sign('203.0.113.7', 'DELETE', path);
    assert.equal(new ForwardedClient(randomBytes(32), clock).verify(header, 'DELETE', path), null);
    assert.equal(node.verify(header, 'GET', path), null);
    assert.equal(node.verify(header, 'DELETE', `${path}0`), null);
    assert.equal(node.verify(header.replace('203.0.113.7', '203.0.113.8'), 'DELETE', path), null);
    now += 61_000;
    assert.equal(node.verify(header, 'DELETE', path), null);
    now -= 61_000;
    for (const junk of [
      undefined,
      '',
      'x',
      '1.2.3.4 now mac',
      `1.2.3.4 ${now} mac extra`,
      `${'9'.repeat(65)} ${now} m`,
    ])
      assert.equal(node.verify(junk, 'DELETE', path), null, String(junk));
  });
});
