/**
 * The guardian's answer from the emailed link. Confirming needs both statements; an unknown link is 404, a used
 * or expired one 410 `invalid_or_expired_token`.
 */
import { eq } from 'drizzle-orm';
import type { GuardianConsentState } from '../../../contracts/orders.ts';
import { candidates, guardianConsents, orders } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { recordAudit } from '../platform/audit.ts';
import { hashToken } from '../accounts/tokens.ts';
import { type GuardianDeps, linkState, release, tellRefusal } from './guardian-consents-link.ts';

export type GuardianAnswer = {
  decision: 'confirm' | 'refuse';
  autorisation_parentale?: boolean;
  certificat_medical?: boolean;
};

/** The answer as it is recorded, and whether a kit by email is to go out for its candidate. */
export type DecideOutcome = {
  decision: GuardianConsentState['decision'];
  emailKit: boolean;
  candidateId: number;
};

function requireBothStatements(answer: GuardianAnswer) {
  if (answer.autorisation_parentale === true && answer.certificat_medical === true) return;
  throw new AppError(400, 'validation', 'Both statements are needed', {
    fields: {
      ...(answer.autorisation_parentale === true
        ? {}
        : { autorisation_parentale: 'validation:autorisation_parentale_required' }),
      ...(answer.certificat_medical === true
        ? {}
        : { certificat_medical: 'validation:certificat_medical_required' }),
    },
  });
}

export function decideConsent(
  deps: GuardianDeps,
  token: string,
  answer: GuardianAnswer,
  now: Date,
): Promise<DecideOutcome> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ consent: guardianConsents, candidate: candidates, order: orders })
      .from(guardianConsents)
      .innerJoin(candidates, eq(candidates.id, guardianConsents.candidateId))
      .innerJoin(orders, eq(orders.id, candidates.orderId))
      .where(eq(guardianConsents.tokenHash, hashToken(token)))
      .for('update', { of: [guardianConsents, candidates] });
    if (!row) throw new AppError(404, 'invalid_or_expired_token', 'This link is invalid');
    const { consent, candidate, order } = row;
    if (linkState(consent, now) !== 'open')
      throw new AppError(410, 'invalid_or_expired_token', 'This link has been used or has expired');
    const confirmed = answer.decision === 'confirm';
    if (confirmed) requireBothStatements(answer);
    await tx
      .update(guardianConsents)
      .set({ decision: confirmed ? 'confirmed' : 'refused', decidedAt: now, method: 'link' })
      .where(eq(guardianConsents.candidateId, candidate.id));
    await recordAudit(tx, {
      actorId: null,
      action: confirmed ? 'candidate.guardian_confirmed' : 'candidate.guardian_refused',
      entity: 'candidate',
      entityId: candidate.id,
      before: { statut: candidate.statut },
      after: { statut: confirmed ? 'to_process' : candidate.statut },
    });
    if (!confirmed) {
      await tellRefusal(deps, tx, candidate, order);
      return { decision: 'refused' as const, emailKit: false, candidateId: candidate.id };
    }
    const emailKit = await release(tx, candidate, order, now);
    return { decision: 'confirmed' as const, emailKit, candidateId: candidate.id };
  });
}
