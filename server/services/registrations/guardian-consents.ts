/**
 * A guardian's consent for a minor's registration. After payment a minor's candidate waits in `awaiting_consent`
 * while their guardian gets, in the order's language, a link (single use, valid GUARDIAN_LINK_DAYS, kept hashed)
 * to a page showing the candidate, the challenge and the rules' safety text. Confirming the parental authorisation
 * and the medical certificate moves the registration on to `to_process` (and a kit by email goes out at once);
 * refusing leaves it waiting and tells the buyer and the club. The buyer may send the link again, a few times; an
 * administrator may record a consent received on paper, with a note.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { GuardianConsentState, GuardianConsentView } from '../../../contracts/orders.ts';
import { localeOr } from '../../../domain/locales.ts';
import { candidateReference } from '../../../domain/references.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { candidates, guardianConsents, orders, users } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { translator } from '../../i18n.ts';
import { guardianConsentEmail, guardianRefusalEmail } from '../../mail/templates.ts';
import { recordAudit } from '../platform/audit.ts';
import { transitionCandidate } from './candidate-transitions.ts';
import { emailDocumentsNow } from '../documents/documents-mail.ts';
import { type Caller, signedIn } from '../guards.ts';
import type { DocumentsService } from '../documents/documents.ts';
import type { MailService } from '../documents/mail.ts';
import { hashToken, newToken } from '../accounts/tokens.ts';

export const GUARDIAN_LINK_DAYS = 14;
/** Links sent for one candidate in all, the first included, and the wait between two. */
export const GUARDIAN_LINK_MAX_SENDS = 5;
export const GUARDIAN_RESEND_WAIT_MINUTES = 10;

type CandidateRow = typeof candidates.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

const invalidLink = () => new AppError(404, 'invalid_or_expired_token', 'This link is invalid');

