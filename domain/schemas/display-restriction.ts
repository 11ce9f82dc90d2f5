/** Hiding one's results from the public tables: the request form, the emailed link, the account switch. */
import { z } from './zod.ts';
import { FALLBACK_LOCALE, LOCALES } from '../locales.ts';
import { GENERIC_MESSAGE, emailField, text } from './common.ts';

/** POST /api/public-display-restriction; `lang` is the page's language, for the email. */
export const restrictionRequestSchema = z.object({
  email: emailField(),
  lang: z.enum(LOCALES, { error: GENERIC_MESSAGE }).default(FALLBACK_LOCALE),
});

/** POST /api/public-display-restriction/confirm: the token of the emailed link. */
export const restrictionConfirmSchema = z.object({
  token: text('validation:invalid_or_expired_token')
    .min(1, 'validation:invalid_or_expired_token')
    .max(200, 'validation:invalid_or_expired_token'),
});

/** GET and PUT /api/me/public-display: whether the signed-in user's results are hidden. */
export const publicDisplaySchema = z.object({ hidden: z.boolean({ error: GENERIC_MESSAGE }) });
export type PublicDisplay = z.infer<typeof publicDisplaySchema>;
