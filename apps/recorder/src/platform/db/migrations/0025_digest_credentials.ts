import type { PortableMigration } from './helpers.js';

/**
 * Issue #36: RTSP restream clients mostly authenticate with HTTP Digest, which needs HA1 = MD5(user:realm:password)
 * and cannot be computed from the argon2id hash. The recorder seals HA1 (secret box) whenever it holds the password
 * in clear: a password set or changed, and a successful login. Users from before stay null (Basic only) until then.
 */
export const digestCredentials: PortableMigration = {
  async up(db) {
    await db.schema.alterTable('users').addColumn('digest_ha1_sealed', 'text').execute();
  },
};
