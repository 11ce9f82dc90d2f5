/** Password hashing with argon2id (OWASP's current recommendation), through @node-rs/argon2. */
import { hash, verify } from '@node-rs/argon2';

// The package's `Algorithm` is a const enum, which type stripping cannot inline: 2 is Argon2id.
const ARGON2ID = 2;

const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verified when the email is unknown, so that a wrong email takes as long as a wrong password. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-0');
  return dummyHash;
}
