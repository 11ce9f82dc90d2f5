/**
 * Ordering: the price request, the shipping step (delivery and acknowledgements) and the whole order as
 * POST /api/orders receives it. Dates and ages are judged against the day of the order, hence the factories.
 */
import { z } from './zod.ts';

import { ADULT_AGE } from '../ages.ts';
import { ageOn, isValidCalendarDate, type CalendarDate } from '../dates.ts';
import { DELIVERY_MODES, PAYMENT_MODES } from '../statuses.ts';
import { candidateDraftSchema, candidateSchema, draftText } from './candidate.ts';
import {
  EVEN_WITH_FIELD_ERRORS,
  GENERIC_MESSAGE,
  calendarDateField,
  countryField,
  optionalText,
  reportIssues,
  requiredText,
  text,
  type FieldIssue,
} from './common.ts';
import { contactIssues } from './contact.ts';

export const MAX_CANDIDATES_PER_ORDER = 20;

/** A delivery or billing address. */
export const addressSchema = z
  .object({
    nom: requiredText('validation:nom_required'),
    prenom: requiredText('validation:prenom_required'),
    adresse: requiredText('validation:adresse_required', 200),
    complement: optionalText(200),
    code_postal: requiredText('validation:cp_invalid', 20),
    ville: requiredText('validation:ville_required'),
    pays: countryField('validation:pays_required'),
  })
  .superRefine(
    (value, ctx) => reportIssues(ctx, contactIssues(value, { postalCode: 'code_postal', country: 'pays' })),
    EVEN_WITH_FIELD_ERRORS,
  );
export type Address = z.infer<typeof addressSchema>;

function candidateList<T extends z.ZodType>(candidate: T) {
  return z
    .array(candidate, { error: 'validation:candidats_min' })
    .min(1, 'validation:candidats_min')
    .max(MAX_CANDIDATES_PER_ORDER, 'validation:candidats_max');
}

/** POST /api/orders/price: only the number of candidates matters, so they are checked for shape only. */
export const priceRequestSchema = z.object({ candidats: candidateList(candidateDraftSchema.partial()) });

/** A wished delivery date: a real day, not before `orderDate`. */
function datedDelivery(orderDate: CalendarDate) {
  return calendarDateField('validation:date_livraison_required').refine((date) => date >= orderDate, {
    error: 'validation:date_livraison_past',
  });
}

function shippingFields(orderDate: CalendarDate) {
  return {
    mode_livraison: z.enum(DELIVERY_MODES, { error: 'validation:mode_livraison_required' }),
    // The earliest postal date is only a warning (the rider may accept a late kit), so it is not checked here.
    // Required for a delivery by post or at a pick-up point (postalDeliveryIssues); an email goes at once.
    date_livraison: datedDelivery(orderDate).optional(),
    /** The pick-up point's id, when mode_livraison is `retrait` (the server checks it against its list). */
    point_retrait: text().trim().max(40).nullish(),
    /** Required but for a delivery by email (postalDeliveryIssues). */
    adresse_livraison: addressSchema.optional(),
    adresse_facturation: addressSchema,
    // Each candidate attests their own fitness (candidateSchema's attestation_condition_physique), under the
    // same warning: the buyer is not asked again. Accepted for the API's older clients, never false.
    avertissement_condition_physique: z
      .literal(true, { error: 'validation:avertissement_condition_physique_required' })
      .optional(),
    avertissement_mineurs: z.boolean({ error: GENERIC_MESSAGE }).default(false),
  };
}

/**
 * A delivery by email needs neither a postal address nor a wished date: what a form still holds of them is
 * dropped before the checks, so that nothing the buyer could not see refuses the order.
 */
function withoutPostalFieldsForEmail(input: unknown): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const value = input as Record<string, unknown>;
  if (value.mode_livraison !== 'email') return input;
  const { adresse_livraison: _address, date_livraison: _date, ...rest } = value;
  return rest;
}

/** The delivery address and date, required for every delivery but by email. */
function postalDeliveryIssues(value: Record<string, unknown>): FieldIssue[] {
  if (value.mode_livraison === 'email') return [];
  const issues: FieldIssue[] = [];
  if (value.date_livraison === undefined)
    issues.push({ path: ['date_livraison'], message: 'validation:date_livraison_required' });
  if (value.adresse_livraison === undefined)
    issues.push({ path: ['adresse_livraison'], message: 'validation:adresse_required' });
  return issues;
}

/**
 * The delivery as the order keeps it (its columns are required): an email order's delivery address is its billing
 * address, the buyer's own, and its date the day of the order, when the documents go out.
 */
function withDeliveryDefaults(orderDate: CalendarDate) {
  return <T extends { adresse_livraison?: Address; adresse_facturation: Address; date_livraison?: string }>(
    value: T,
  ) => ({
    ...value,
    adresse_livraison: value.adresse_livraison ?? value.adresse_facturation,
    date_livraison: value.date_livraison ?? orderDate,
    avertissement_condition_physique: true as const,
  });
}

function minorsWarningIssues(value: Record<string, unknown>, hasMinor: boolean): FieldIssue[] {
  return hasMinor && value.avertissement_mineurs !== true
    ? [{ path: ['avertissement_mineurs'], message: 'validation:avertissement_mineurs_required' }]
    : [];
}

