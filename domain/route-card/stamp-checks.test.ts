import { describe, expect, it } from 'vitest';
import { controlById } from './controls.ts';
import { ASCENT_FLOOR_S, type SentStamp, type StampContext, cardDay, judgeStamp } from './stamp-checks.ts';

const NOW = new Date('2026-07-14T12:00:00Z');
const at = (iso: string) => new Date(iso);
const summit = controlById('summit');

/** A stamp at the summit, from 100 m away (north), accurate to 10 m, taken an hour ago. */
const sent = (overrides: Partial<SentStamp> = {}): SentStamp => ({
  control: 'summit',
  at: at('2026-07-14T11:00:00Z'),
  lat: summit.lat + 0.0009,
  lon: summit.lon,
  accuracyM: 10,
  ...overrides,
});

const context = (overrides: Partial<StampContext> = {}): StampContext => ({
  challenge: 'cingle',
  open: true,
  accepted: [],
  now: NOW,
  ...overrides,
});

describe('judging a stamp', () => {
  it('accepts a stamp within the radius, without flags', () => {
    expect(judgeStamp(sent(), context())).toEqual({ status: 'accepted', control: 'summit', flags: [] });
  });

  it('refuses a registration that cannot be stamped: not_open', () => {
    expect(judgeStamp(sent(), context({ open: false }))).toEqual({ status: 'refused', code: 'not_open' });
  });

  it('refuses a control it does not know: unknown_control', () => {
    expect(judgeStamp(sent({ control: 'chalet-reynard' }), context())).toMatchObject({
      code: 'unknown_control',
    });
  });

  it('refuses a stamp more than five minutes ahead of the server: future', () => {
    expect(judgeStamp(sent({ at: at('2026-07-14T12:05:01Z') }), context())).toMatchObject({ code: 'future' });
    expect(judgeStamp(sent({ at: at('2026-07-14T12:04:59Z') }), context())).toMatchObject({
      status: 'accepted',
    });
  });

  it('refuses a stamp of another day than the others, by Paris time: wrong_day', () => {
    // 23:30 UTC on the 13th is 01:30 on the 14th in Paris (summer time): the same club day.
    const accepted = [{ control: 'foot-bedoin' as const, at: at('2026-07-13T23:30:00Z') }];
    expect(judgeStamp(sent(), context({ accepted }))).toMatchObject({ status: 'accepted' });
    const dayBefore = [{ control: 'foot-bedoin' as const, at: at('2026-07-13T21:30:00Z') }];
    expect(judgeStamp(sent(), context({ accepted: dayBefore }))).toMatchObject({ code: 'wrong_day' });
  });

  it('refuses a position farther than the control’s radius: too_far, with the distance', () => {
    const judged = judgeStamp(sent({ lat: summit.lat + 0.01 }), context());
    expect(judged).toEqual({ status: 'refused', code: 'too_far', distanceM: 1112 });
  });

  it('gives the forest road’s control its wider radius', () => {
    const forest = controlById('forest');
    const near = sent({ control: 'forest', lat: forest.lat + 0.0063, lon: forest.lon }); // about 700 m
    expect(judgeStamp(near, context())).toMatchObject({ status: 'accepted' });
  });

  it('flags a stamp without a position: no_position', () => {
    expect(judgeStamp(sent({ lat: null, lon: null, accuracyM: null }), context())).toMatchObject({
      status: 'accepted',
      flags: ['no_position'],
    });
  });

  it('flags a position less accurate than 100 m: inaccurate', () => {
    expect(judgeStamp(sent({ accuracyM: 101 }), context())).toMatchObject({ flags: ['inaccurate'] });
    expect(judgeStamp(sent({ accuracyM: 100 }), context())).toMatchObject({ flags: [] });
  });

  it('flags a summit reached faster than the road’s floor: implausible_time', () => {
    const footAt = (minutesBefore: number) => [
      {
        control: 'foot-bedoin' as const,
        at: new Date(at('2026-07-14T11:00:00Z').getTime() - minutesBefore * 60_000),
      },
    ];
    expect(ASCENT_FLOOR_S.bedoin).toBe(45 * 60);
    expect(judgeStamp(sent(), context({ accepted: footAt(44) }))).toMatchObject({
      flags: ['implausible_time'],
    });
    expect(judgeStamp(sent(), context({ accepted: footAt(46) }))).toMatchObject({ flags: [] });
    const sault = [{ control: 'foot-sault' as const, at: at('2026-07-14T10:18:00Z') }];
    expect(judgeStamp(sent(), context({ accepted: sault }))).toMatchObject({ flags: [] });
  });

  it('flags a stamp sent more than seven days after it was taken: late_upload', () => {
    const now = new Date('2026-07-21T11:00:01Z');
    expect(judgeStamp(sent(), context({ now }))).toMatchObject({ flags: ['late_upload'] });
    expect(judgeStamp(sent(), context({ now: new Date('2026-07-21T10:59:59Z') }))).toMatchObject({
      flags: [],
    });
  });
});

describe('the card’s day', () => {
  it('is the accepted stamps’ day, else the one most stamps sent share', () => {
    const foot = { control: 'foot-bedoin' as const, at: at('2026-07-13T23:30:00Z') };
    expect(cardDay([foot], [at('2026-07-20T10:00:00Z')])).toBe('2026-07-14');
    const sentNow = [at('2026-07-12T10:00:00Z'), at('2026-07-14T10:00:00Z'), at('2026-07-14T11:00:00Z')];
    expect(cardDay([], sentNow)).toBe('2026-07-14');
    expect(cardDay([], [at('2026-07-12T10:00:00Z'), at('2026-07-14T10:00:00Z')])).toBe('2026-07-14');
    expect(cardDay([], [])).toBeNull();
  });

  it('refuses a stamp of another day than the card’s', () => {
    expect(judgeStamp(sent(), context({ day: '2026-07-13' }))).toMatchObject({ code: 'wrong_day' });
  });
});
