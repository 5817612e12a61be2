import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id` of @node-rs/argon2 (an ambient const enum, which isolated modules cannot read). */
const ARGON2ID = 2;

/** argon2id with 19 MiB, 2 iterations, parallelism 1 (OWASP's first recommended setting). */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Hashes on libuv's thread pool, so the event loop keeps serving other requests. */
export const hashPassword = (password: string) => hash(password, OPTIONS);

let dummy: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. With no hash (unknown account, or none set) it still spends the same
 * work on a dummy hash, so the answer takes about as long and reveals nothing.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) {
    dummy ??= hash('not-a-real-password', OPTIONS);
    await verify(await dummy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
