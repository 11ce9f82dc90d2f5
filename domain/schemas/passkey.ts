/**
 * The browser's passkey answers as the API and the page actions take them (decision 0050): the JSON that
 * `@simplewebauthn/browser` makes, its size bounded before the library reads it.
 */
import { PASSKEY_NAME_MAX } from '../passkeys.ts';
import { z } from './zod.ts';

const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/);

const credentialFields = {
  id: base64url(1024).min(1),
  rawId: base64url(1024).min(1),
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

/** The browser's answer to a registration (`startRegistration`). */
export const passkeyRegistrationSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(16_384),
    authenticatorData: base64url(16_384).optional(),
    transports: z.array(z.string().max(32)).max(8).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4096).optional(),
  }),
});

/** The browser's answer to a sign-in or a step-up (`startAuthentication`). */
export const passkeyAssertionSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(4096),
    signature: base64url(2048),
    userHandle: base64url(256).optional(),
  }),
});
export type PasskeyAssertion = z.infer<typeof passkeyAssertionSchema>;

/** A name the owner recognises the passkey by ("Téléphone", "YubiKey"); a default when they give none. */
export const passkeyNameSchema = z
  .string()
  .trim()
  .max(PASSKEY_NAME_MAX, 'validation:passkey_name_too_long')
  .optional();

export const addPasskeySchema = z.object({ response: passkeyRegistrationSchema, name: passkeyNameSchema });
export type AddPasskeyInput = z.infer<typeof addPasskeySchema>;

/** Signing in with a passkey: alone, or as the second step after the password (the ticket it gave). */
export const passkeySignInSchema = z.object({
  response: passkeyAssertionSchema,
  ticket: z.string().trim().min(1).max(100).optional(),
});
export type PasskeySignInInput = z.infer<typeof passkeySignInSchema>;

/** A step-up with a passkey: the browser's answer alone. */
export const passkeyStepUpSchema = z.object({ response: passkeyAssertionSchema });

export const passkeyOptionsSchema = z.object({ ticket: z.string().trim().min(1).max(100).optional() });

/** A passkey's id, as a path or a form names it. */
export const passkeyIdSchema = z.coerce.number().int().positive().max(2_147_483_647);

/**
 * Asking to make a passkey: an account without any factor gives its password, so that a stolen session cannot
 * plant a passkey that signs in without one (decision 0050).
 */
export const passkeyCreationSchema = z.object({ current_password: z.string().max(256).optional() });
