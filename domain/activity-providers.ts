/**
 * Services a rider can bring a ride from instead of uploading a file (Strava first: decision 0037), and where a
 * candidate's stored track came from.
 */
export const ACTIVITY_PROVIDERS = ['strava'] as const;
export type ActivityProvider = (typeof ACTIVITY_PROVIDERS)[number];

export const TRACK_SOURCES = ['upload', ...ACTIVITY_PROVIDERS] as const;
export type TrackSource = (typeof TRACK_SOURCES)[number];
