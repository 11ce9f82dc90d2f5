/** `GET /api/statistics/count`: the ranking in figures, as the stats page and the API show it. */
import { z } from './zod.ts';
import { CHALLENGE_IDS } from '../ventoux.ts';

/** Countries and nationalities: the first twenty by number of homologations, then "the rest". */
export const TOP_COUNTRIES = 20;

/** Age at the ride, in bands; the minimum age is 14 and the last band is open. */
export const AGE_BANDS: readonly { from: number; to: number | null }[] = [
  { from: 14, to: 19 },
  { from: 20, to: 29 },
  { from: 30, to: 39 },
  { from: 40, to: 49 },
  { from: 50, to: 59 },
  { from: 60, to: 69 },
  { from: 70, to: null },
];

const count = z.number().int();
/** Percent of all homologations shown, one decimal. */
const share = z.number();

const countryBreakdown = z.object({
  top: z.array(z.object({ code: z.string(), count, share })),
  others: count,
  othersShare: share,
  unknown: count,
});

export const statisticsSchema = z.object({
  totals: z.object({ homologations: count, laureates: count }),
  byChallenge: z.array(z.object({ epreuve: z.enum(CHALLENGE_IDS), count, share })),
  byYear: z.array(
    z.object({ year: z.number().int(), total: count, cingle: count, galerien: count, bicingle: count }),
  ),
  unknownYear: count,
  byCountry: countryBreakdown,
  byNationality: countryBreakdown,
  byAge: z.object({
    bands: z.array(z.object({ from: z.number().int(), to: z.number().int().nullable(), count })),
    youngest: z.number().int().nullable(),
    oldest: z.number().int().nullable(),
    average: z.number().nullable(),
    unknown: count,
  }),
  byCivilite: z.array(z.object({ civilite: z.enum(['m', 'mme']).nullable(), count, share })),
  repeatRiders: z.object({
    /** How many riders have 1, 2, 3... homologations. */
    distribution: z.array(z.object({ rides: z.number().int(), laureates: count })),
    repeaters: count,
    /** Percent of riders with more than one homologation. */
    share,
    maxRides: z.number().int(),
  }),
});
export type Statistics = z.infer<typeof statisticsSchema>;
