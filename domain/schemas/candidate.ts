/**
 * A candidate of an order: who rides which challenge, and the honour statements. Ages are counted on the day of
 * the order, hence a schema factory taking that day. Also the draft a user fills in before ordering.
 */
import { z } from './zod.ts';

import { ageCategory } from '../ages.ts';
import { isValidCalendarDate, knownDate, type CalendarDate } from '../dates.ts';
import { CHALLENGE_IDS } from '../ventoux.ts';
import {
  CIVILITES,
  EVEN_WITH_FIELD_ERRORS,
  GENERIC_MESSAGE,
  birthDateField,
  emailField,
  personNameFields,
  phoneField,
  postalAddressFields,
  reportIssues,
  requiredText,
  text,
  type FieldIssue,
} from './common.ts';
import { contactIssues } from './contact.ts';
import type { UserFields } from './user.ts';

function requireOrderDate(orderDate: CalendarDate): void {
  if (!isValidCalendarDate(orderDate)) throw new RangeError(`Not a calendar date: ${orderDate}`);
}

/** A minor's guardian: who confirms the parental authorisation by the emailed link. */
export interface Guardian {
  nom: string;
  prenom: string;
  email: string;
}

const guardianFields = {
  nom: requiredText('validation:tuteur_nom_required'),
  prenom: requiredText('validation:tuteur_prenom_required'),
  email: emailField(),
};

/** The guardian as posted: any text, since an adult's form may send empty fields; minorIssues checks a minor's. */
const guardianInput = z.object({ nom: text(), prenom: text(), email: text() }).partial().nullish();

function isMinorOn(value: Record<string, unknown>, orderDate: CalendarDate): boolean {
  const birthDate = value.date_naissance;
  return isValidCalendarDate(birthDate) && ageCategory(birthDate, orderDate) === 'minor';
}

/** A minor's guardian: named, with an address of their own (not the minor's). */
function guardianIssues(value: Record<string, unknown>): FieldIssue[] {
  const guardian = (value.tuteur ?? {}) as Record<string, unknown>;
  const issues: FieldIssue[] = [];
  for (const [field, schema] of Object.entries(guardianFields)) {
    const parsed = schema.safeParse(guardian[field] ?? '');
    if (!parsed.success) issues.push({ path: ['tuteur', field], message: parsed.error.issues[0]!.message });
  }
  const email = typeof guardian.email === 'string' ? guardian.email.trim().toLowerCase() : '';
  const own = typeof value.email === 'string' ? value.email.trim().toLowerCase() : '';
  if (email && email === own)
    issues.push({ path: ['tuteur', 'email'], message: 'validation:tuteur_email_same' });
  return issues;
}

/**
 * From 14 to 17 on the order date, the parental authorisation and the medical certificate are required, and a
 * guardian who will confirm them.
 */
function minorIssues(value: Record<string, unknown>, orderDate: CalendarDate): FieldIssue[] {
  if (!isMinorOn(value, orderDate)) return [];
  const issues: FieldIssue[] = [...guardianIssues(value)];
  if (value.autorisation_parentale !== true) {
    issues.push({ path: ['autorisation_parentale'], message: 'validation:autorisation_parentale_required' });
  }
  if (value.certificat_medical !== true) {
    issues.push({ path: ['certificat_medical'], message: 'validation:certificat_medical_required' });
  }
  return issues;
}

