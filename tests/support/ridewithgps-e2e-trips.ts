/** The trips every user of the browser journeys' Ride with GPS stand-in has (tests/e2e/ridewithgps.spec.ts). */
import { addDays, today } from '../../domain/dates.ts';
import { Ride, cingleRide } from './rides.ts';
import type { StandInTrip } from './ridewithgps-stand-in.ts';

export const E2E_RWGPS_TRIPS = {
  cingle: { id: 52_000_001, name: 'Cingle du mercredi' },
  run: { id: 52_000_002, name: 'Footing du soir' },
} as const;

/** 04:00 UTC of a day `daysAgo` before today in the club's time zone, as strava-e2e-rides.ts dates its rides. */
const dawn = (daysAgo: number) => `${addDays(today(), -daysAgo)}T04:00:00Z`;

/**
 * A new user's trips, dated from today: a cingle yesterday and a run. The cingle has its own day and GPS noise,
 * so it is not a copy of the Strava athletes' cingle attached by other journeys of the same run.
 */
export function rideWithGpsTripsOfE2eUsers(): StandInTrip[] {
  return [
    {
      ...E2E_RWGPS_TRIPS.cingle,
      activity_type: 'cycling:road',
      points: cingleRide(dawn(1), { sampleS: 15, seed: 44 }).points,
    },
    {
      ...E2E_RWGPS_TRIPS.run,
      activity_type: 'running:generic',
      points: new Ride(dawn(3), { sampleS: 30, seed: 44 }).climb('bedoin', { toKm: 3 }).points,
    },
  ];
}
