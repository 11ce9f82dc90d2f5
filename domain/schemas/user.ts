/**
 * Account schemas: sign-up, profile update, sign-in, password change, forgotten and reset password.
 * Field names are the club's (docs/API.md vocabulary).
 */
import { z } from './zod.ts';

import { FALLBACK_LOCALE, LOCALES } from '../locales.ts';
import {
  EVEN_WITH_FIELD_ERRORS,
  GENERIC_MESSAGE,
  birthDateField,
  emailField,
  personNameFields,
  phoneField,
  postalAddressFields,
  reportIssues,
  text,
  type FieldIssue,
} from './common.ts';
import { contactIssues } from './contact.ts';

const PASSWORD_RULES = 'validation:password_rules';
const PASSWORD_MISMATCH = 'validation:password_mismatch';

/**
 * At least 6 characters with an uppercase letter, a lowercase letter and a digit (any alphabet). The upper bound
 * only stops absurd inputs from costing a long password hash.
 */
export function passwordField() {
  return text(PASSWORD_RULES)
    .min(6, PASSWORD_RULES)
    .max(256, PASSWORD_RULES)
    .regex(/\p{Lu}/u, PASSWORD_RULES)
    .regex(/\p{Ll}/u, PASSWORD_RULES)
    .regex(/\p{Nd}/u, PASSWORD_RULES);
}

const passwordConfirmationField = text(PASSWORD_MISMATCH);

function passwordMismatch(value: Record<string, unknown>): FieldIssue[] {
  return value.password === value.password_confirmation
    ? []
    : [{ path: ['password_confirmation'], message: PASSWORD_MISMATCH }];
}

const userFields = {
  ...personNameFields(),
  date_naissance: birthDateField(),
  tel: phoneField(),
  ...postalAddressFields('cp'),
  email: emailField(),
};

function userContactIssues(value: Record<string, unknown>): FieldIssue[] {
  return contactIssues(value, { phone: 'tel', postalCode: 'cp', country: 'pays' });
}

/**
 * PUT /api/me and the account page's personal information. A new `email` needs `current_password` (checked by
 * the server, which answers `wrong_current_password`); the address changes once the link sent to it is followed.
 */
export const profileUpdateSchema = z
  .object({ ...userFields, current_password: z.string().max(256).optional() })
  .superRefine((value, ctx) => reportIssues(ctx, userContactIssues(value)), EVEN_WITH_FIELD_ERRORS);
export type UserFields = z.infer<typeof profileUpdateSchema>;

/** POST /api/signup and the sign-up form. */
export const signupSchema = z
  .object({ ...userFields, password: passwordField(), password_confirmation: passwordConfirmationField })
  .superRefine(
    (value, ctx) => reportIssues(ctx, [...userContactIssues(value), ...passwordMismatch(value)]),
    EVEN_WITH_FIELD_ERRORS,
  );
export type SignupInput = z.infer<typeof signupSchema>;

/** POST /api/login. The password rules are not applied: they may have changed since the password was chosen. */
export const loginSchema = z.object({
  email: emailField(),
  password: text('validation:password_required').min(1, 'validation:password_required').max(1000),
});

/** PUT /api/me/password. */
export const changePasswordSchema = z
  .object({
    current_password: text('validation:current_password_required')
      .min(1, 'validation:current_password_required')
      .max(1000),
    password: passwordField(),
    password_confirmation: passwordConfirmationField,
  })
  .superRefine((value, ctx) => reportIssues(ctx, passwordMismatch(value)), EVEN_WITH_FIELD_ERRORS);
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** DELETE /api/account: the password confirms that the person at the keyboard owns the account. */
export const deleteAccountSchema = z.object({
  current_password: text('validation:current_password_required')
    .min(1, 'validation:current_password_required')
    .max(1000),
});

/** POST /api/account/forgot-password: `lang` chooses the language of the email. */
export const forgotPasswordSchema = z.object({
  email: emailField(),
  lang: z.enum(LOCALES, { error: GENERIC_MESSAGE }).default(FALLBACK_LOCALE),
});

/** POST /api/account/reset-password/{email}/{token}: the body. */
export const resetPasswordSchema = z.object({ password: passwordField() });

/** The reset page's form, which asks for the new password twice; only `password` is sent. */
export const resetPasswordFormSchema = z
  .object({ password: passwordField(), password_confirmation: passwordConfirmationField })
  .superRefine((value, ctx) => reportIssues(ctx, passwordMismatch(value)), EVEN_WITH_FIELD_ERRORS);
/** POST /api/account/verify-email: the token of the emailed link. */
export const verifyEmailSchema = z.object({
  token: text('validation:invalid_or_expired_token').min(1).max(200),
});
