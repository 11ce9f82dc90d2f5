/**
 * The settings page's forms (issue 47) as the API's patch: each form (`intent`) posts the fields of one setting,
 * read here into the shape `settingsPatchSchema` checks, and that schema's error paths are named back as the
 * form's fields, so each message shows beside what was typed.
 */
import { LOCALES } from '../../domain/locales.ts';
import type { ClubSettings } from '../../domain/settings.ts';

const SETTINGS_INTENTS = [
  'price',
  'fee',
  'notice',
  'notice-remove',
  'registrations',
  'heat',
  'contact',
  'point',
  'retire-point',
  'reinstate-point',
] as const;
type SettingsIntent = (typeof SETTINGS_INTENTS)[number];

export const isSettingsIntent = (value: string | undefined): value is SettingsIntent =>
  (SETTINGS_INTENTS as readonly string[]).includes(value ?? '');

/** Cents as a person types euros: `25,00`. */
export const eurosText = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

/** Euros typed by a person (`12,50`, `12.5`) in cents; anything else is left for the schema to refuse. */
export function centsOf(value: string | undefined): number | undefined {
  if (!value?.trim()) return undefined;
  const euros = Number(value.trim().replace(',', '.'));
  return Number.isFinite(euros) ? Math.round(euros * 100) : Number.NaN;
}

const localized = (values: Record<string, string>, prefix: string) =>
  Object.fromEntries(LOCALES.map((locale) => [locale, values[`${prefix}_${locale}`] ?? '']));

/** `09:00-12:30, 14:00-18:00` as periods; what is not a time is kept for the schema to refuse. */
const periodsOf = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((period) => period.trim())
    .filter(Boolean)
    .map((period) => period.split(/\s*[-–]\s*/));

/** A new point's id from its name (`Bédoin, office` → `bedoin-office`), made unique in the list. */
function newPointId(name: string, current: ClubSettings): string {
  const base =
    name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 30) || 'point';
  const taken = new Set(current.pickup_points.map((point) => point.id));
  let id = base;
  for (let n = 2; taken.has(id); n += 1) id = `${base}-${n}`;
  return id;
}

/** The list with the posted point changed in place (by `point`), or added when `point` is empty. */
function pointsWithPosted(values: Record<string, string>, current: ClubSettings) {
  const posted = {
    name: values.name ?? '',
    address: values.address ?? '',
    hours: {
      days: [1, 2, 3, 4, 5, 6, 7].filter((day) => values[`day_${day}`] !== undefined),
      periods: periodsOf(values.periods),
    },
  };
  if (!values.point) return [...current.pickup_points, { id: newPointId(posted.name, current), ...posted }];
  return current.pickup_points.map((point) => (point.id === values.point ? { ...point, ...posted } : point));
}

const pointsWith = (current: ClubSettings, id: string | undefined, retired: boolean) =>
  current.pickup_points.map((point) => (point.id === id ? { ...point, retired } : point));

/** The unchecked patch a form's fields ask for; `current` gives the whole list a point's retiring changes. */
export function settingsPatchOf(
  intent: SettingsIntent,
  values: Record<string, string>,
  current: ClubSettings,
): Record<string, unknown> {
  switch (intent) {
    case 'price':
      return { price_cents: centsOf(values.price), price_from: values.price_from || undefined };
    case 'fee':
      return { refund_fee_cents: centsOf(values.refund_fee) };
    case 'notice':
      return {
        notice: {
          kind: values.notice_kind,
          from: values.notice_from ?? '',
          to: values.notice_to ?? '',
          text: localized(values, 'notice'),
        },
      };
    case 'notice-remove':
      return { notice: null };
    case 'registrations':
      return {
        registrations_open: values.registrations === 'open',
        closed_message: localized(values, 'closed'),
      };
    case 'heat':
      return { heat_warning: { from: values.heat_from ?? '', to: values.heat_to ?? '' } };
    case 'contact': {
      const lines = (values.postal_address ?? '').split(/\r?\n/).map((line) => line.trim());
      const address = lines.filter(Boolean);
      return { club_postal_address: address.length ? address : null, contact_email: values.contact_email };
    }
    case 'point':
      return { pickup_points: pointsWithPosted(values, current) };
    case 'retire-point':
    case 'reinstate-point':
      return { pickup_points: pointsWith(current, values.point, intent === 'retire-point') };
  }
}

/** The schema's error paths (`notice.text.gb`) that are not a form field's own name. */
const FIELD_OF: [path: RegExp, field: (match: RegExpMatchArray) => string][] = [
  [/^price_cents$/, () => 'price'],
  [/^refund_fee_cents$/, () => 'refund_fee'],
  [/^notice\.text\.(\w+)$/, (match) => `notice_${match[1]}`],
  [/^notice(\.text)?$/, () => 'notice_fr'],
  [/^notice\.(\w+)$/, (match) => `notice_${match[1]}`],
  [/^closed_message\.(\w+)$/, (match) => `closed_${match[1]}`],
  [/^heat_warning(\.(\w+))?$/, (match) => `heat_${match[2] ?? 'from'}`],
  [/^club_postal_address/, () => 'postal_address'],
  [/^pickup_points\.\d+\.(name|address)$/, (match) => match[1]!],
  [/^pickup_points\.\d+\.hours\.days/, () => 'days'],
  [/^pickup_points\.\d+\.hours/, () => 'periods'],
  [/^pickup_points/, () => 'name'],
];

/** The schema's errors by the form's field names. */
export function formFieldErrors(errors: Record<string, string>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [path, key] of Object.entries(errors)) {
    const rule = FIELD_OF.find(([pattern]) => pattern.test(path));
    const match = rule && path.match(rule[0]);
    const field = rule && match ? rule[1](match) : path;
    fields[field] ??= key;
  }
  return fields;
}
