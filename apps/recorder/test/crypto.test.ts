import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { loadOrCreateSecretFile } from '../src/platform/crypto/key-file.js';
import { SecretBox, SecretBoxError } from '../src/platform/crypto/secret-box.js';

describe('secret box (AES-256-GCM)', () => {
  const box = new SecretBox(Buffer.alloc(32, 9));

  it('round-trips and never stores the plaintext', () => {
    const sealed = box.seal('camera-password-ü', 'camera.password');
    assert.ok(!sealed.includes('camera-password'));
    assert.equal(box.open(sealed, 'camera.password'), 'camera-password-ü');
    assert.notEqual(box.seal('same', 'p'), box.seal('same', 'p'), 'a fresh IV every time');
  });

  it('detects tampering, the wrong purpose and the wrong key', () => {
    const sealed = box.seal('secret', 'camera.password');
    const raw = Buffer.from(sealed.slice(3), 'base64');
    raw[raw.length - 1]! ^= 1;
    assert.throws(() => box.open(`v1:${raw.toString('base64')}`, 'camera.password'), SecretBoxError);
    assert.throws(() => box.open(sealed, 'cloud.token'), SecretBoxError);
    assert.throws(() => new SecretBox(Buffer.alloc(32, 8)).open(sealed, 'camera.password'), SecretBoxError);
    assert.throws(() => box.open('v1:AAAA', 'camera.password'), SecretBoxError);
    assert.throws(() => box.open('v9:whatever', 'camera.password'), SecretBoxError);
  });

  it('accepts a master key as hex or base64 and refuses other lengths', () => {
    const hex = SecretBox.fromString('0f'.repeat(32));
    const b64 = SecretBox.fromString(Buffer.alloc(32, 0x0f).toString('base64'));
    assert.equal(b64.open(hex.seal('x', 'p'), 'p'), 'x');
    assert.throws(() => new SecretBox(Buffer.alloc(16)), SecretBoxError);
  });

  it('generates the key file once, with mode 0600, and reads it back', () => {
    const dir = mkdtempSync(join(tmpdir(), 'nvr-key-'));
    const path = join(dir, 'nested', 'master.key');
    const first = loadOrCreateSecretFile(path, 32);
    assert.equal(first.length, 32);
    assert.equal(statSync(path).mode & 0o777, 0o600);
    assert.deepEqual(loadOrCreateSecretFile(path, 32), first);
    assert.equal(Buffer.from(readFileSync(path, 'utf8').trim(), 'base64').length, 32);
  });
});
