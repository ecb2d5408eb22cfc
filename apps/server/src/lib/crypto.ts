import { createHmac, hash as digest, randomBytes, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** A url-safe random token with the given number of random bytes. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** The SHA-256 of `value` in hex (Node's one-shot hash: it creates no Hash object, on every request). */
export function sha256(value: string | Buffer): string {
  return digest('sha256', value);
}

export function hmac(key: string, value: string): string {
  return createHmac('sha256', key).update(value).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

// OWASP's argon2id baseline: 19 MiB memory, 2 iterations, 1 lane.
const argon2Options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** How passwords are hashed and checked; the app context carries one, so a test can count the checks. */
export type TPasswordHasher = {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
};

export function createPasswordHasher(): TPasswordHasher {
  return { hash: hashPassword, verify: verifyPassword };
}

let dummyHash: Promise<string> | undefined;

/**
 * The hash of a random password nobody knows, made once with the current parameters: a login for an
 * unknown e-mail address checks its password against it, so it costs what a known address costs.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomToken());
  return dummyHash;
}
