// What RTSP Digest authentication needs of a password (modules/restream): HA1 = MD5(username:realm:password), sealed
// at rest like the camera passwords. It can only be made while the password is in clear — set, changed, or typed at
// login — so an account from before issue #36 gets it at its next login or password change (Basic works meanwhile).
// HA1 opens every Digest challenge of the realm as the password would: it is kept sealed, never shown, and replaced
// whenever the password or the username changes.
import { createHash } from 'node:crypto';
import type { SecretBox } from '../../platform/crypto/secret-box.js';

/** The realm of every challenge: fixed, since HA1 is bound to it (a new realm would void every stored HA1). */
export const DIGEST_REALM = 'NVR';
export const DIGEST_HA1_PURPOSE = 'users.digest_ha1';

export function digestHa1(username: string, password: string, realm = DIGEST_REALM): string {
  return createHash('md5').update(`${username}:${realm}:${password}`, 'utf8').digest('hex');
}

export class DigestCredentials {
  constructor(private readonly box: SecretBox) {}

  seal(username: string, password: string): string {
    return this.box.seal(digestHa1(username, password), DIGEST_HA1_PURPOSE);
  }

  /** The HA1, or null when none is stored or it cannot be opened (another master key). */
  open(sealed: string | null): string | null {
    if (sealed === null) return null;
    try {
      return this.box.open(sealed, DIGEST_HA1_PURPOSE);
    } catch {
      return null;
    }
  }
}
