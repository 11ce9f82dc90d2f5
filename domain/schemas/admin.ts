/** Query and body schemas of the admin area: candidate lists, batch actions, scanning, homologation. */
import * as z from 'zod';
import { ADMIN_LIST_IDS } from '../statuses.ts';
import { CHALLENGE_IDS } from '../ventoux.ts';
import { calendarDateField, PAGE_SIZES } from './common.ts';

export const ADMIN_SORTS = [
  'reference',
  'nom',
  'epreuve',
  'created_at',
  'date_livraison',
  'statut',
  'numero',
  'date_passage',
] as const;

const optionalDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .or(z.literal('').transform(() => undefined));

export const adminCandidatesQuery = z.object({
  list: z.enum(ADMIN_LIST_IDS),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((size) => (PAGE_SIZES as readonly number[]).includes(size))
    .default(25),
  sort: z.enum(ADMIN_SORTS).default('created_at'),
  order: z.enum(['asc', 'desc']).default('asc'),
  q: z.string().trim().max(100).optional(),
  epreuve: z
    .enum(CHALLENGE_IDS as [string, ...string[]])
    .optional()
    .or(z.literal('').transform(() => undefined)),
  from: optionalDate,
  to: optionalDate,
});
export type AdminCandidatesQuery = z.infer<typeof adminCandidatesQuery>;

export const candidateIdsBody = z.object({
  ids: z.array(z.number().int().positive()).min(1, 'validation:generic').max(1000),
});

export const scanBody = z.object({ text: z.string().max(500) });

export const homologationBody = z.object({
  date_passage: calendarDateField('validation:date_passage_required'),
  epreuve_realisee: z.enum(CHALLENGE_IDS as ['cingle', 'galerien', 'bicingle'], {
    error: 'validation:epreuve_required',
  }),
  commentaire: z.string().trim().max(2000).optional().default(''),
});

export const rejectionBody = z.object({
  reason: z.string().trim().min(1, 'validation:reason_required').max(2000, 'validation:too_long'),
});

export const homologationCorrectionBody = z.object({
  date_passage: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation:date_naissance_invalid')
    .nullable(),
  commentaire: z.string().trim().max(2000).nullable(),
});
