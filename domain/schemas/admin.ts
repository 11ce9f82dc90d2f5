/**
 * Query and body schemas of the admin area: candidate lists, batch actions, scanning, homologation. The admin
 * pages build their forms and list addresses on them (app/components/admin/homologation-schema.ts, list-query.ts).
 */
import { z } from './zod.ts';
import { LOCALES } from '../locales.ts';
import { STAFF_ROLES } from '../roles.ts';
import { ADMIN_LIST_IDS } from '../statuses.ts';
import { CHALLENGE_IDS } from '../ventoux.ts';
import { isValidCalendarDate } from '../dates.ts';
import { BATCH_MAX_ITEMS, EVIDENCE_FILTERS } from '../evidence.ts';
import {
  GENERIC_MESSAGE,
  MAX_PAGE,
  PAGE_SIZES,
  calendarDateField,
  emailField,
  idField,
  requiredText,
  text,
} from './common.ts';

export const ADMIN_SORTS = [
  'reference',
  'nom',
  'epreuve',
  'created_at',
  'date_livraison',
  'statut',
  'numero',
  'date_passage',
  'evidence',
] as const;
export const SORT_ORDERS = ['asc', 'desc'] as const;

/** The longest search text of a list. */
export const SEARCH_MAX = 100;
/** The longest homologation comment or rejection reason. */
export const COMMENT_MAX = 2000;

/** A `from`/`to` filter: a real calendar day, or nothing ('' is what an empty date input sends). */
const optionalDate = z.preprocess(
  (value) => (value === '' ? undefined : value),
  text().refine(isValidCalendarDate, GENERIC_MESSAGE).optional(),
);

export const adminCandidatesQuery = z.object({
  list: z.enum(ADMIN_LIST_IDS),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((size) => (PAGE_SIZES as readonly number[]).includes(size))
    .default(25),
  sort: z.enum(ADMIN_SORTS).default('created_at'),
  order: z.enum(SORT_ORDERS).default('asc'),
  q: text().trim().max(SEARCH_MAX).optional(),
  epreuve: z
    .enum(CHALLENGE_IDS)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  from: optionalDate,
  to: optionalDate,
  /** How the evidence of a returned card stands (domain/evidence.ts). */
  evidence: z
    .enum(EVIDENCE_FILTERS)
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
export type AdminCandidatesQuery = z.infer<typeof adminCandidatesQuery>;

/** The CSV export of a list: without `lang`, the API's codes; with it, the file that language's spreadsheet reads. */
export const adminCsvQuery = adminCandidatesQuery.extend({ lang: z.enum(LOCALES).optional() });
export type AdminCsvQuery = z.infer<typeof adminCsvQuery>;

/** The language of a downloaded file's name (`?lang=`); without it, the English name API clients have known. */
export const downloadQuery = z.object({ lang: z.enum(LOCALES).optional() });

export const candidateIdsBody = z.object({
  ids: z.array(idField()).min(1, GENERIC_MESSAGE).max(1000),
});

/** `confirm`: take the card in even though its kit was never marked sent (otherwise 409 kit_not_sent). */
export const scanBody = z.object({ text: text().max(500), confirm: z.boolean().optional() });

const datePassage = () => calendarDateField('validation:date_passage_required', 'validation:date_invalid');
const comment = () => text().trim().max(COMMENT_MAX, 'validation:too_long');

export const homologationBody = z.object({
  date_passage: datePassage(),
  epreuve_realisee: z.enum(CHALLENGE_IDS, {
    error: 'validation:epreuve_required',
  }),
  commentaire: comment().optional().default(''),
});

/** Why a ride is not (or no longer) homologated: kept in the audit log and told to the rider. */
export const reason = () =>
  text('validation:reason_required')
    .trim()
    .min(1, 'validation:reason_required')
    .max(COMMENT_MAX, 'validation:too_long');

export const rejectionBody = z.object({ reason: reason() });

/** A guardian's consent received on paper: the administrator notes where it is (guardian-consents.ts). */
export const paperConsentBody = z.object({ note: reason() });

/** An administrator cancelling a homologation says why, as a rejection does. */
export const cancellationBody = z.object({ reason: reason() });

export const homologationCorrectionBody = z.object({
  date_passage: datePassage().nullable(),
  commentaire: comment().nullable(),
});

/** One batch of homologations (POST /api/admin/homologations/batch): each card's day, or the attached ride's. */
export const homologationBatchBody = z.object({
  items: z
    .array(
      z.object({
        candidate_id: idField(),
        date_passage: calendarDateField('validation:date_invalid').optional(),
      }),
    )
    .min(1, GENERIC_MESSAGE)
    .max(BATCH_MAX_ITEMS, GENERIC_MESSAGE)
    .refine((items) => new Set(items.map((item) => item.candidate_id)).size === items.length, {
      error: 'validation:batch_duplicate_candidate',
    }),
});
export type HomologationBatchBody = z.infer<typeof homologationBatchBody>;

/** What a volunteer asks a rider for (POST /api/admin/candidates/{id}/evidence-requests). */
export const evidenceRequestBody = z.object({
  message: text('validation:message_required')
    .trim()
    .min(1, 'validation:message_required')
    .max(COMMENT_MAX, 'validation:too_long'),
});

/** The roles a person of the back office holds (PUT /api/admin/users/{id}/roles); an empty list takes them all. */
export const staffRolesBody = z.object({
  roles: z
    .array(z.enum(STAFF_ROLES, { error: 'validation:role_unknown' }))
    .max(STAFF_ROLES.length, GENERIC_MESSAGE),
  president: z.boolean().optional(),
});

/** POST /api/admin/users/invitations: a new helper of the back office, their roles (at least one). */
export const invitationBody = z.object({
  email: emailField(),
  prenom: requiredText('validation:prenom_required'),
  nom: requiredText('validation:nom_required'),
  roles: z
    .array(z.enum(STAFF_ROLES, { error: 'validation:role_unknown' }))
    .min(1, 'validation:role_required')
    .max(STAFF_ROLES.length, GENERIC_MESSAGE),
});
export type InvitationInput = z.infer<typeof invitationBody>;

/** GET /api/admin/users: everyone who holds a role, or the one account with this address. */
export const staffQuery = z.object({ email: emailField().optional() });

/**
 * The people page's forms: whose roles — one person by id, or the account of an address for a first role. The
 * roles themselves are its checkboxes, one per role (`role_desk`…), read by name.
 */
export const staffRolesForm = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('roles'), person: idField() }),
  z.object({ intent: z.literal('grant'), email: emailField() }),
  z.object({
    intent: z.literal('invite'),
    email: emailField(),
    prenom: requiredText('validation:prenom_required'),
    nom: requiredText('validation:nom_required'),
  }),
]);
