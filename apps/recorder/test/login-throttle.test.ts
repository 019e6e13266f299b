// Issue #15 item 12: login attempts are counted before the password is checked, and throttled per source as well
// as per account, so parallel guesses get no more tries and a stranger cannot lock the owner out of their NVR.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../src/config.js';
import { loginSource } from '../src/modules/auth/login-throttle.js';
import { PasswordHasher } from '../src/platform/crypto/passwords.js';
import { USER_PASSWORD, createTestApp, type TestApp } from './helpers/app.js';
import { createTestDatabase, testDialects } from './helpers/database.js';

/** Counts the password checks (argon2 verifications) the recorder makes. */
class CountingHasher extends PasswordHasher {
  checks = 0;
  override verify(hashed: string | undefined, password: string): Promise<boolean> {
    this.checks++;
    return super.verify(hashed, password);
  }
}

const ATTACKER = '203.0.113.66';
const OWNER = '198.51.100.7';

const loginFrom = (t: TestApp, ip: string, username: string, password: string, headers = {}) =>
  t.request({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { username, password },
    remoteAddress: ip,
    headers,
  });

describe('login source', () => {
  it('is the IPv4 address, or the /64 of an IPv6 address', () => {
    assert.equal(loginSource('192.0.2.7'), '192.0.2.7');
    assert.equal(loginSource('::ffff:192.0.2.7'), '192.0.2.7');
    assert.equal(loginSource('2001:db8:1:2:3:4:5:6'), '2001:db8:1:2::/64');
    assert.equal(loginSource('2001:db8:1:2::99'), '2001:db8:1:2::/64');
    assert.equal(loginSource('2001:DB8::1'), '2001:db8:0:0::/64');
    assert.equal(loginSource('::1'), '0:0:0:0::/64');
    assert.equal(loginSource('fe80::1%eth0'), 'fe80:0:0:0::/64');
    assert.equal(loginSource('64:ff9b::192.0.2.1'), '64:ff9b:0:0::/64');
    assert.equal(loginSource(undefined), 'unknown');
  });

  it('TRUST_PROXY takes addresses, CIDR ranges and the proxy-addr keywords only', () => {
    assert.deepEqual(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,loopback' }).trustProxy, [
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'loopback',
    ]);
    assert.deepEqual(loadConfig({}).trustProxy, []);
    for (const bad of ['true', '10.0.0.0/33', 'proxy.example', '*']) {
      assert.throws(() => loadConfig({ TRUST_PROXY: bad }), /TRUST_PROXY/);
    }
  });
});

