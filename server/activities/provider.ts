/**
 * An activity service a rider can bring a ride from (Strava today; Wahoo's or Garmin's APIs fit the same shape):
 * the OAuth authorization, its refresh, the rider's rides of some days, one ride's points, and the revocation.
 * The check never sees the service: it gets the points as a GPX file (write-gpx.ts), like an upload.
 */
import type { ActivitySummary } from '../../contracts/activities.ts';
import type { ActivityProvider, ApplicationRefusal } from '../../domain/activity-providers.ts';
import type { TrackPoint } from '../../domain/track/analyse.ts';

export interface ProviderTokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
}

export interface AuthorizedConnection extends ProviderTokens {
  /** The person's id at the service. */
  athleteId: string;
}

export interface ActivityPoints {
  name: string;
  points: TrackPoint[];
}

export interface ActivityProviderClient {
  readonly id: ActivityProvider;
  /** The scope asked for, as the service spells it. */
  readonly scope: string;
  /** Where to send the rider to grant access. */
  authorizeUrl(options: { state: string; redirectUri: string }): string;
  /** True when the scope the rider granted lets the site read their rides. */
  grantsEnough(grantedScope: string): boolean;
  exchangeCode(code: string): Promise<AuthorizedConnection>;
  refresh(refreshToken: string): Promise<ProviderTokens>;
  /** Rides (not runs, not virtual or assisted rides) started between the two instants, newest first. */
  listRides(accessToken: string, range: { after: Date; before: Date }): Promise<ActivitySummary[]>;
  fetchPoints(accessToken: string, activityId: string): Promise<ActivityPoints>;
  revoke(accessToken: string): Promise<void>;
}

/**
 * Why a call to the service failed, in the terms the site answers with: the authorization is gone or refused,
 * the activity is not there (deleted, private, someone else's), the service's rate limit is reached (with the
 * seconds until its window resets), the service refuses the club's application (inactive, or at its limit of
 * connected athletes), or the service is down or answers what it should not.
 */
export type ProviderFailure =
  | 'unauthorized'
  | 'not_found'
  | 'not_a_ride'
  | 'rate_limited'
  | 'unavailable'
  /** The service refuses the club's application itself (`refusal` says why), whoever the rider. */
  | 'application_refused';

export class ProviderError extends Error {
  override name = 'ProviderError';
  readonly failure: ProviderFailure;
  readonly retryAfterSeconds: number | undefined;
  readonly refusal: ApplicationRefusal | undefined;

  constructor(
    failure: ProviderFailure,
    message: string,
    details: { retryAfterSeconds?: number; refusal?: ApplicationRefusal } = {},
  ) {
    super(message);
    this.failure = failure;
    this.retryAfterSeconds = details.retryAfterSeconds;
    this.refusal = details.refusal;
  }
}
