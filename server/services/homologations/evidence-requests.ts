/**
 * Asking a rider for more evidence (docs/API.md, "Evidence requests"): a volunteer's message, mailed in the order's
 * language to the buyer and to the rider when the registration names another address, with a link to the account
 * page where the ride is attached or replaced. Attaching a ride afterwards answers it (tracks.ts calls `answerEvidenceRequest`).
 * At most one request is open per candidate: the database's partial unique index holds it across instances.
 */
import { and, count, desc, eq, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import type { EvidenceRequestView } from '../../../contracts/admin.ts';
import { localeOr } from '../../../domain/locales.ts';
import { candidateReference } from '../../../domain/references.ts';
import { RIDE_WELCOME_STATUSES } from '../../../domain/evidence.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { candidates, evidenceRequests, orders, users } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { translator } from '../../i18n.ts';
import { evidenceRequestEmail } from '../../mail/templates.ts';
import { recordCandidateChange } from '../registrations/candidate-transitions.ts';
import type { MailService } from '../documents/mail.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { actorIdOf, type Caller } from '../guards.ts';

const requestOpen = () =>
  new AppError(409, 'evidence_request_open', 'The rider has not answered the previous request yet');

/** Marks the candidate's open request answered: a ride was attached after it (file or Strava). */
export async function answerEvidenceRequest(db: Database, candidateId: number, now = new Date()) {
  await db
    .update(evidenceRequests)
    .set({ answeredAt: now })
    .where(
      and(
        eq(evidenceRequests.candidateId, candidateId),
        isNull(evidenceRequests.answeredAt),
        lte(evidenceRequests.askedAt, now),
      ),
    );
}

export function createEvidenceRequestsService(deps: { db: Database; config: Config; mail: MailService }) {
  const { db, config, mail } = deps;

  return {
    /** Administrators only (guards.ts). */
    async ask(caller: Caller, candidateId: number, message: string): Promise<EvidenceRequestView> {
      const actorId = actorIdOf(caller, 'homologations.decide');
      const created = await db
        .transaction(async (tx) => {
          const [row] = await tx
            .select({ candidate: candidates, locale: orders.locale, buyerEmail: users.email })
            .from(candidates)
            .leftJoin(orders, eq(orders.id, candidates.orderId))
            .leftJoin(users, eq(users.id, orders.userId))
            .where(eq(candidates.id, candidateId))
            .for('update', { of: candidates });
          if (!row) throw notFound('No such candidate');
          const { candidate } = row;
          if (!RIDE_WELCOME_STATUSES.includes(candidate.statut))
            throw new AppError(
              409,
              'conflict',
              `A candidate in status ${candidate.statut} cannot be asked for a ride`,
            );
          const [request] = await tx
            .insert(evidenceRequests)
            .values({ candidateId, message, askedBy: actorId })
            .returning();
          await recordCandidateChange(tx, candidate, {
            actorId,
            action: 'candidate.evidence_requested',
            details: { message },
          });
          const language = localeOr(row.locale);
          const reference = candidateReference(candidate.orderId, candidate.commande_index);
          const email = evidenceRequestEmail(language, config.publicUrl, {
            prenom: candidate.prenom,
            reference,
            challenge: translator(language, 'documents')(`challenges.${candidate.epreuve}`),
            message,
          });
          // The buyer manages the registration; the rider, when another person, is told too.
          const recipients = [row.buyerEmail, candidate.email].filter(
            (address, index, all): address is string =>
              Boolean(address) &&
              all.findIndex((other) => other?.toLowerCase() === address!.toLowerCase()) === index,
          );
          for (const to of recipients) await mail.queue({ to, ...email }, tx);
          return request!;
        })
        .catch((error: unknown) => {
          throw isUniqueViolation(error) ? requestOpen() : error;
        });
      mail.kick();
      // A request asked by one of the club's tools has no asker to name.
      const [asker] =
        actorId === null
          ? []
          : await db
              .select({ id: users.id, prenom: users.prenom, nom: users.nom })
              .from(users)
              .where(eq(users.id, actorId));
      return present(created, asker ?? null);
    },
  };
}

/** Requests answered on cards still waiting to be judged: the dashboard tells the volunteers. */
export async function answeredEvidenceRequests(db: Database): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(evidenceRequests)
    .innerJoin(candidates, eq(candidates.id, evidenceRequests.candidateId))
    .where(and(isNotNull(evidenceRequests.answeredAt), eq(candidates.statut, 'card_received')));
  return row?.total ?? 0;
}

/** The candidate's requests, newest first, for the volunteer's file. */
export async function listEvidenceRequests(
  db: Database,
  candidateId: number,
): Promise<EvidenceRequestView[]> {
  const rows = await db
    .select({ request: evidenceRequests, asker: { id: users.id, prenom: users.prenom, nom: users.nom } })
    .from(evidenceRequests)
    .leftJoin(users, eq(users.id, evidenceRequests.askedBy))
    .where(eq(evidenceRequests.candidateId, candidateId))
    .orderBy(desc(evidenceRequests.askedAt), desc(evidenceRequests.id));
  return rows.map(({ request, asker }) => present(request, asker?.id != null ? asker : null));
}

/** The latest request of each candidate of `ids`, for the rider's account page. */
export async function latestRequests(db: Database, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, typeof evidenceRequests.$inferSelect>();
  const rows = await db
    .select()
    .from(evidenceRequests)
    .where(inArray(evidenceRequests.candidateId, [...ids]))
    .orderBy(desc(evidenceRequests.askedAt), desc(evidenceRequests.id));
  const latest = new Map<number, typeof evidenceRequests.$inferSelect>();
  for (const row of rows) if (!latest.has(row.candidateId)) latest.set(row.candidateId, row);
  return latest;
}

function present(
  request: typeof evidenceRequests.$inferSelect,
  asker: { id: number; prenom: string; nom: string } | null,
): EvidenceRequestView {
  return {
    id: request.id,
    message: request.message,
    asked_by: asker ? { id: asker.id, name: `${asker.prenom} ${asker.nom}`.trim() } : null,
    asked_at: request.askedAt.toISOString(),
    answered_at: request.answeredAt?.toISOString() ?? null,
  };
}
