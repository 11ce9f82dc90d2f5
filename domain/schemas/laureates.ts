/**
 * The public ranking's query (`GET /api/laureates` and the `/{lang}/laureates` page share it, so a page URL is
 * also a valid API query) and the shapes it answers.
 */
import { z } from './zod.ts';
import { isCountryCode } from '../countries.ts';
import {
  DEFAULT_LAUREATE_PAGE_SIZE,
  DEFAULT_LAUREATE_SORT,
  FIRST_RIDE_YEAR,
  LAUREATE_PAGE_SIZES,
  parseLaureateSort,
} from '../laureate-view.ts';
import { CHALLENGE_IDS } from '../ventoux.ts';
import { GENERIC_MESSAGE, text } from './common.ts';

/** Empty strings are what an HTML form sends for "no filter". */
const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

export const laureatesQuery = z.object({
  page: z.coerce
    .number({ error: GENERIC_MESSAGE })
    .int(GENERIC_MESSAGE)
    .min(1, GENERIC_MESSAGE)
    .max(100_000, GENERIC_MESSAGE)
    .default(1),
  pageSize: z.coerce
    .number({ error: GENERIC_MESSAGE })
    .pipe(z.literal(LAUREATE_PAGE_SIZES, { error: GENERIC_MESSAGE }))
    .default(DEFAULT_LAUREATE_PAGE_SIZE),
  sort: z.preprocess(
    emptyAsUndefined,
    text()
      .transform((value, ctx) => {
        const sort = parseLaureateSort(value);
        if (!sort) ctx.addIssue({ code: 'custom', message: GENERIC_MESSAGE });
        return sort ?? DEFAULT_LAUREATE_SORT;
      })
      .default(DEFAULT_LAUREATE_SORT),
  ),
  q: z.preprocess(emptyAsUndefined, text().trim().max(100, GENERIC_MESSAGE).optional()),
  epreuve: z.preprocess(emptyAsUndefined, z.enum(CHALLENGE_IDS, { error: GENERIC_MESSAGE }).optional()),
  pays: z.preprocess(
    emptyAsUndefined,
    text().trim().toLowerCase().refine(isCountryCode, GENERIC_MESSAGE).optional(),
  ),
  year: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: GENERIC_MESSAGE })
      .int(GENERIC_MESSAGE)
      .min(FIRST_RIDE_YEAR, GENERIC_MESSAGE)
      .max(2100, GENERIC_MESSAGE)
      .optional(),
  ),
});
export type LaureatesQuery = z.output<typeof laureatesQuery>;

/**
 * The view an address asks for, read leniently: a parameter that makes no sense is dropped, not an error page
 * (the API, given the same query, answers 400 instead).
 */
export function readLaureatesQuery(params: URLSearchParams): LaureatesQuery {
  const values: Record<string, string> = {};
  for (const key of Object.keys(laureatesQuery.shape)) {
    const value = params.get(key);
    if (value !== null) values[key] = value;
  }
  for (;;) {
    const result = laureatesQuery.safeParse(values);
    if (result.success) return result.data;
    const wrong = new Set(result.error.issues.map((issue) => String(issue.path[0])));
    for (const key of wrong) delete values[key];
    if (wrong.size === 0) return laureatesQuery.parse({});
  }
}

const civilite = z.enum(['mme', 'm']).nullable();
const challenge = z.enum(CHALLENGE_IDS);
const personCounts = {
  /** The rider's number of homologations, and per challenge. */
  total: z.number().int(),
  cingle: z.number().int(),
  bicingle: z.number().int(),
  galerien: z.number().int(),
};

/** One row of the public table: one homologation with its rider. Never the email nor the full date of birth. */
export const laureateRowSchema = z.object({
  homologationId: z.number().int(),
  laureateId: z.number().int(),
  /** The homologation's position in its challenge's sequence: its number. */
  rank: z.number().int(),
  nom: z.string(),
  prenom: z.string(),
  civilite,
  birth_year: z.number().int().nullable(),
  ...personCounts,
  pays: z.string().nullable(),
  nationalite: z.string().nullable(),
  numero: z.number().int(),
  epreuve: challenge,
  /** YYYY-MM-DD, or null when the day is not known. */
  date_passage: z.string().nullable(),
  age: z.number().int().nullable(),
  ville: z.string().nullable(),
});
export type LaureateRow = z.infer<typeof laureateRowSchema>;

export const laureatesPageSchema = z.object({
  items: z.array(laureateRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type LaureatesPage = z.infer<typeof laureatesPageSchema>;

/** One rider's palmarès: the person and every homologation, oldest first. */
export const palmaresSchema = z.object({
  laureateId: z.number().int(),
  nom: z.string(),
  prenom: z.string(),
  civilite,
  birth_year: z.number().int().nullable(),
  pays: z.string().nullable(),
  nationalite: z.string().nullable(),
  ...personCounts,
  homologations: z.array(
    z.object({
      homologationId: z.number().int(),
      epreuve: challenge,
      numero: z.number().int(),
      date_passage: z.string().nullable(),
      age: z.number().int().nullable(),
      ville: z.string().nullable(),
    }),
  ),
});
export type Palmares = z.infer<typeof palmaresSchema>;
