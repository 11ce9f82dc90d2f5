import { describe, expect, it } from 'vitest';
import { addDays, today } from './dates.ts';
import {
  type ClubSettings,
  applySettingsPatch,
  changedBefore,
  inLanguage,
  nextPrice,
  noticeShownOn,
  offeredPickupPoints,
  priceOn,
  schedulePrice,
  settingsPatchSchema,
} from './settings.ts';

const hours = { days: [1, 2, 3], periods: [['09:00', '12:00']] as [string, string][] };
const point = (id: string, retired?: boolean) => ({
  id,
  name: `Point ${id}`,
  address: 'Bédoin',
  hours,
  retired,
});

const values: ClubSettings = {
  prices: [{ from: null, cents: 2500 }],
  refund_fee_cents: 0,
  pickup_points: [point('bedoin'), point('sault')],
  notice: null,
  registrations_open: true,
  closed_message: { fr: '', gb: '', de: '', nl: '', es: '', it: '' },
  heat_warning: { from: '06-15', to: '08-15' },
  club_postal_address: null,
  contact_email: 'contact@example.org',
};

const firstIssue = (body: unknown) => settingsPatchSchema.safeParse(body).error?.issues[0];

describe('the price in force on a day', () => {
  const prices = [
    { from: null, cents: 2500 },
    { from: '2027-01-01', cents: 3000 },
    { from: '2027-06-01', cents: 3200 },
  ];

  it('is the last one whose day has come, from that day on, both ends', () => {
    expect(priceOn(prices, '2026-12-31')).toBe(2500);
    expect(priceOn(prices, '2027-01-01')).toBe(3000);
    expect(priceOn(prices, '2027-05-31')).toBe(3000);
    expect(priceOn(prices, '2027-06-01')).toBe(3200);
  });

  it('names the next one planned, none after the last', () => {
    expect(nextPrice(prices, '2026-12-31')).toEqual({ from: '2027-01-01', cents: 3000 });
    expect(nextPrice(prices, '2027-06-01')).toBeNull();
  });

  it('replaces a price planned from the new one’s day on, and drops prices no longer in force', () => {
    expect(schedulePrice(prices, { cents: 2800, from: '2027-03-01' }, '2027-02-01')).toEqual([
      { from: '2027-01-01', cents: 3000 },
      { from: '2027-03-01', cents: 2800 },
    ]);
    expect(schedulePrice(prices, { cents: 2700, from: '2026-12-01' }, '2026-12-01')).toEqual([
      { from: '2026-12-01', cents: 2700 },
    ]);
  });
});

describe('a change of the settings', () => {
  it('prices from today when no day is given, and keeps the other settings', () => {
    const day = '2026-11-28';
    const { values: next } = applySettingsPatch(values, { price_cents: 2700, refund_fee_cents: 300 }, day);
    expect(priceOn(next.prices, day)).toBe(2700);
    expect(next.refund_fee_cents).toBe(300);
    expect(next.pickup_points).toEqual(values.pickup_points);
    expect(changedBefore(values, next)).toEqual({ prices: values.prices, refund_fee_cents: 0 });
  });

  it('names the pick-up points a change would remove (retired instead, so no id is reused)', () => {
    const patch = { pickup_points: [point('bedoin'), point('malaucene')] };
    expect(applySettingsPatch(values, patch, '2026-11-28').removed).toEqual(['sault']);
    const retired = { pickup_points: [point('bedoin'), point('sault', true)] };
    const { values: next, removed } = applySettingsPatch(values, retired, '2026-11-28');
    expect(removed).toEqual([]);
    expect(offeredPickupPoints(next.pickup_points).map((entry) => entry.id)).toEqual(['bedoin']);
  });

  it('shows the notice from its first day to its last, both included, and none without one', () => {
    const notice = {
      kind: 'road_closed' as const,
      from: '2026-12-01',
      to: '2026-12-03',
      text: values.closed_message,
    };
    expect(noticeShownOn(notice, '2026-11-30')).toBeNull();
    expect(noticeShownOn(notice, '2026-12-01')).toBe(notice);
    expect(noticeShownOn(notice, '2026-12-03')).toBe(notice);
    expect(noticeShownOn(notice, '2026-12-04')).toBeNull();
    expect(noticeShownOn(null, '2026-12-01')).toBeNull();
  });

  it('reads an empty text in French', () => {
    expect(inLanguage({ ...values.closed_message, fr: 'Fermé', gb: 'Closed' }, 'gb')).toBe('Closed');
    expect(inLanguage({ ...values.closed_message, fr: 'Fermé' }, 'de')).toBe('Fermé');
  });
});

describe('one schema per setting', () => {
  it('takes each setting alone, prices from today or later', () => {
    expect(settingsPatchSchema.safeParse({ price_cents: 2600 }).success).toBe(true);
    expect(
      settingsPatchSchema.safeParse({ price_cents: 2600, price_from: addDays(today(), 3) }).success,
    ).toBe(true);
    expect(settingsPatchSchema.safeParse({ registrations_open: false }).success).toBe(true);
    expect(settingsPatchSchema.safeParse({ notice: null }).success).toBe(true);
  });

  it('refuses each wrong value with its own message key', () => {
    expect(firstIssue({ price_cents: 0 })?.message).toBe('validation:settings_price');
    expect(firstIssue({ price_cents: 12.5 })?.message).toBe('validation:settings_price');
    expect(firstIssue({ price_cents: 2600, price_from: addDays(today(), -1) })?.message).toBe(
      'validation:settings_date',
    );
    expect(firstIssue({ price_from: addDays(today(), 3) })?.path).toEqual(['price_cents']);
    expect(firstIssue({ refund_fee_cents: -1 })?.message).toBe('validation:settings_fee');
    expect(firstIssue({ pickup_points: [point('bedoin'), point('bedoin')] })?.message).toBe(
      'validation:settings_pickup_points',
    );
    expect(firstIssue({ pickup_points: [point('Bédoin')] })?.message).toBe(
      'validation:settings_pickup_points',
    );
    expect(firstIssue({ heat_warning: { from: '08-15', to: '06-15' } })?.message).toBe(
      'validation:settings_heat_warning',
    );
    expect(firstIssue({ heat_warning: { from: '02-30', to: '06-15' } })?.message).toBe(
      'validation:settings_heat_warning',
    );
    expect(firstIssue({ club_postal_address: ['One line'] })?.message).toBe(
      'validation:settings_postal_address',
    );
    expect(firstIssue({ contact_email: 'nobody' })?.message).toBe('validation:email_invalid');
    expect(firstIssue({ colour: 'red' })?.code).toBe('unrecognized_keys');
  });

  it('wants a notice’s kind, its French text and its end after its start', () => {
    const notice = {
      kind: 'road_closed',
      from: '2027-07-01',
      to: '2027-07-02',
      text: { fr: 'Route fermée' },
    };
    const parsed = settingsPatchSchema.parse({ notice });
    expect(parsed.notice?.text).toEqual({ fr: 'Route fermée', gb: '', de: '', nl: '', es: '', it: '' });
    expect(firstIssue({ notice: { ...notice, kind: 'party' } })?.message).toBe('validation:settings_notice');
    expect(firstIssue({ notice: { ...notice, text: { gb: 'Road closed' } } })?.message).toBe(
      'validation:settings_notice',
    );
    expect(firstIssue({ notice: { ...notice, to: '2027-06-30' } })?.path).toEqual(['notice', 'to']);
  });
});
