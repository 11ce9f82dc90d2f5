/**
 * Services a rider can bring a ride from instead of uploading a file (Strava first: decision 0037; Ride with GPS
 * and intervals.icu: decision 0051), and where a candidate's stored track came from.
 */
export const ACTIVITY_PROVIDERS = ['strava', 'ridewithgps', 'intervals'] as const;
export type ActivityProvider = (typeof ACTIVITY_PROVIDERS)[number];

/** Each service's own name, the same in every language. */
export const ACTIVITY_PROVIDER_NAMES: Record<ActivityProvider, string> = {
  strava: 'Strava',
  ridewithgps: 'Ride with GPS',
  intervals: 'intervals.icu',
};

/** The ride's own page at its service, for the volunteer who wants to see it there. */
export function activityPageUrl(provider: ActivityProvider, activityId: string): string {
  const id = encodeURIComponent(activityId);
  switch (provider) {
    case 'strava':
      return `https://www.strava.com/activities/${id}`;
    case 'ridewithgps':
      return `https://ridewithgps.com/trips/${id}`;
    case 'intervals':
      return `https://intervals.icu/activities/${id}`;
  }
}

export const isActivityProvider = (value: unknown): value is ActivityProvider =>
  (ACTIVITY_PROVIDERS as readonly unknown[]).includes(value);

export const TRACK_SOURCES = ['upload', ...ACTIVITY_PROVIDERS] as const;
export type TrackSource = (typeof TRACK_SOURCES)[number];

/**
 * Why a service refuses the club's application itself (not one rider): `inactive` (Strava since 30 June 2026,
 * when the owner's subscription lapses or the application is not reviewed) or `athlete_limit` (its limit of
 * connected athletes reached: 10 on Strava's Standard tier).
 */
export const APPLICATION_REFUSALS = ['inactive', 'athlete_limit'] as const;
export type ApplicationRefusal = (typeof APPLICATION_REFUSALS)[number];
