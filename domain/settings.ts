/**
 * The club's settings that the site's administrator changes in the back office (issue 47): the kit's price from a
 * day, the refund fee, the pick-up points, a notice, whether registrations are open, the heat warning's period, the
 * club's postal address and contact email. One zod schema per setting, shared by the API and the form; the rules
 * that read them (the price in force on a day, the points still offered) live here too.
 */
import { type CalendarDate, isValidCalendarDate, today } from './dates.ts';
import { LOCALES, type Locale } from './locales.ts';
import { type LocalizedText, NOTICE_KINDS, type Notice } from './notice.ts';
import { openingHoursSchema } from './opening-hours.ts';
import { requiredText, text } from './schemas/common.ts';
import { z } from './schemas/zod.ts';

const TOO_LONG = 'validation:too_long';
const PRICE = 'validation:settings_price';
const DATE = 'validation:settings_date';
const POINTS = 'validation:settings_pickup_points';

export const priceCentsSchema = z.int({ error: PRICE }).min(1, PRICE).max(100_000, PRICE);

/** The day a new price takes effect: today or later (an order keeps the price it was made with). */
export const priceFromSchema = text(DATE).refine(
  (value) => isValidCalendarDate(value) && value >= today(),
  DATE,
);

export const refundFeeCentsSchema = z
  .int({ error: 'validation:settings_fee' })
  .min(0, 'validation:settings_fee')
  .max(100_000, 'validation:settings_fee');

export const pickupPointSchema = z.object({
  id: text(POINTS).regex(/^[a-z0-9-]{1,40}$/, POINTS),
  name: requiredText(POINTS, 100),
  address: requiredText(POINTS, 200),
  hours: openingHoursSchema,
  /** A retired point stays on the orders that chose it and is no longer offered; its id is never reused. */
  retired: z.boolean().optional(),
});
export type SettingsPickupPoint = z.infer<typeof pickupPointSchema>;

export const pickupPointsSchema = z
  .array(pickupPointSchema)
  .max(50, POINTS)
  .refine((points) => new Set(points.map((point) => point.id)).size === points.length, POINTS);

export { NOTICE_KINDS, type LocalizedText, type Notice, inLanguage, noticeShownOn } from './notice.ts';

/** A text in the six languages; an empty one is read in French (`inLanguage`). */
export const localizedTextSchema = z.object(
  Object.fromEntries(
    LOCALES.map((locale) => [locale, text().trim().max(1000, TOO_LONG).default('')]),
  ) as Record<Locale, z.ZodDefault<z.ZodString>>,
);

const calendarDate = text(DATE).refine(isValidCalendarDate, DATE);

export const noticeSchema = z
  .object({
    kind: z.enum(NOTICE_KINDS, { error: 'validation:settings_notice' }),
    from: calendarDate,
    to: calendarDate,
    text: localizedTextSchema.refine((value) => value.fr.length > 0, 'validation:settings_notice'),
  })
  .refine((notice) => notice.from <= notice.to, { error: DATE, path: ['to'] })
  .nullable() satisfies z.ZodType<Notice | null>;

export const registrationsOpenSchema = z.boolean({ error: 'validation:generic' });

const monthDay = text('validation:settings_heat_warning').refine(
  (value) => /^\d{2}-\d{2}$/.test(value) && isValidCalendarDate(`2024-${value}`),
  'validation:settings_heat_warning',
);

/** Month-day, both ends inclusive, in any year. */
export const heatWarningSchema = z
  .object({ from: monthDay, to: monthDay })
  .refine((period) => period.from <= period.to, {
    error: 'validation:settings_heat_warning',
    path: ['to'],
  });

/** Where riders post their route card: 2 to 8 lines; null on a test site (a demonstration address is shown). */
export const clubPostalAddressSchema = z
  .array(requiredText('validation:settings_postal_address', 100))
  .min(2, 'validation:settings_postal_address')
  .max(8, 'validation:settings_postal_address')
  .nullable();

export const contactEmailSchema = z.email({ error: 'validation:email_invalid' }).max(254, TOO_LONG);

/** A price and the day it takes effect; `from: null` for the price in force since before any change. */
export interface ScheduledPrice {
  from: CalendarDate | null;
  cents: number;
}