function pickupPointIssues(value: Record<string, unknown>): FieldIssue[] {
  return value.mode_livraison === 'retrait' && !value.point_retrait
    ? [{ path: ['point_retrait'], message: 'validation:point_retrait_required' }]
    : [];
}

/** True when a candidate (with a valid date of birth) is under 18 on the day of the order. */
export function hasMinorCandidate(candidats: unknown, orderDate: CalendarDate): boolean {
  if (!Array.isArray(candidats)) return false;
  return candidats.some((candidate: unknown) => {
    const birthDate =
      typeof candidate === 'object' && candidate !== null ? Reflect.get(candidate, 'date_naissance') : null;
    return isValidCalendarDate(birthDate) && ageOn(birthDate, orderDate) < ADULT_AGE;
  });
}

function requireOrderDate(orderDate: CalendarDate): void {
  if (!isValidCalendarDate(orderDate)) throw new RangeError(`Not a calendar date: ${orderDate}`);
}

/** The shipping page's form: `hasMinor` says whether the order's candidates include someone under 18. */
export function shippingSchema(orderDate: CalendarDate, hasMinor: boolean) {
  requireOrderDate(orderDate);
  return z.preprocess(
    withoutPostalFieldsForEmail,
    z
      .object(shippingFields(orderDate))
      .superRefine(
        (value, ctx) =>
          reportIssues(ctx, [
            ...minorsWarningIssues(value, hasMinor),
            ...pickupPointIssues(value),
            ...postalDeliveryIssues(value),
          ]),
        EVEN_WITH_FIELD_ERRORS,
      ),
  );
}

/**
 * A paid order's delivery as its buyer changes it (PATCH /api/orders/{id}): the same fields and rules as when
 * ordering, the delivery date judged against the day of the change.
 */
export function deliveryChangeSchema(changeDate: CalendarDate) {
  requireOrderDate(changeDate);
  const { mode_livraison, point_retrait } = shippingFields(changeDate);
  // A paid order keeps a delivery address and date whatever its mode: both stay required here.
  const date_livraison = datedDelivery(changeDate);
  const adresse_livraison = addressSchema;
  return z
    .object({ mode_livraison, date_livraison, point_retrait, adresse_livraison })
    .superRefine((value, ctx) => reportIssues(ctx, pickupPointIssues(value)), EVEN_WITH_FIELD_ERRORS);
}
export type DeliveryChange = z.infer<ReturnType<typeof deliveryChangeSchema>>;

/**
 * The same, as the account page's form holds it: the delivery address's fields beside the delivery's own (`nom`
 * rather than `adresse_livraison.nom`), checked by the same rules.
 */
export function deliveryChangeFormSchema(changeDate: CalendarDate) {
  requireOrderDate(changeDate);
  const { mode_livraison, point_retrait } = shippingFields(changeDate);
  const date_livraison = datedDelivery(changeDate);
  return z
    .object({ mode_livraison, date_livraison, point_retrait })
    .superRefine((value, ctx) => reportIssues(ctx, pickupPointIssues(value)), EVEN_WITH_FIELD_ERRORS)
    .and(addressSchema);
}

/** POST /api/orders: candidates, delivery, addresses, payment mode and acknowledgements. */
export function orderSchema(orderDate: CalendarDate) {
  requireOrderDate(orderDate);
  return z.preprocess(
    withoutPostalFieldsForEmail,
    z
      .object({
        candidats: candidateList(candidateSchema(orderDate)),
        ...shippingFields(orderDate),
        mode_paiement: z.enum(PAYMENT_MODES, { error: 'validation:mode_paiement_required' }),
      })
      .superRefine(
        (value, ctx) =>
          reportIssues(ctx, [
            ...minorsWarningIssues(value, hasMinorCandidate(value.candidats, orderDate)),
            ...pickupPointIssues(value),
            ...postalDeliveryIssues(value),
          ]),
        EVEN_WITH_FIELD_ERRORS,
      )
      .transform(withDeliveryDefaults(orderDate)),
  );
}
export type Order = z.infer<ReturnType<typeof orderSchema>>;

export const addressDraftSchema = z.object({
  nom: draftText(),
  prenom: draftText(),
  adresse: draftText(),
  complement: draftText(),
  code_postal: draftText(),
  ville: draftText(),
  pays: draftText(),
});

/**
 * PUT /api/orders/draft: work in progress, so only the shape is checked (every part optional, any value of the
 * right type); the rules apply when the order is placed. Unknown keys are dropped rather than stored.
 */
export const orderDraftSchema = z.object({
  candidats: z.array(candidateDraftSchema.partial()).max(MAX_CANDIDATES_PER_ORDER),
  mode_livraison: draftText().nullish(),
  date_livraison: draftText().nullish(),
  point_retrait: draftText().nullish(),
  adresse_livraison: addressDraftSchema.partial().nullish(),
  adresse_facturation: addressDraftSchema.partial().nullish(),
  mode_paiement: draftText().nullish(),
  avertissement_condition_physique: z.boolean().nullish(),
  avertissement_mineurs: z.boolean().nullish(),
});
