/** A rider's rides at an activity service, as the server reads them and the pages show them. */

export interface ActivitySummary {
  id: string;
  name: string;
  /** ISO 8601, UTC. */
  start: string;
  distanceKm: number;
  climbM: number;
}

export interface ConnectionStatus {
  connected: boolean;
  /** When the rider connected, ISO 8601; null when not connected. */
  since: string | null;
}

/** How an authorization ended, as the page the rider returns to reads it in `?strava=…` (`?ridewithgps=…`, …). */
export const AUTHORIZATION_OUTCOMES = [
  'connected',
  'denied',
  'scope',
  'invalid',
  'failed',
  /** The service refuses the club's application (Strava's inactive application, or its athlete limit). */
  'unavailable',
  'rate_limited',
] as const;
export type AuthorizationOutcome = (typeof AUTHORIZATION_OUTCOMES)[number];

/** Why a service could not do what was asked, as a page shows it: the API's code, and for a rate limit the wait. */
export interface ActivityFailure {
  code: string;
  /** Seconds, from the answer's Retry-After; null when it has none. */
  retryAfter: number | null;
}