/** Every setting's value, as one version keeps it. */
export interface ClubSettings {
  prices: ScheduledPrice[];
  refund_fee_cents: number;
  pickup_points: SettingsPickupPoint[];
  notice: Notice | null;
  registrations_open: boolean;
  closed_message: LocalizedText;
  heat_warning: { from: string; to: string };
  club_postal_address: string[] | null;
  contact_email: string;
}

/** A change: any of the settings; `price_from` (default today) goes with `price_cents`. */
export const settingsPatchSchema = z
  .strictObject({
    price_cents: priceCentsSchema.optional(),
    price_from: priceFromSchema.optional(),
    refund_fee_cents: refundFeeCentsSchema.optional(),
    pickup_points: pickupPointsSchema.optional(),
    notice: noticeSchema.optional(),
    registrations_open: registrationsOpenSchema.optional(),
    closed_message: localizedTextSchema.optional(),
    heat_warning: heatWarningSchema.optional(),
    club_postal_address: clubPostalAddressSchema.optional(),
    contact_email: contactEmailSchema.optional(),
  })
  .refine((patch) => patch.price_from === undefined || patch.price_cents !== undefined, {
    error: PRICE,
    path: ['price_cents'],
  });
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

const startOf = (price: ScheduledPrice) => price.from ?? '';

/** The price in force on `day`: the last one whose day has come. */
export function priceOn(prices: readonly ScheduledPrice[], day: CalendarDate): number {
  const inForce = prices
    .filter((price) => startOf(price) <= day)
    .sort((a, b) => (startOf(a) < startOf(b) ? -1 : 1));
  const price = inForce.at(-1) ?? prices[0];
  if (!price) throw new RangeError('No price set');
  return price.cents;
}

/** The next price planned after `day`, if any. */
export function nextPrice(prices: readonly ScheduledPrice[], day: CalendarDate): ScheduledPrice | null {
  const planned = prices
    .filter((price) => startOf(price) > day)
    .sort((a, b) => (startOf(a) < startOf(b) ? -1 : 1));
  return planned[0] ?? null;
}

/**
 * The schedule once `cents` takes effect on `from`: a price planned from that day on is replaced, and of the prices
 * already in force on `day` only the latest is kept (an order keeps its own price, so older ones serve nothing).
 */
export function schedulePrice(
  prices: readonly ScheduledPrice[],
  change: { cents: number; from: CalendarDate },
  day: CalendarDate,
): ScheduledPrice[] {
  const before = prices.filter((price) => startOf(price) < change.from);
  const current = before.filter((price) => startOf(price) <= day);
  const latest = current.sort((a, b) => (startOf(a) < startOf(b) ? -1 : 1)).at(-1);
  const planned = before.filter((price) => startOf(price) > day);
  const kept = change.from <= day ? [] : [...(latest ? [latest] : []), ...planned];
  return [...kept, { from: change.from, cents: change.cents }];
}

/** The points a buyer may choose: those not retired. */
export const offeredPickupPoints = (points: readonly SettingsPickupPoint[]) =>
  points.filter((point) => !point.retired);

/** Ids of `before` missing from `after`: a point is retired, never removed, so that its id is never reused. */
export const removedPickupPoints = (
  before: readonly SettingsPickupPoint[],
  after: readonly SettingsPickupPoint[],
): string[] => before.filter((point) => !after.some((next) => next.id === point.id)).map((point) => point.id);

/** The values after `patch`, on `day`; `removed` names the pick-up points a patch would drop (refused). */
export function applySettingsPatch(
  values: ClubSettings,
  patch: SettingsPatch,
  day: CalendarDate,
): { values: ClubSettings; removed: string[] } {
  const { price_cents, price_from, ...rest } = patch;
  const defined = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
  const next: ClubSettings = { ...values, ...defined };
  if (price_cents !== undefined)
    next.prices = schedulePrice(values.prices, { cents: price_cents, from: price_from ?? day }, day);
  const removed = patch.pickup_points ? removedPickupPoints(values.pickup_points, patch.pickup_points) : [];
  return { values: next, removed };
}

/** The changed settings' values before a change: what a version and its audit entry keep as `before`. */
export function changedBefore(before: ClubSettings, after: ClubSettings): Partial<ClubSettings> {
  const keys = (Object.keys(after) as (keyof ClubSettings)[]).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  return Object.fromEntries(keys.map((key) => [key, before[key]])) as Partial<ClubSettings>;
}
