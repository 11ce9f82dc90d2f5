/** The rides every athlete of the browser journeys' Strava stand-in has (tests/e2e/strava.spec.ts). */
import { addDays, today } from '../../domain/dates.ts';
import { Ride, cingleRide } from './rides.ts';
import type { StandInActivity } from './strava-stand-in.ts';

export const E2E_STRAVA_RIDES = {
  cingle: { id: 17_000_000_001, name: 'Trois fois le Ventoux' },
  bedoin: { id: 17_000_000_002, name: 'Bédoin seulement' },
  run: { id: 17_000_000_003, name: 'Footing' },
} as const;

/** 04:00 UTC of a day `daysAgo` before today in the club's time zone (06:00 in Bédoin in summer). */
const dawn = (daysAgo: number) => `${addDays(today(), -daysAgo)}T04:00:00Z`;

/** A new athlete's rides, dated from today: a cingle two days ago, a Bédoin climb three days ago, a run. */
export function stravaRidesOfE2eAthletes(): StandInActivity[] {
  return [
    { ...E2E_STRAVA_RIDES.cingle, sport_type: 'Ride', points: cingleRide(dawn(2), { sampleS: 15 }).points },
    {
      ...E2E_STRAVA_RIDES.bedoin,
      sport_type: 'Ride',
      points: new Ride(dawn(3), { sampleS: 15 }).climb('bedoin').points,
    },
    {
      ...E2E_STRAVA_RIDES.run,
      sport_type: 'Run',
      points: new Ride(dawn(4), { sampleS: 30 }).climb('bedoin', { toKm: 3 }).points,
    },
  ];
}
