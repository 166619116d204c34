import { hash, verify, type Options } from '@node-rs/argon2';

// Algorithm is an ambient const enum (no runtime object): 2 is Argon2id.
const ARGON2ID = 2 as NonNullable<Options['algorithm']>;

/** OWASP's baseline for argon2id: 19 MiB, 2 passes, 1 lane. */
const OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** False for a wrong password and for a malformed hash alike: the caller answers both the same. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
