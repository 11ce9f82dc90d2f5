/** A guardian's answer by the emailed link (POST /api/guardian-consents/{token}, and the guardian's page). */
import { z } from './zod.ts';
import { GENERIC_MESSAGE, text } from './common.ts';

export const guardianTokenParams = z.object({
  token: text('validation:invalid_or_expired_token')
    .min(1, 'validation:invalid_or_expired_token')
    .max(200, 'validation:invalid_or_expired_token'),
});

/** A checkbox posted by a form is 'true'; the API sends a boolean. */
const statement = z.preprocess((value) => value === true || value === 'true', z.boolean());

export const guardianDecisionSchema = z.object({
  decision: z.enum(['confirm', 'refuse'], { error: GENERIC_MESSAGE }),
  autorisation_parentale: statement.optional(),
  certificat_medical: statement.optional(),
});
export type GuardianDecision = z.infer<typeof guardianDecisionSchema>;
