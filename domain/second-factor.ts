/**
 * The second factor's rules (issue 42; decision 0048): an authenticator app (TOTP, RFC 6238: SHA-1, six digits,
 * thirty seconds) and ten single-use recovery codes. The sign-in hands a ticket back between the password and the
 * code; the ticket lives a few minutes and burns after a few wrong codes.
 */
import { z } from './schemas/zod.ts';

export const TOTP = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
/** One step either side of the server's clock: a phone a few seconds off still signs in. */
export const TOTP_WINDOW = 1;
/** The name an authenticator app shows beside the code. */
export const TOTP_ISSUER = 'Cinglés du Mont-Ventoux';

export const TICKET_MINUTES = 5;
export const TICKET_MAX_FAILURES = 5;

export const RECOVERY_CODE_COUNT = 10;
/** Lower-case letters and digits without the ones read alike (0/o, 1/l/i). */
export const RECOVERY_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** Two groups of five characters: about 49 bits each, against five tries per ticket. */
export const RECOVERY_CODE_GROUP = 5;

/** The ways a person with a second factor may pass it (domain/passkeys.ts for passkeys). */
export const SECOND_FACTOR_METHODS = ['totp', 'passkey', 'recovery_code'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/** A code as typed: spaces, dashes and case do not matter. */
export const normaliseCode = (code: string): string => code.toLowerCase().replace(/[\s-]/g, '');

export const isTotpCode = (normalised: string): boolean => /^\d{6}$/.test(normalised);

export const isRecoveryCode = (normalised: string): boolean =>
  normalised.length === RECOVERY_CODE_GROUP * 2 &&
  [...normalised].every((character) => RECOVERY_CODE_ALPHABET.includes(character));

/** How a recovery code is shown: `abcde-fghjk`. */
export const formatRecoveryCode = (normalised: string): string =>
  `${normalised.slice(0, RECOVERY_CODE_GROUP)}-${normalised.slice(RECOVERY_CODE_GROUP)}`;

const code = z
  .string()
  .trim()
  .min(1, 'validation:second_factor_code_required')
  .max(32, 'validation:second_factor_code_invalid')
  .refine((value) => {
    const normalised = normaliseCode(value);
    return isTotpCode(normalised) || isRecoveryCode(normalised);
  }, 'validation:second_factor_code_invalid');

/** A code alone: confirming the app, a step-up, removing a factor. */
export const secondFactorCodeSchema = z.object({ code });

/** The sign-in's second step: the ticket the password gave, and a code. */
export const secondFactorSignInSchema = z.object({
  ticket: z.string().trim().min(1).max(100),
  code,
});
export type SecondFactorSignInInput = z.infer<typeof secondFactorSignInSchema>;

/** Whether a second factor passed at `passedAt` still allows the acts that ask for a recent one. */
export function isRecent(passedAt: Date | null, stepUpMinutes: number, now = new Date()): boolean {
  return passedAt !== null && now.getTime() - passedAt.getTime() <= stepUpMinutes * 60_000;
}
