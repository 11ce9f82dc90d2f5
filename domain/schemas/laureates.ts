/**
 * The public ranking's query (`GET /api/laureates` and the `/{lang}/laureates` page share it, so a page URL is
 * also a valid API query) and the shapes it answers.
 */
import { z } from './zod.ts';
import { isCountryCode } from '../countries.ts';
import { CHALLENGE_IDS } from '../ventoux.ts';
import { GENERIC_MESSAGE, text } from './common.ts';

export const LAUREATE_PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_LAUREATE_PAGE_SIZE = 25;

/** Every column of the table can be sorted. */
export const LAUREATE_SORT_KEYS = [
  'rank',
  'nom',
  'prenom',
  'civilite',
  'birth_year',
  'total',
  'cingle',
  'bicingle',
  'galerien',
  'pays',
  'nationalite',
  'numero',
  'epreuve',
  'date_passage',
  'age',
  'ville',
] as const;
export type LaureateSortKey = (typeof LAUREATE_SORT_KEYS)[number];

export type SortDirection = 'asc' | 'desc';

export interface LaureateSort {
  key: LaureateSortKey;
  direction: SortDirection;
}

/** The latest rides first. */
export const DEFAULT_LAUREATE_SORT: LaureateSort = { key: 'date_passage', direction: 'desc' };

/** `sort=nom` is ascending, `sort=-nom` descending (the JSON:API convention), so one parameter says both. */
export function formatLaureateSort(sort: LaureateSort): string {
  return sort.direction === 'desc' ? `-${sort.key}` : sort.key;
}

export function parseLaureateSort(value: string): LaureateSort | undefined {
  const direction: SortDirection = value.startsWith('-') ? 'desc' : 'asc';
  const key = value.replace(/^[-+]/, '');
  return (LAUREATE_SORT_KEYS as readonly string[]).includes(key)
    ? { key: key as LaureateSortKey, direction }
    : undefined;
}

/** The first year a challenge could be ridden is the club's founding year. */
export const FIRST_RIDE_YEAR = 1988;

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
