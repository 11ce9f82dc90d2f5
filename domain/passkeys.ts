/**
 * Passkeys (issue 42; decision 0050): WebAuthn credentials held by a phone, a computer or a security key. One is a
 * second factor, and may also sign in without the password: it proves the device (possession) and, with the user
 * verification we require, the person unlocking it (a PIN or a fingerprint). The schemas of the browser's answers
 * are in schemas/passkey.ts, apart, so that a page showing these limits does not carry them.
 */
/** A ceremony's challenge is answered within this time, once. */
export const PASSKEY_CHALLENGE_MINUTES = 5;
/** What the browser is given to answer, in milliseconds (the same five minutes). */
export const PASSKEY_TIMEOUT_MS = PASSKEY_CHALLENGE_MINUTES * 60_000;
/**
 * The signature algorithms the site accepts, in its order of preference (COSE ids): Ed25519, ES256 (P-256, what
 * nearly every authenticator makes), RS256 (Windows Hello). Not ML-DSA, which Node's crypto still marks
 * experimental: an authenticator that offers it offers one of these too.
 */
export const PASSKEY_ALGORITHMS = [-8, -7, -257];
/** Enough for a phone, a computer and a few security keys; a bound on what one account stores. */
export const MAX_PASSKEYS = 10;
export const PASSKEY_NAME_MAX = 60;

/** What a ceremony is for: adding a passkey, signing in with one, or passing it again in a session. */
export const PASSKEY_PURPOSES = ['registration', 'sign_in', 'step_up'] as const;
export type PasskeyPurpose = (typeof PASSKEY_PURPOSES)[number];

/** Where a browser's answer is kept in a form (the pages post it to their action): parsed from its text. */
export function parseCredentialJson(text: unknown): unknown {
  if (typeof text !== 'string' || text.length > 40_000) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