/** A candidate as ordered (POST /api/orders) and as the order form checks it. */
export function candidateSchema(orderDate: CalendarDate) {
  requireOrderDate(orderDate);
  return (
    z
      .object({
        epreuve: z.enum(CHALLENGE_IDS, { error: 'validation:epreuve_required' }),
        ...personNameFields(),
        email: emailField(),
        portable: phoneField(),
        date_naissance: birthDateField().refine((date) => ageCategory(date, orderDate) !== 'too_young', {
          error: 'validation:too_young',
        }),
        ...postalAddressFields('code_postal'),
        attestation_condition_physique: z.literal(true, {
          error: 'validation:attestation_condition_physique_required',
        }),
        attestation_assurance: z.literal(true, { error: 'validation:attestation_assurance_required' }),
        autorisation_parentale: z.boolean({ error: GENERIC_MESSAGE }).default(false),
        certificat_medical: z.boolean({ error: GENERIC_MESSAGE }).default(false),
        tuteur: guardianInput,
      })
      .superRefine(
        (value, ctx) =>
          reportIssues(ctx, [
            ...contactIssues(value, { phone: 'portable', postalCode: 'code_postal', country: 'pays' }),
            ...minorIssues(value, orderDate),
          ]),
        EVEN_WITH_FIELD_ERRORS,
      )
      // Only a minor has a guardian; an adult's form may have sent empty fields.
      .transform(({ tuteur, ...candidate }) => ({
        ...candidate,
        tuteur: isMinorOn(candidate, orderDate)
          ? {
              nom: tuteur!.nom!.trim(),
              prenom: tuteur!.prenom!.trim(),
              email: tuteur!.email!.trim().toLowerCase(),
            }
          : null,
      }))
  );
}

/**
 * A field being filled in: any text the database can keep. The bound is far above every real field's, so that
 * nothing typed is lost; the real limits apply when the order is placed.
 */
export function draftText() {
  return text().max(1000, 'validation:too_long');
}

/**
 * A candidate being filled in (the order draft kept in the browser): any field may still be empty; the selects
 * and the date picker hold '' or null until chosen. Checks only the types, which is also all the price needs.
 */
export const candidateDraftSchema = z.object({
  epreuve: z.union([z.enum(CHALLENGE_IDS), z.literal('')]),
  civilite: z.union([z.enum(CIVILITES), z.literal('')]),
  nom: draftText(),
  prenom: draftText(),
  email: draftText(),
  portable: draftText(),
  date_naissance: draftText().nullable(),
  adresse: draftText(),
  complement: draftText(),
  code_postal: draftText(),
  ville: draftText(),
  pays: draftText().nullable(),
  nationalite: draftText().nullable(),
  attestation_condition_physique: z.boolean(),
  attestation_assurance: z.boolean(),
  autorisation_parentale: z.boolean(),
  certificat_medical: z.boolean(),
  tuteur: z.object({ nom: draftText(), prenom: draftText(), email: draftText() }).partial().optional(),
});
export type CandidateDraft = z.infer<typeof candidateDraftSchema>;

/** A new, empty candidate for the order form. */
export function blankCandidate(): CandidateDraft {
  return {
    epreuve: '',
    civilite: '',
    nom: '',
    prenom: '',
    email: '',
    portable: '',
    date_naissance: null,
    adresse: '',
    complement: '',
    code_postal: '',
    ville: '',
    pays: null,
    nationalite: null,
    attestation_condition_physique: false,
    attestation_assurance: false,
    autorisation_parentale: false,
    certificat_medical: false,
    tuteur: { nom: '', prenom: '', email: '' },
  };
}

/** The user's own fields as read back from the API; older accounts may lack some of them. */
export type UserPrefill = { [K in keyof UserFields]?: UserFields[K] | null };

/**
 * The first candidate of an order, prefilled from the signed-in user. The specification fills the nationality
 * from the user's country (pays), not from the user's nationality; the user can change it in the form.
 */
export function candidateFromUser(user: UserPrefill): CandidateDraft {
  return {
    ...blankCandidate(),
    civilite: user.civilite ?? '',
    nom: user.nom ?? '',
    prenom: user.prenom ?? '',
    email: user.email ?? '',
    portable: user.tel ?? '',
    date_naissance: knownDate(user.date_naissance),
    adresse: user.adresse ?? '',
    complement: user.complement ?? '',
    code_postal: user.cp ?? '',
    ville: user.ville ?? '',
    pays: user.pays || null,
    nationalite: user.pays || null,
  };
}
