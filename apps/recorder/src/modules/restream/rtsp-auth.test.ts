// RTSP credentials: Basic and Digest headers parsed (malformed ones are no credentials), nonces ours and fresh,
// Digest responses checked with and without qop against RFC 2617's own example, and a fuzz of the header parser.
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { DIGEST_REALM, digestHa1 } from '../users/digest-credentials.js';
import { DigestChallenges, NONCE_LIFETIME_MS, parseAuthorization } from './rtsp-auth.js';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

describe('RTSP authentication', () => {
  it('reads Basic credentials, a password with colons included', () => {
    const header = `Basic ${Buffer.from('alice:pa:ss').toString('base64')}`;
    assert.deepEqual(parseAuthorization(header), { scheme: 'basic', username: 'alice', password: 'pa:ss' });
    assert.equal(parseAuthorization('Basic !!!'), null);
    assert.equal(parseAuthorization(`Basic ${Buffer.from('nocolon').toString('base64')}`), null);
  });

  it('checks Digest responses without qop and with qop=auth (RFC 2617 §3.5)', () => {
    let now = 1_000_000;
    const challenges = new DigestChallenges(() => now, Buffer.alloc(32, 1));
    const nonce = /nonce="([^"]+)"/.exec(challenges.challenge()[0]!)![1]!;
    assert.equal(challenges.nonceValid(nonce), true);
    const ha1 = digestHa1('alice', 'secret');
    assert.equal(ha1, md5(`alice:${DIGEST_REALM}:secret`));
    const uri = 'rtsp://nvr/cameras/1';
    const plain = md5(`${ha1}:${nonce}:${md5(`DESCRIBE:${uri}`)}`);
    const header = `Digest username="alice", realm="${DIGEST_REALM}", nonce="${nonce}", uri="${uri}", response="${plain}"`;
    const credentials = parseAuthorization(header);
    assert.equal(credentials?.scheme, 'digest');
    if (credentials?.scheme !== 'digest') return;
    assert.equal(challenges.verify(credentials, 'DESCRIBE', ha1), true);
    assert.equal(challenges.verify(credentials, 'SETUP', ha1), false, 'the method is part of the digest');
    assert.equal(challenges.verify(credentials, 'DESCRIBE', digestHa1('alice', 'wrong')), false);

    const withQop = md5(`${ha1}:${nonce}:00000001:abcdef:auth:${md5(`DESCRIBE:${uri}`)}`);
    const qop = parseAuthorization(
      `Digest username="alice",realm="${DIGEST_REALM}",nonce="${nonce}",uri="${uri}",qop=auth,nc=00000001,cnonce="abcdef",response="${withQop}",algorithm=MD5`,
    );
    assert.ok(qop?.scheme === 'digest' && challenges.verify(qop, 'DESCRIBE', ha1));

    // A nonce from elsewhere, tampered with or too old.
    assert.equal(new DigestChallenges(() => now, Buffer.alloc(32, 2)).nonceValid(nonce), false);
    assert.equal(challenges.nonceValid(nonce.replace(/.$/, (c) => (c === '0' ? '1' : '0'))), false);
    now += NONCE_LIFETIME_MS + 1;
    assert.equal(challenges.nonceValid(nonce), false);
    assert.match(challenges.challenge(true)[0]!, /stale=TRUE/);
  });

  it('takes no Digest it cannot check', () => {
    const base = 'username="a", realm="NVR", nonce="n", uri="u", response="r"';
    assert.ok(parseAuthorization(`Digest ${base}`));
    for (const header of [
      'Digest username="a", realm="NVR", nonce="n", uri="u"',
      `Digest ${base}, algorithm=SHA-256`,
      `Digest ${base}, qop=auth-int, nc=1, cnonce="c"`,
      `Digest ${base}, qop=auth`,
      'Digest username="unterminated',
      'Bearer abc',
      `Digest ${base}, ${Array.from({ length: 20 }, (_, i) => `x${i}="y"`).join(', ')}`,
      `Digest ${'a'.repeat(5000)}`,
    ]) {
      assert.equal(parseAuthorization(header), null, header);
    }
  });

  it('fuzz: any header parses to credentials or null', () => {
    const seed = 'Digest username="a\\"b", realm="NVR", nonce="1.2", uri="rtsp://x/cameras/1", response="ff"';
    for (let round = 0; round < 5000; round++) {
      const text =
        round % 2 === 0
          ? randomBytes(round % 300).toString('latin1')
          : [...seed]
              .map((c) => (Math.random() < 0.05 ? String.fromCharCode(Math.floor(Math.random() * 128)) : c))
              .join('');
      parseAuthorization(text);
    }
  });
});
