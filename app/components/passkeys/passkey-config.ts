/** What the passkey island (passkey-island.ts) reads from a form of the page (`data-passkey`, JSON). */

export interface PasskeyConfig {
  /** Making a passkey, or answering with one (a sign-in, a step-up). */
  ceremony: 'register' | 'authenticate';
  /** The API address that answers the ceremony's options (POST, JSON). */
  optionsUrl: string;
  /** What that request sends (a sign-in's ticket). */
  body?: Record<string, string>;
  /** Fields of the form whose values that request sends too (the password a first passkey asks). */
  fields?: string[];
  /** The status line's texts, translated: the person cancelled, it failed, or the server refused with a code. */
  messages: { cancelled: string; failed: string; codes: Record<string, string> };
}

export const PASSKEY_MARKER = 'data-passkey';
/** The hidden field the browser's answer is posted in, as JSON. */
export const PASSKEY_FIELD = 'credential';
