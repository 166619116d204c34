import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';

/**
 * Keyed digests of short-lived secrets (verification codes, refresh-token secrets): the log
 * keeps only these. The purpose and owner are bound in so one digest never stands for another.
 */
export function secretDigest(
  key: string,
  purpose: 'signup-code' | 'refresh-token' | 'signup-request' | 'team-invite' | 'device-token' | 'api-key',
  owner: string,
  value: string,
): string {
  return createHmac('sha256', key).update(`${purpose}\0${owner}\0${value}`).digest('base64url');
}

/** Six digits, uniformly drawn. */
export function newVerificationCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/** 256 random bits, URL-safe. */
export function newTokenSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** The email aggregates' id: no address in the subject, and the same for any letter case. */
export function emailKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}