for (const dialect of testDialects()) {
  describe(`login throttling (${dialect})`, () => {
    let t: TestApp;
    const hasher = new CountingHasher();
    let now = Date.now();
    before(async () => {
      t = await createTestApp({ dialect, overrides: { passwordHasher: hasher, loginClock: () => now } });
    });
    after(() => t.close());

    it('100 parallel wrong passwords: five are checked, the other 95 get 429 without a check', async () => {
      await t.createUser('target');
      const checksBefore = hasher.checks;
      const responses = await Promise.all(
        Array.from({ length: 100 }, (_, i) => loginFrom(t, ATTACKER, 'target', `wrong-password-${i}`)),
      );
      const statuses = responses.map((r) => r.statusCode);
      assert.equal(hasher.checks - checksBefore, 5, 'password checks');
      assert.equal(statuses.filter((s) => s === 401).length, 5);
      assert.equal(statuses.filter((s) => s === 429).length, 95);
      // The right password from there waits for the lock too, unchecked.
      assert.equal((await loginFrom(t, ATTACKER, 'target', USER_PASSWORD)).statusCode, 429);
      assert.equal(hasher.checks - checksBefore, 5);
    });

    it("a stranger's failures lock the account for the stranger only: the owner logs in from elsewhere", async () => {
      await t.createUser('owner');
      for (let i = 0; i < 5; i++)
        assert.equal((await loginFrom(t, ATTACKER, 'owner', 'nope-nope')).statusCode, 401);
      const locked = await loginFrom(t, ATTACKER, 'owner', USER_PASSWORD);
      assert.equal(locked.statusCode, 429);
      const retryAfter = Number(locked.headers['retry-after']);
      assert.ok(retryAfter > 0 && retryAfter <= 300, `Retry-After ${retryAfter}`);

      // The owner's own typos count on their own, and the right password works during the stranger's lock.
      for (let i = 0; i < 4; i++)
        assert.equal((await loginFrom(t, OWNER, 'owner', 'typo-typo')).statusCode, 401);
      assert.equal((await loginFrom(t, OWNER, 'owner', USER_PASSWORD)).statusCode, 200);
      assert.equal(
        (await loginFrom(t, ATTACKER, 'owner', USER_PASSWORD)).statusCode,
        429,
        'still locked there',
      );

      // IPv6: the lock holds for the attacker's whole /64, not for the next network.
      await t.createUser('owner6');
      for (let i = 0; i < 5; i++) await loginFrom(t, '2001:db8:1:2::1', 'owner6', 'nope-nope');
      assert.equal((await loginFrom(t, '2001:db8:1:2::99', 'owner6', USER_PASSWORD)).statusCode, 429);
      assert.equal((await loginFrom(t, '2001:db8:1:3::1', 'owner6', USER_PASSWORD)).statusCode, 200);
    });

    it('a source trying many usernames runs out of its budget; successful logins do not use it up', async () => {
      const stuffer = '203.0.113.77';
      await t.createUser('regular');
      for (let i = 0; i < 3; i++)
        assert.equal((await loginFrom(t, stuffer, 'regular', USER_PASSWORD)).statusCode, 200);
      for (let i = 0; i < 20; i++) {
        const response = await loginFrom(t, stuffer, `victim${i}`, 'Password1!');
        assert.equal(response.statusCode, 401, `attempt ${i + 1}`);
      }
      const spent = await loginFrom(t, stuffer, 'victim-next', 'Password1!');
      assert.equal(spent.statusCode, 429);
      const retryAfter = Number(spent.headers['retry-after']);
      assert.ok(retryAfter > 300 && retryAfter <= 900, `Retry-After ${retryAfter}`);
      assert.equal(
        (await loginFrom(t, stuffer, 'regular', USER_PASSWORD)).statusCode,
        429,
        'the whole source',
      );
      assert.equal((await loginFrom(t, OWNER, 'regular', USER_PASSWORD)).statusCode, 200, 'other sources');
    });

    it('locks run out: the account after five minutes, the source after fifteen', async () => {
      const source = '203.0.113.88';
      await t.createUser('patient');
      for (let i = 0; i < 5; i++) await loginFrom(t, source, 'patient', 'nope-nope');
      assert.equal((await loginFrom(t, source, 'patient', USER_PASSWORD)).statusCode, 429);
      now += 5 * 60 * 1000 + 1000;
      assert.equal((await loginFrom(t, source, 'patient', USER_PASSWORD)).statusCode, 200);

      for (let i = 0; i < 15; i++) await loginFrom(t, source, `nobody${i}`, 'nope-nope');
      assert.equal((await loginFrom(t, source, 'patient', USER_PASSWORD)).statusCode, 429, 'budget spent');
      now += 5 * 60 * 1000 + 1000;
      assert.equal((await loginFrom(t, source, 'patient', USER_PASSWORD)).statusCode, 429, 'not yet');
      now += 10 * 60 * 1000;
      assert.equal((await loginFrom(t, source, 'patient', USER_PASSWORD)).statusCode, 200);
    });
  });

  describe(`login throttling across a restart (${dialect})`, () => {
    it('a lock set before a restart holds after it, still for its source only', async () => {
      const database = await createTestDatabase(dialect);
      try {
        const first = await createTestApp({ dialect, database });
        try {
          await first.createUser('persistent');
          for (let i = 0; i < 5; i++) await loginFrom(first, ATTACKER, 'persistent', 'nope-nope');
        } finally {
          await first.close();
        }
        const second = await createTestApp({ dialect, database });
        try {
          assert.equal((await loginFrom(second, ATTACKER, 'persistent', USER_PASSWORD)).statusCode, 429);
          assert.equal((await loginFrom(second, OWNER, 'persistent', USER_PASSWORD)).statusCode, 200);
        } finally {
          await second.close();
        }
      } finally {
        await database.drop();
      }
    });
  });

  describe(`login throttling on two recorders sharing one database (${dialect})`, () => {
    it('parallel guesses split over both nodes still get five checks in all', async () => {
      const database = await createTestDatabase(dialect);
      const hashers = [new CountingHasher(), new CountingHasher()];
      const nodes: TestApp[] = [];
      try {
        for (const passwordHasher of hashers)
          nodes.push(await createTestApp({ dialect, database, overrides: { passwordHasher } }));
        await nodes[0]!.createUser('shared');
        const before = hashers[0]!.checks + hashers[1]!.checks;
        const responses = await Promise.all(
          Array.from({ length: 60 }, (_, i) =>
            loginFrom(nodes[i % 2]!, ATTACKER, 'shared', `wrong-password-${i}`),
          ),
        );
        assert.equal(hashers[0]!.checks + hashers[1]!.checks - before, 5, 'password checks on both nodes');
        assert.equal(responses.filter((r) => r.statusCode === 429).length, 55);
      } finally {
        for (const node of nodes) await node.close();
        await database.drop();
      }
    });
  });

  describe(`login throttling behind a reverse proxy (${dialect})`, () => {
    let proxied: TestApp;
    let direct: TestApp;
    before(async () => {
      proxied = await createTestApp({ dialect, env: { TRUST_PROXY: '127.0.0.1' } });
      direct = await createTestApp({ dialect });
    });
    after(async () => {
      await proxied.close();
      await direct.close();
    });

    it('TRUST_PROXY: the client named by the proxy counts; otherwise a forged X-Forwarded-For changes nothing', async () => {
      const via = (ip: string) => ({ 'x-forwarded-for': ip });
      await proxied.createUser('behind_proxy');
      for (let i = 0; i < 5; i++)
        await loginFrom(proxied, '127.0.0.1', 'behind_proxy', 'nope-nope', via(ATTACKER));
      assert.equal(
        (await loginFrom(proxied, '127.0.0.1', 'behind_proxy', USER_PASSWORD, via(ATTACKER))).statusCode,
        429,
      );
      assert.equal(
        (await loginFrom(proxied, '127.0.0.1', 'behind_proxy', USER_PASSWORD, via(OWNER))).statusCode,
        200,
      );

      await direct.createUser('no_proxy');
      for (let i = 0; i < 5; i++) await loginFrom(direct, ATTACKER, 'no_proxy', 'nope-nope', via(OWNER));
      assert.equal(
        (await loginFrom(direct, ATTACKER, 'no_proxy', USER_PASSWORD, via('192.0.2.200'))).statusCode,
        429,
      );
    });
  });
}
