/**
 * Checking a code against a person's second factors (decision 0048): a TOTP from their authenticator app, accepted
 * once per thirty-second step, or one of their recovery codes, accepted once. Both consume what they match in one
 * conditional write, so that two requests racing with the same code cannot both pass.
 */
import crypto from 'node:crypto';
import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import {
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_GROUP,
  TOTP,
  TOTP_ISSUER,
  TOTP_WINDOW,
  formatRecoveryCode,
  isRecoveryCode,
  isTotpCode,
  normaliseCode,
} from '../../../domain/second-factor.ts';
import type { Database } from '../../db/client.ts';
import { recoveryCodes, secondFactors } from '../../db/schema/index.ts';
import type { TokenCipher } from '../rides/token-cipher.ts';

/** What a sealed TOTP secret is bound to: its owner, so that a secret copied onto another row does not open. */
export const totpContext = (userId: number) => `totp:${userId}`;

export const totpOf = (secret: OTPAuth.Secret, label: string) =>
  new OTPAuth.TOTP({ ...TOTP, issuer: TOTP_ISSUER, label, secret });

/** A new secret of 160 bits, the size RFC 4226 recommends for SHA-1. */
export const newTotpSecret = () => new OTPAuth.Secret({ size: 20 });

/** The step a code was made for, if it is one of the steps around `now`; else null. */
export function matchingStep(secret: OTPAuth.Secret, code: string, now: number): number | null {
  const delta = OTPAuth.TOTP.validate({ ...TOTP, secret, token: code, timestamp: now, window: TOTP_WINDOW });
  return delta === null ? null : Math.floor(now / 1000 / TOTP.period) + delta;
}

const hashRecoveryCode = (salt: string, code: string) =>
  crypto.createHash('sha256').update(`${salt}:${code}`).digest('hex');

function randomRecoveryCode(): string {
  const characters = Array.from(
    { length: RECOVERY_CODE_GROUP * 2 },
    () => RECOVERY_CODE_ALPHABET[crypto.randomInt(RECOVERY_CODE_ALPHABET.length)],
  );
  return characters.join('');
}

/** Ten new recovery codes in place of the old ones; the codes themselves are returned once, to be shown once. */
export async function replaceRecoveryCodes(database: Database, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, randomRecoveryCode);
  await database.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await database.insert(recoveryCodes).values(
    codes.map((code) => {
      const salt = crypto.randomBytes(16).toString('hex');
      return { userId, salt, codeHash: hashRecoveryCode(salt, code) };
    }),
  );
  return codes.map(formatRecoveryCode);
}

export type CodeMatch = 'totp' | 'recovery_code' | null;

/**
 * Consumes `code` if it is a valid TOTP of the person's confirmed app (a step not used before) or one of their
 * unused recovery codes; answers which, or null.
 */
export async function consumeCode(
  database: Database,
  cipher: TokenCipher,
  userId: number,
  code: string,
  now = Date.now(),
): Promise<CodeMatch> {
  const normalised = normaliseCode(code);
  if (isTotpCode(normalised))
    return (await consumeTotp(database, cipher, userId, normalised, now)) ? 'totp' : null;
  if (isRecoveryCode(normalised))
    return (await consumeRecoveryCode(database, userId, normalised, now)) ? 'recovery_code' : null;
  return null;
}

async function consumeTotp(
  database: Database,
  cipher: TokenCipher,
  userId: number,
  code: string,
  now: number,
) {
  const [factor] = await database
    .select()
    .from(secondFactors)
    .where(
      and(
        eq(secondFactors.userId, userId),
        eq(secondFactors.kind, 'totp'),
        isNotNull(secondFactors.confirmedAt),
      ),
    );
  if (!factor) return false;
  const step = matchingStep(await openSecret(cipher, userId, factor.secret), code, now);
  if (step === null) return false;
  const used = await database
    .update(secondFactors)
    .set({ lastUsedStep: step, lastUsedAt: new Date(now) })
    .where(
      and(
        eq(secondFactors.id, factor.id),
        or(isNull(secondFactors.lastUsedStep), lt(secondFactors.lastUsedStep, step)),
      ),
    )
    .returning({ id: secondFactors.id });
  return used.length > 0;
}

async function consumeRecoveryCode(database: Database, userId: number, code: string, now: number) {
  const unused = await database
    .select()
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  const expected = (row: (typeof unused)[number]) => Buffer.from(row.codeHash, 'hex');
  const match = unused.find((row) =>
    crypto.timingSafeEqual(expected(row), Buffer.from(hashRecoveryCode(row.salt, code), 'hex')),
  );
  if (!match) return false;
  const used = await database
    .update(recoveryCodes)
    .set({ usedAt: new Date(now) })
    .where(and(eq(recoveryCodes.id, match.id), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}

export async function openSecret(cipher: TokenCipher, userId: number, sealed: Uint8Array) {
  return OTPAuth.Secret.fromBase32(await cipher.open(sealed, totpContext(userId)));
}
