/**
 * The stamps a phone sends (POST /api/candidates/{id}/stamps, issue 43). Every field is checked here; what a stamp
 * is worth (too far, another day, an unknown control) is the server's judgement of each one, answered per stamp
 * (domain/route-card/stamp-checks.ts), not a refusal of the whole batch.
 */
import { isValidCalendarDate } from '../dates.ts';
import { GENERIC_MESSAGE, text } from './common.ts';
import { z } from './zod.ts';

/** The most stamps one send carries: a Bicinglé's whole day is 12, so a phone never needs more. */
export const STAMPS_PER_SEND_MAX = 50;

/** An instant with its offset, as the browser's `toISOString()` writes it (2026-07-14T04:12:09.123Z). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;

function isInstant(value: string): boolean {
  // Date.parse rolls 30 February over into March: the day must exist as written.
  if (!INSTANT.test(value) || !isValidCalendarDate(value.slice(0, 10))) return false;
  const ms = Date.parse(value);
  // The route card is newer than 2000; a later year than 9999 is no date at all.
  return Number.isFinite(ms) && ms >= Date.UTC(2000, 0, 1) && ms < Date.UTC(10000, 0, 1);
}

const sentStamp = z
  .object({
    /** The phone's id for this stamp (a UUID): a stamp sent again is recognised by it. */
    client_id: text().regex(/^[A-Za-z0-9_-]{8,64}$/, GENERIC_MESSAGE),
    /** A control id; an unknown one is answered `refused`, `unknown_control`. */
    control: text().min(1, GENERIC_MESSAGE).max(40, 'validation:too_long'),
    at: text()
      .refine(isInstant, GENERIC_MESSAGE)
      .transform((value) => new Date(value)),
    lat: z.number({ error: GENERIC_MESSAGE }).min(-90, GENERIC_MESSAGE).max(90, GENERIC_MESSAGE).nullable(),
    lon: z.number({ error: GENERIC_MESSAGE }).min(-180, GENERIC_MESSAGE).max(180, GENERIC_MESSAGE).nullable(),
    /** Metres, as the Geolocation API gives it; null without a position. */
    accuracy_m: z
      .number({ error: GENERIC_MESSAGE })
      .min(0, GENERIC_MESSAGE)
      .max(1_000_000, GENERIC_MESSAGE)
      .nullable(),
  })
  .refine((stamp) => (stamp.lat === null) === (stamp.lon === null), {
    error: GENERIC_MESSAGE,
    path: ['lon'],
  });

export const stampsBody = z.object({
  stamps: z
    .array(sentStamp)
    .min(1, GENERIC_MESSAGE)
    .max(STAMPS_PER_SEND_MAX, GENERIC_MESSAGE)
    .refine((stamps) => new Set(stamps.map((stamp) => stamp.client_id)).size === stamps.length, {
      error: GENERIC_MESSAGE,
    }),
});
export type StampsBody = z.infer<typeof stampsBody>;
