import type { PortableMigration } from './helpers.js';

/** Adapters registered through the API may carry a bearer token (SecretBox output; never returned). */
export const adapterTokens: PortableMigration = {
  async up(db) {
    await db.schema.alterTable('ai_adapters').addColumn('token_sealed', 'text').execute();
  },
};
