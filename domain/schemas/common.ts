/**
 * Building blocks of the zod schemas shared by the API and the forms, and the translation of a zod error into
 * field errors. Every message is an i18n key of the `validation` namespace, never a sentence: the API answers the
 * key with its 400 `validation` error and the form translates it next to the field.
 */
import { z } from './zod.ts';

import { isCountryCode } from '../countries.ts';
import { isValidCalendarDate, today, type CalendarDate } from '../dates.ts';

export const GENERIC_MESSAGE = 'validation:generic';
const TOO_LONG = 'validation:too_long';
export const INVALID_CHARACTERS = 'validation:invalid_characters';

/**
 * Text the database can keep: PostgreSQL refuses the NUL character in text and JSON, and a lone surrogate (half
 * of a character, e.g. an emoji cut in two) is not Unicode at all.
 */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && value.isWellFormed();
}

/**
 * The one text schema: every text field of every input (bodies, query strings, path parameters) starts here.
 * `typeMessage` is the message when the value is missing or not a string.
 */
export function text(typeMessage: string = GENERIC_MESSAGE) {
  return z.string({ error: typeMessage }).refine(isStorableText, { error: INVALID_CHARACTERS, abort: true });
}

/** The largest id PostgreSQL's `integer` holds: a larger id names no object. */
export const MAX_DATABASE_ID = 2_147_483_647;
/**
 * The message of an id that is a whole number beyond MAX_DATABASE_ID: the API answers 404, as for any other id
 * that names nothing, rather than 400.
 */
export const ID_OUT_OF_RANGE = 'id_out_of_range';

function boundedId(number: z.ZodNumber) {
  return number
    .refine(Number.isInteger, { error: GENERIC_MESSAGE, abort: true })
    .refine((id) => id >= 1, { error: GENERIC_MESSAGE, abort: true })
    .refine((id) => id <= MAX_DATABASE_ID, { error: ID_OUT_OF_RANGE, abort: true });
}

/** An object's id in a JSON body: a whole number from 1. */
export function idField() {
  return boundedId(z.number({ error: GENERIC_MESSAGE }));
}

/** An object's id in a path or a query string ('42'). */
export function idParam() {
  return z.preprocess(
    (value) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value),
    boundedId(z.number({ error: GENERIC_MESSAGE })),
  );
}

export const CIVILITES = ['mme', 'm'] as const;

/** The oldest date of birth accepted: anything earlier is a typing mistake. */
export const MIN_BIRTH_DATE: CalendarDate = '1900-01-01';

/** A required text, trimmed, 1 to `max` characters; `messageKey` when missing. */
export function requiredText(messageKey: string, max = 100) {
  return text(messageKey).trim().min(1, messageKey).max(max, TOO_LONG);
}

/** An optional text (complement): trimmed, missing or null read as ''. */
export function optionalText(max = 200) {
  return text()
    .trim()
    .max(max, TOO_LONG)
    .nullish()
    .transform((value) => value ?? '');
}

/** A country code (pays, nationalite): lowercase ISO 3166 alpha-2; 'FR' is read as 'fr'. */
export function countryField(messageKey: string) {
  return text(messageKey).trim().toLowerCase().refine(isCountryCode, messageKey);
}

/** A calendar date 'YYYY-MM-DD'; `requiredKey` when missing, `invalidKey` when not a real day. */
export function calendarDateField(requiredKey: string, invalidKey: string = requiredKey) {
  return text(requiredKey)
    .min(1, { error: requiredKey, abort: true })
    .refine(isValidCalendarDate, { error: invalidKey, abort: true });
}

/** A date of birth: a real day, in the past (in the club's time zone) and not before 1900. */
export function birthDateField() {
  return calendarDateField('validation:date_naissance_required', 'validation:date_naissance_invalid').refine(
    (date) => date >= MIN_BIRTH_DATE && date < today(),
    { error: 'validation:date_naissance_invalid', abort: true },
  );
}

/** An email address: trimmed and lowercased (addresses are compared that way), at most 254 characters. */
export function emailField() {
  const messageKey = 'validation:email_invalid';
  return text(messageKey)
    .trim()
    .toLowerCase()
    .max(254, messageKey)
    .pipe(z.email({ error: messageKey }));
}

/** Who a person is, as an account and a registration both ask it. */
export function personNameFields() {
  return {
    civilite: z.enum(CIVILITES, { error: 'validation:civilite_required' }),
    nom: requiredText('validation:nom_required'),
    prenom: requiredText('validation:prenom_required'),
  };
}

/** A phone number; the rules of its country are checked on the whole form (contact.ts). */
export function phoneField() {
  return requiredText('validation:phone_invalid', 30);
}

/**
 * Where a person lives, and their nationality, as an account (postal code `cp`) and a registration
 * (`code_postal`) both ask it. The postal code is checked against the country on the whole form (contact.ts).
 */
export function postalAddressFields<PostalCode extends string>(postalCode: PostalCode) {
  const code = { [postalCode]: requiredText('validation:cp_invalid', 20) } as Record<
    PostalCode,
    ReturnType<typeof requiredText>
  >;
  return {
    adresse: requiredText('validation:adresse_required', 200),
    complement: optionalText(200),
    ...code,
    ville: requiredText('validation:ville_required'),
    pays: countryField('validation:pays_required'),
    nationalite: countryField('validation:nationalite_required'),
  };
}

/** Page sizes the tables offer; anything else is refused so that a query cannot ask for the whole table. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

/** The last page a table offers: further pages would only make the database skip millions of rows. */
export const MAX_PAGE = 100_000;

/** `?page=1&pageSize=25`: query strings are text, hence the coercion. */
export const pagingQuery = z.object({
  page: z.coerce
    .number({ error: GENERIC_MESSAGE })
    .int(GENERIC_MESSAGE)
    .min(1, GENERIC_MESSAGE)
    .max(MAX_PAGE, GENERIC_MESSAGE)
    .default(1),
  pageSize: z.coerce
    .number({ error: GENERIC_MESSAGE })
    .pipe(z.literal(PAGE_SIZES, { error: GENERIC_MESSAGE }))
    .default(DEFAULT_PAGE_SIZE),
});

/**
 * Options for object-level checks (superRefine) that must run even when some fields already failed, so that the
 * form shows every error at once rather than revealing them one round at a time. The checks therefore guard the
 * type of each field they read.
 */
export const EVEN_WITH_FIELD_ERRORS = {
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
};

/** An error found by an object-level check, relative to that object. */
export type FieldIssue = { path: (string | number)[]; message: string };

export function reportIssues<T>(ctx: z.RefinementCtx<T>, issues: readonly FieldIssue[]): void {
  for (const issue of issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
}

/** Where a form-level error (one with an empty path) is put in fieldErrors. */
export const FORM_ERROR_PATH = '_form';
const MESSAGE_KEY = /^validation:[a-z0-9_]+$/;

/**
 * Dotted path ('candidats.0.nom', the form library's notation) -> the first message key for that path. A message
 * that is not one of our keys (a zod default) becomes the generic message, so the UI never shows raw English.
 */
export function fieldErrors(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.length > 0 ? issue.path.map(String).join('.') : FORM_ERROR_PATH;
    if (!Object.hasOwn(errors, path))
      errors[path] = MESSAGE_KEY.test(issue.message) ? issue.message : GENERIC_MESSAGE;
  }
  return errors;
}
