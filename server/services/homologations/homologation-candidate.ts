/** What the homologation operations share: their dependencies, the locked candidate, and their common refusal. */
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { candidates, orders, users } from '../../db/schema/index.ts';
import { eq } from 'drizzle-orm';
import type { Locale } from '../../../domain/locales.ts';
import type { ChallengeId } from '../../../domain/ventoux.ts';
import { AppError, notFound } from '../../errors.ts';
import { translator } from '../../i18n.ts';
import type { MailService } from '../documents/mail.ts';

export interface HomologationDeps {
  db: Database;
  config: Config;
  mail: MailService;
  /** Called after a change the public tables show (a new laureate, a corrected date). */
  onChange?: () => void;
}

export type CandidateRow = typeof candidates.$inferSelect;

export const alreadyHomologated = () =>
  new AppError(409, 'already_homologated', 'This ride is already homologated');

/** A challenge's name as the rider's emails write it. */
export const challengeName = (language: Locale, epreuve: ChallengeId) =>
  translator(language, 'documents')(`challenges.${epreuve}`);

/** The candidate, locked until the transaction ends, with the order's language and its buyer. */
export async function lockCandidate(tx: Database, candidateId: number) {
  const [row] = await tx
    .select({
      candidate: candidates,
      locale: orders.locale,
      buyerId: orders.userId,
      buyerVerifiedAt: users.emailVerifiedAt,
    })
    .from(candidates)
    .leftJoin(orders, eq(orders.id, candidates.orderId))
    .leftJoin(users, eq(users.id, orders.userId))
    .where(eq(candidates.id, candidateId))
    .for('update', { of: candidates });
  if (!row) throw notFound('No such candidate');
  return row;
}
