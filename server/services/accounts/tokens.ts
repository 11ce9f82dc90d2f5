/** Random secrets handed to clients; only their SHA-256 is stored, so a leaked table opens nothing. */
import crypto from 'node:crypto';

/** 256 bits of randomness, URL-safe. */
export function newToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}
