import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requestContext } from '../../platform/http/authentication.js';
import { authErrors } from '../../platform/http/schemas.js';
import { SigningKeyInfo } from './evidence.schemas.js';
import type { EvidenceService } from './evidence.service.js';

export const evidenceRoutes =
  (evidence: EvidenceService): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/system/signing-key',
      {
        schema: {
          tags: ['system'],
          operationId: 'getSigningKey',
          summary: "The public half of the recorder's evidence signing key and its fingerprint",
          description:
            'Evidence exports and the chain heads are signed with this Ed25519 key (docs/evidence.md); its private ' +
            'half never leaves the recorder. Write the fingerprint down: `npm run verify -- <file> --key <it>`.',
          response: { 200: SigningKeyInfo, ...authErrors },
        },
      },
      async (request) => evidence.signingKey(requestContext(request)),
    );
  };
