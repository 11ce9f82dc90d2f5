import { describe, expect, it } from 'vitest';
import { ACTIVITY_FAILURES, activityErrorCode, activityFailureOf } from './activity-failures.ts';

describe('activity failures', () => {
  it("keeps Strava's first codes and gives the other services neutral ones", () => {
    expect(activityErrorCode('strava', 'rate_limited')).toBe('strava_rate_limited');
    expect(activityErrorCode('ridewithgps', 'rate_limited')).toBe('provider_rate_limited');
    expect(activityErrorCode('intervals', 'refused')).toBe('provider_refused');
  });

  it('reads the failure back from either family of codes', () => {
    for (const kind of ACTIVITY_FAILURES) {
      expect(activityFailureOf(activityErrorCode('strava', kind))).toBe(kind);
      expect(activityFailureOf(activityErrorCode('intervals', kind))).toBe(kind);
    }
  });

  it('names no failure for the other codes', () => {
    expect(activityFailureOf('not_connected')).toBeNull();
    expect(activityFailureOf('rate_limited')).toBeNull();
    expect(activityFailureOf('provider_whatever')).toBeNull();
    expect(activityFailureOf('validation')).toBeNull();
  });
});
