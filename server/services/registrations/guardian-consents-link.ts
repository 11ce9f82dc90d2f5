/**
 * What the guardian-consent operations share: the deps they take, sending a new link, a link's state, letting a
 * confirmed registration go on, and telling the buyer and the club of a refusal.
 */
import { eq } from 'drizzle-orm';
import type { GuardianConsentView } from '../../../contracts/orders.ts';
import { localeOr } from '../../../domain/locales.ts';
import { candidateReference } from '../../../domain/references.ts';
import type { Config } from '../../config.ts';
import type { SettingsService } from '../platform/settings.ts';
import type { Database } from '../../db/client.ts';
import { type candidates, guardianConsents, type orders, users } from '../../db/schema/index.ts';
import { translator } from '../../i18n.ts';
import { guardianConsentEmail, guardianRefusalEmail } from '../../mail/templates.ts';
import { transitionCandidate } from './candidate-transitions.ts';
import type { DocumentsService } from '../documents/documents.ts';
import type { MailService } from '../documents/mail.ts';
import { hashToken, newToken } from '../accounts/tokens.ts';

export const GUARDIAN_LINK_DAYS = 14;

export type CandidateRow = typeof candidates.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;

export type GuardianDeps = {
  db: Database;
  config: Config;
  settings: SettingsService;
  mail: MailService;
  documents: DocumentsService;
};

/** A new link for the candidate's guardian, mailed in the order's language; replaces any earlier one. */
export async function sendLink(
  { config, mail }: GuardianDeps,
  tx: Database,
  candidate: CandidateRow,
  order: OrderRow,
  now: Date,
  sends: number,
) {
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

export function linkState(
  consent: typeof guardianConsents.$inferSelect,
  now: Date,
): GuardianConsentView['state'] {
  if (consent.decision) return 'answered';
  return consent.expiresAt <= now ? 'expired' : 'open';
}

/** Confirmed: the registration goes on; a kit by email goes out at once, as a payment would send it. */
export async function release(tx: Database, candidate: CandidateRow, order: OrderRow, now: Date) {
  await transitionCandidate(tx, candidate, 'to_process', { actorId: null, action: null, now });
  return order.mode_livraison === 'email';
}

/** A refusal: the buyer and the club are told, in the order's language and the club's. */
export async function tellRefusal(
  { config, mail, settings }: GuardianDeps,
  tx: Database,
  candidate: CandidateRow,
  order: OrderRow,
) {
  const contactEmail = (await settings.values()).contact_email;
  const [buyer] = order.userId ? await tx.select().from(users).where(eq(users.id, order.userId)) : [];
  const locale = localeOr(order.locale);
  const facts = {
    candidate: `${candidate.prenom} ${candidate.nom}`,
    reference: candidateReference(order.id, candidate.commande_index),
    contact: contactEmail,
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
      to: contactEmail,
      ...guardianRefusalEmail('fr', config.publicUrl, { ...facts, audience: 'club' }),
    },
    tx,
  );
}
