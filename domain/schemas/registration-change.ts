/**
 * The bodies of a buyer's changes to a paid registration (PATCH /api/candidates/{id}, PATCH /api/orders/{id}).
 * Only the shape is checked here, every field optional: the service lays the change over what is stored and checks
 * the whole with the order's own schemas (candidateSchema, deliveryChangeSchema), so the rules live in one place.
 * Unknown fields are refused rather than ignored: a status or a statement is never the buyer's to change.
 */
import { z } from './zod.ts';

import { CANDIDATE_CHANGE_FIELDS, type CandidateChangeField } from '../registration-changes.ts';
import { draftText } from './candidate.ts';
import { addressDraftSchema } from './order.ts';

export const candidateChangeSchema = z.strictObject(
  Object.fromEntries(CANDIDATE_CHANGE_FIELDS.map((field) => [field, draftText().optional()])) as Record<
    CandidateChangeField,
    z.ZodOptional<ReturnType<typeof draftText>>
  >,
);
export type CandidateChange = z.infer<typeof candidateChangeSchema>;

export const deliveryChangeRequestSchema = z.strictObject({
  mode_livraison: draftText().optional(),
  date_livraison: draftText().optional(),
  point_retrait: draftText().nullish(),
  adresse_livraison: addressDraftSchema.partial().strict().optional(),
});
export type DeliveryChangeRequest = z.infer<typeof deliveryChangeRequestSchema>;
