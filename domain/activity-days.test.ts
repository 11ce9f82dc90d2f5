import { describe, expect, it } from 'vitest';
import { defaultDaySpan, spanDays, spanInstants } from './activity-days.ts';

describe('the days searched for rides', () => {
  it("is the registration's ride day when known, else the last two weeks", () => {
    expect(defaultDaySpan('2026-07-14')).toEqual({ after: '2026-07-14', before: '2026-07-14' });
    expect(defaultDaySpan(null, new Date('2026-08-01T10:00:00Z'))).toEqual({
      after: '2026-07-19',
      before: '2026-08-01',
    });
  });

  it('counts both days and refuses a reversed or overlong span', () => {
    expect(spanDays({ after: '2026-07-14', before: '2026-07-14' })).toBe(1);
    expect(spanDays({ after: '2026-07-01', before: '2026-07-31' })).toBe(31);
    expect(spanDays({ after: '2026-07-01', before: '2026-08-01' })).toBeNull();
    expect(spanDays({ after: '2026-07-15', before: '2026-07-14' })).toBeNull();
  });

  it("bounds the span by the club's midnights, summer and winter time alike", () => {
    expect(spanInstants({ after: '2026-07-14', before: '2026-07-14' })).toEqual({
      after: new Date('2026-07-13T22:00:00Z'),
      before: new Date('2026-07-14T22:00:00Z'),
    });
    expect(spanInstants({ after: '2026-10-25', before: '2026-10-25' })).toEqual({
      after: new Date('2026-10-24T22:00:00Z'),
      before: new Date('2026-10-25T23:00:00Z'),
    });
  });
});
