/**
 * A guardian's consent for a minor's registration. After payment a minor's candidate waits in `awaiting_consent`
 * while their guardian gets, in the order's language, a link (single use, valid GUARDIAN_LINK_DAYS, kept hashed)
 * to a page showing the candidate, the challenge and the rules' safety text. Confirming the parental authorisation
 * and the medical certificate moves the registration on to `to_process` (and a kit by email goes out at once);
 * refusing leaves it waiting and tells the buyer and the club. The buyer may send the link again, a few times; an
 * administrator may record a consent received on paper, with a note.
 *
 * This module is the service's face and the home of who may: the link and what the operations share are in
 * guardian-consents-link.ts, the guardian's answer in guardian-consents-decide.ts, sending again and the paper
 * consent in guardian-consents-resend.ts.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { GuardianConsentState, GuardianConsentView } from '../../../contracts/orders.ts';
import { candidateReference } from '../../../domain/references.ts';
import type { Database } from '../../db/client.ts';
import { candidates, guardianConsents, orders } from '../../db/schema/index.ts';
import { emailDocumentsNow } from '../documents/documents-mail.ts';
import { type Caller, signedIn } from '../guards.ts';
import { hashToken } from '../accounts/tokens.ts';
import { type GuardianAnswer, decideConsent } from './guardian-consents-decide.ts';
import {
  type CandidateRow,
  type GuardianDeps,
  type OrderRow,
  linkState,
  sendLink,
} from './guardian-consents-link.ts';
import { recordPaper, resendLink } from './guardian-consents-resend.ts';

export function createGuardianConsentsService(deps: GuardianDeps) {
  const { db, config, mail } = deps;
  const mailing = { db, mail, publicUrl: config.publicUrl, documents: deps.documents };
  /** A consent lets the kit go once: only while it is still to process. */
  const sentOnce = { actorId: null, still: (candidate: CandidateRow) => candidate.statut === 'to_process' };

  return {
    /** After payment, in the payment's transaction: each minor's guardian gets their link. */
    async requestAfterPayment(tx: Database, order: OrderRow, now = new Date()) {
      const waiting = await tx
        .select()
        .from(candidates)
        .where(and(eq(candidates.orderId, order.id), eq(candidates.statut, 'awaiting_consent')));
      for (const candidate of waiting) await sendLink(deps, tx, candidate, order, now, 1);
    },

    /** What the guardian's page shows: null for a link that never existed. */
    async view(token: string, now = new Date()): Promise<GuardianConsentView | null> {
      const [row] = await db
        .select({ consent: guardianConsents, candidate: candidates, order: orders })
        .from(guardianConsents)
        .innerJoin(candidates, eq(candidates.id, guardianConsents.candidateId))
        .innerJoin(orders, eq(orders.id, candidates.orderId))
        .where(eq(guardianConsents.tokenHash, hashToken(token)));
      if (!row) return null;
      return {
        state: linkState(row.consent, now),
        decision: row.consent.decision,
        candidate: { prenom: row.candidate.prenom, nom: row.candidate.nom, epreuve: row.candidate.epreuve },
        guardian: { prenom: row.candidate.tuteur?.prenom ?? '', nom: row.candidate.tuteur?.nom ?? '' },
        reference: candidateReference(row.order.id, row.candidate.commande_index),
        expires_at: row.consent.expiresAt.toISOString(),
      };
    },

    /**
     * The guardian's answer. Confirming needs both statements; an unknown link is 404, a used or expired one
     * 410 `invalid_or_expired_token`.
     */
    async decide(token: string, answer: GuardianAnswer, now = new Date()): Promise<GuardianConsentState> {
      const outcome = await decideConsent(deps, token, answer, now);
      if (outcome.emailKit) await emailDocumentsNow(mailing, [outcome.candidateId], sentOnce);
      mail.kick();
      return { decision: outcome.decision };
    },

    /**
     * The buyer sends the link again (POST /api/candidates/{id}/guardian-consent/resend): a new link replaces the
     * old one. Another user's candidate is 404; one not waiting for consent 409; too soon or too often 429.
     */
    async resend(caller: Caller, candidateId: number, now = new Date()): Promise<void> {
      const buyerId = signedIn(caller).id;
      await resendLink(deps, buyerId, candidateId, now);
      mail.kick();
    },

    /** An administrator records a consent received on paper, with a note; the registration goes on. */
    async recordPaperConsent(candidateId: number, adminId: number, note: string, now = new Date()) {
      const emailKit = await recordPaper(deps, candidateId, adminId, note, now);
      if (emailKit) await emailDocumentsNow(mailing, [candidateId], sentOnce);
      mail.kick();
    },

    /** Where a candidate's consent stands, for the buyer's and the administrators' pages. */
    async stateOf(candidateIds: number[]) {
      if (candidateIds.length === 0) return new Map<number, typeof guardianConsents.$inferSelect>();
      const rows = await db
        .select()
        .from(guardianConsents)
        .where(inArray(guardianConsents.candidateId, candidateIds));
      return new Map(rows.map((row) => [row.candidateId, row]));
    },
  };
}
