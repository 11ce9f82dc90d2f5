/** Hiding one's results from the public tables: the request form, the emailed link, the account switch. */
import { z } from './zod.ts';
import { FALLBACK_LOCALE, LOCALES } from '../locales.ts';
import { NAME_DISPLAYS } from '../public-name.ts';
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

/** PUT /api/me/public-display: whether the signed-in user's results are hidden. */
export const publicDisplaySchema = z.object({ hidden: z.boolean({ error: GENERIC_MESSAGE }) });

/** PUT /api/me/public-name: how public tables name the signed-in user (domain/public-name.ts). */
export const publicNameSchema = z.object({
  display: z.enum(NAME_DISPLAYS, { error: 'validation:name_display_invalid' }),
});

/** What GET /api/me/public-display answers, and both PUTs: the results hidden or not, and the name shown. */
export const publicDisplayStateSchema = publicDisplaySchema.extend({ name: z.enum(NAME_DISPLAYS) });
export type PublicDisplay = z.infer<typeof publicDisplayStateSchema>;
