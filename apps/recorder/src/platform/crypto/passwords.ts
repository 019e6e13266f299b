// argon2id with OWASP's recommended parameters (19 MiB, 2 passes, 1 lane).
import { hash, verify } from '@node-rs/argon2';

const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export class PasswordHasher {
  // A real hash to verify against when the user does not exist, so unknown and known usernames take as long.
  #dummy: Promise<string> | undefined;

  hash(password: string): Promise<string> {
    return hash(password, OPTIONS);
  }

  async verify(hashed: string | undefined, password: string): Promise<boolean> {
    if (hashed === undefined) {
      this.#dummy ??= this.hash('not-a-real-password');
      await verify(await this.#dummy, password).catch(() => false);
      return false;
    }
    try {
      return await verify(hashed, password);
    } catch {
      return false;
    }
  }
}