export function createGuardianConsentsService(deps: {
  db: Database;
  config: Config;
  mail: MailService;
  documents: DocumentsService;
}) {
  const { db, config, mail } = deps;
  const mailing = { db, mail, publicUrl: config.publicUrl, documents: deps.documents };
  /** A consent lets the kit go once: only while it is still to process. */
  const sentOnce = { actorId: null, still: (candidate: CandidateRow) => candidate.statut === 'to_process' };

  /** A new link for the candidate's guardian, mailed in the order's language; replaces any earlier one. */
  async function sendLink(tx: Database, candidate: CandidateRow, order: OrderRow, now: Date, sends: number) {
    const guardian = candidate.tuteur;
    if (!guardian) return;
    const token = newToken();
    const values = {
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + GUARDIAN_LINK_DAYS * 86_400_000),
      sentAt: now,
      sends,
    };
    await tx
      .insert(guardianConsents)
      .values({ candidateId: candidate.id, ...values })
      .onConflictDoUpdate({ target: guardianConsents.candidateId, set: values });
    const locale = localeOr(order.locale);
    await mail.queue(
      {
        to: guardian.email,
        ...guardianConsentEmail(locale, config.publicUrl, {
          guardian: guardian.prenom,
          candidate: `${candidate.prenom} ${candidate.nom}`,
          challenge: translator(locale, 'documents')(`challenges.${candidate.epreuve}`),
          // In the query string, which the logs leave out and the page cache does not keep.
          url: `${config.publicUrl}/${locale}/guardian?token=${token}`,
          days: GUARDIAN_LINK_DAYS,
        }),
      },
      tx,
    );
  }

  /** The consent a link points to, with its candidate and order; the link's state says what the page shows. */
  async function byToken(token: string) {
    const [row] = await db
      .select({ consent: guardianConsents, candidate: candidates, order: orders })
      .from(guardianConsents)
      .innerJoin(candidates, eq(candidates.id, guardianConsents.candidateId))
      .innerJoin(orders, eq(orders.id, candidates.orderId))
      .where(eq(guardianConsents.tokenHash, hashToken(token)));
    return row ?? null;
  }

  function linkState(consent: typeof guardianConsents.$inferSelect, now: Date): GuardianConsentView['state'] {
    if (consent.decision) return 'answered';
    return consent.expiresAt <= now ? 'expired' : 'open';
  }

  /** Confirmed: the registration goes on; a kit by email goes out at once, as a payment would send it. */
  async function release(tx: Database, candidate: CandidateRow, order: OrderRow, now: Date) {
    await transitionCandidate(tx, candidate, 'to_process', { actorId: null, action: null, now });
    return order.mode_livraison === 'email';
  }

  return {
    /** After payment, in the payment's transaction: each minor's guardian gets their link. */
    async requestAfterPayment(tx: Database, order: OrderRow, now = new Date()) {
      const waiting = await tx
        .select()
        .from(candidates)
        .where(and(eq(candidates.orderId, order.id), eq(candidates.statut, 'awaiting_consent')));
      for (const candidate of waiting) await sendLink(tx, candidate, order, now, 1);
    },

    /** What the guardian's page shows: null for a link that never existed. */
    async view(token: string, now = new Date()): Promise<GuardianConsentView | null> {
      const row = await byToken(token);
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
    async decide(
      token: string,
      answer: {
        decision: 'confirm' | 'refuse';
        autorisation_parentale?: boolean;
        certificat_medical?: boolean;
      },
      now = new Date(),
    ): Promise<GuardianConsentState> {
      const outcome = await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ consent: guardianConsents, candidate: candidates, order: orders })
          .from(guardianConsents)
          .innerJoin(candidates, eq(candidates.id, guardianConsents.candidateId))
          .innerJoin(orders, eq(orders.id, candidates.orderId))
          .where(eq(guardianConsents.tokenHash, hashToken(token)))
          .for('update', { of: [guardianConsents, candidates] });
        if (!row) throw invalidLink();
        const { consent, candidate, order } = row;
        if (linkState(consent, now) !== 'open')
          throw new AppError(410, 'invalid_or_expired_token', 'This link has been used or has expired');
        const confirmed = answer.decision === 'confirm';
        if (confirmed && !(answer.autorisation_parentale === true && answer.certificat_medical === true)) {
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
          await tellRefusal(tx, candidate, order);
          return { decision: 'refused' as const, emailKit: false, candidateId: candidate.id };
        }
        const emailKit = await release(tx, candidate, order, now);
        return { decision: 'confirmed' as const, emailKit, candidateId: candidate.id };
      });
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
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ candidate: candidates, order: orders, consent: guardianConsents })
          .from(candidates)
          .innerJoin(orders, eq(orders.id, candidates.orderId))
          .leftJoin(guardianConsents, eq(guardianConsents.candidateId, candidates.id))
          .where(and(eq(candidates.id, candidateId), eq(orders.userId, buyerId)))
          .for('update', { of: candidates });
        if (!row) throw notFound('No such candidate');
        const { candidate, order, consent } = row;
        if (candidate.statut !== 'awaiting_consent' || !candidate.tuteur)
          throw new AppError(409, 'conflict', 'This registration is not waiting for a guardian');
        if (consent) {
          const waitMs = GUARDIAN_RESEND_WAIT_MINUTES * 60_000 - (now.getTime() - consent.sentAt.getTime());
          if (consent.sends >= GUARDIAN_LINK_MAX_SENDS || waitMs > 0) {
            const seconds = consent.sends >= GUARDIAN_LINK_MAX_SENDS ? 24 * 3600 : Math.ceil(waitMs / 1000);
            throw new AppError(429, 'rate_limited', 'The link was sent a moment ago', {
              headers: { 'retry-after': String(seconds) },
            });
          }
        }
        // A refused consent may be asked again: the guardian may have changed their mind after a talk.
        await sendLink(tx, candidate, order, now, (consent?.sends ?? 0) + 1);
        if (consent?.decision === 'refused')
          await tx
            .update(guardianConsents)
            .set({ decision: null, decidedAt: null, method: null })
            .where(eq(guardianConsents.candidateId, candidate.id));
        await recordAudit(tx, {
          actorId: buyerId,
          action: 'candidate.guardian_link_sent',
          entity: 'candidate',
          entityId: candidate.id,
        });
      });
      mail.kick();
    },

    /** An administrator records a consent received on paper, with a note; the registration goes on. */
    async recordPaperConsent(candidateId: number, adminId: number, note: string, now = new Date()) {
      const outcome = await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ candidate: candidates, order: orders })
          .from(candidates)
          .innerJoin(orders, eq(orders.id, candidates.orderId))
          .where(eq(candidates.id, candidateId))
          .for('update', { of: candidates });
        if (!row) throw notFound('No such candidate');
        const { candidate, order } = row;
        if (candidate.statut !== 'awaiting_consent')
          throw new AppError(409, 'conflict', 'This registration is not waiting for a guardian');
        const values = { decision: 'confirmed' as const, decidedAt: now, method: 'paper' as const };
        await tx
          .insert(guardianConsents)
          .values({
            candidateId,
            tokenHash: hashToken(newToken()),
            expiresAt: now,
            sentAt: now,
            sends: 0,
            ...values,
          })
          .onConflictDoUpdate({ target: guardianConsents.candidateId, set: values });
        await recordAudit(tx, {
          actorId: adminId,
          action: 'candidate.guardian_paper_consent',
          entity: 'candidate',
          entityId: candidate.id,
          before: { statut: candidate.statut },
          after: { statut: 'to_process', note },
        });
        return release(tx, candidate, order, now);
      });
      if (outcome) await emailDocumentsNow(mailing, [candidateId], sentOnce);
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

  /** A refusal: the buyer and the club are told, in the order's language and the club's. */
  async function tellRefusal(tx: Database, candidate: CandidateRow, order: OrderRow) {
    const [buyer] = order.userId ? await tx.select().from(users).where(eq(users.id, order.userId)) : [];
    const locale = localeOr(order.locale);
    const facts = {
      candidate: `${candidate.prenom} ${candidate.nom}`,
      reference: candidateReference(order.id, candidate.commande_index),
      contact: config.contactEmail,
    };
    if (buyer)
      await mail.queue(
        {
          to: buyer.email,
          ...guardianRefusalEmail(locale, config.publicUrl, { ...facts, audience: 'buyer' }),
        },
        tx,
      );
    await mail.queue(
      {
        to: config.contactEmail,
        ...guardianRefusalEmail('fr', config.publicUrl, { ...facts, audience: 'club' }),
      },
      tx,
    );
  }
}
