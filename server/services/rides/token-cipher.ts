/**
 * Encrypts the OAuth tokens of activity services at rest: AES-256-GCM with Node's `crypto`. The key comes from
 * the configuration (`TOKEN_ENCRYPTION_KEY`, 32 bytes as base64 or hex), else from the database, where the first
 * instance that needs it generates it, so that every instance reads what another wrote.
 *
 * A sealed value is `version (1 byte) | IV (12) | tag (16) | ciphertext`. The associated data names the owner and
 * the kind of token, so that a token copied onto another row does not open.
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { serverSecrets } from '../../db/schema/index.ts';

const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_NAME = 'token-encryption-key';

export class TokenCipherError extends Error {
  override name = 'TokenCipherError';
}

/** 32 bytes from base64 (44 characters) or hex (64); anything else is refused. */
export function parseEncryptionKey(value: string): Buffer {
  const trimmed = value.trim();
  const bytes = /^[0-9a-f]{64}$/i.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(trimmed, 'base64');
  if (bytes.length !== 32)
    throw new TokenCipherError('expected 32 bytes, as 64 hex digits or 44 base64 characters');
  return bytes;
}

export function seal(key: Buffer, plaintext: string, context: string): Uint8Array {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.of(VERSION), iv, cipher.getAuthTag(), ciphertext]);
}

export function open(key: Buffer, sealed: Uint8Array, context: string): string {
  const bytes = Buffer.from(sealed);
  if (bytes.length < 1 + IV_BYTES + TAG_BYTES || bytes[0] !== VERSION)
    throw new TokenCipherError('not a sealed token');
  const iv = bytes.subarray(1, 1 + IV_BYTES);
  const tag = bytes.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([
      decipher.update(bytes.subarray(1 + IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    throw new TokenCipherError('the token does not open with this key');
  }
}

export function createTokenCipher({ db, configuredKey }: { db: Database; configuredKey?: string }) {
  // The key never changes while the site runs (a new one would make every stored token unreadable): one read.
  let key: Promise<Buffer> | undefined;

  async function storedKey(): Promise<Buffer> {
    await db
      .insert(serverSecrets)
      .values({ name: KEY_NAME, secret: crypto.randomBytes(32).toString('base64') })
      .onConflictDoNothing();
    const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, KEY_NAME));
    return parseEncryptionKey(row!.secret);
  }

  function currentKey(): Promise<Buffer> {
    key ??= configuredKey ? Promise.resolve(parseEncryptionKey(configuredKey)) : storedKey();
    key.catch(() => (key = undefined));
    return key;
  }

  return {
    async seal(plaintext: string, context: string): Promise<Uint8Array> {
      return seal(await currentKey(), plaintext, context);
    },
    async open(sealed: Uint8Array, context: string): Promise<string> {
      return open(await currentKey(), sealed, context);
    },
  };
}

export type TokenCipher = ReturnType<typeof createTokenCipher>;
