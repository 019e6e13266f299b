// Every node of a cluster must have the same MASTER_KEY (secrets sealed by one node are opened by another) and
// JWT_SECRET (a token from one node is valid on every node). Without this check a second node started with its
// own key files would run, fail to open camera passwords and refuse every user's token. The first node stores a
// constant sealed with its master key and an HMAC of a constant with its JWT secret; the others must match.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import type { ClusterRepository } from './cluster.repository.js';

const CONSTANT = 'nvr cluster secrets check v1';
const PURPOSE = 'cluster.secrets-check';

export class ClusterSecretsMismatch extends Error {}

export async function checkClusterSecrets(
  repository: Pick<ClusterRepository, 'secretsCheck'>,
  secretBox: SecretBox,
  jwtSecret: Buffer,
): Promise<void> {
  const jwtCheck = createHmac('sha256', jwtSecret).update(CONSTANT).digest('hex');
  const stored = await repository.secretsCheck({
    master_key_check: secretBox.seal(CONSTANT, PURPOSE),
    jwt_secret_check: jwtCheck,
  });
  let opened: string | null = null;
  try {
    opened = secretBox.open(stored.master_key_check, PURPOSE);
  } catch {
    opened = null;
  }
  if (opened !== CONSTANT)
    throw new ClusterSecretsMismatch(
      'MASTER_KEY differs from the one the other recorders on this database use: every node needs the same MASTER_KEY (docs/cluster.md)',
    );
  const same =
    stored.jwt_secret_check.length === jwtCheck.length &&
    timingSafeEqual(Buffer.from(stored.jwt_secret_check), Buffer.from(jwtCheck));
  if (!same)
    throw new ClusterSecretsMismatch(
      'JWT_SECRET differs from the one the other recorders on this database use: every node needs the same JWT_SECRET (docs/cluster.md)',
    );
}
