/** The texts of Strava's refusals (the API's codes), in the `track` namespace. */
export const STRAVA_ERROR_KEYS: Record<string, string> = {
  not_connected: 'track:strava.errors.not_connected',
  strava_revoked: 'track:strava.errors.strava_revoked',
  strava_activity_not_found: 'track:strava.errors.strava_activity_not_found',
  strava_not_a_ride: 'track:strava.errors.strava_not_a_ride',
  strava_rate_limited: 'track:strava.errors.strava_rate_limited',
  strava_unavailable: 'track:strava.errors.strava_unavailable',
  strava_refused: 'track:strava.errors.strava_refused',
  validation: 'track:strava.errors.validation',
  not_found: 'track:strava.errors.strava_activity_not_found',
};
