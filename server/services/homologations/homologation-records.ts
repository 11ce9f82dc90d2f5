/**
 * Changes to a homologation once given (administrators, audited): cancelling it with a reason, or correcting its
 * details. Its number and challenge never change, and a cancelled number is never given again.
 */
import { eq, sql } from 'drizzle-orm';
import { ageOn, today } from '../../../domain/dates.ts';
import { localeOr } from '../../../domain/locales.ts';
import type { Database } from '../../db/client.ts';
import {
  cancelledHomologations,
  candidates,
  homologationSequences,
  homologations,
  laureates,
} from '../../db/schema/index.ts';
import { notFound, validationError } from '../../errors.ts';
import { homologationCancelledEmail } from '../../mail/templates.ts';
import { recordAudit } from '../platform/audit.ts';
import { transitionCandidate } from '../registrations/candidate-transitions.ts';
import { actorIdOf, type Caller } from '../guards.ts';
import { challengeName, type HomologationDeps, lockCandidate } from './homologation-candidate.ts';

type HomologationRow = typeof homologations.$inferSelect;

async function lockHomologation(tx: Database, homologationId: number): Promise<HomologationRow> {
  const [homologation] = await tx
    .select()
    .from(homologations)
    .where(eq(homologations.id, homologationId))
    .for('update');
  if (!homologation) throw notFound('No such homologation');
  return homologation;
}

/** Moves the homologation to the cancelled ones; the sequence never goes back below a number once given. */
async function archiveCancelled(
  tx: Database,
  homologation: HomologationRow,
  reason: string,
  actorId: number | null,
) {
  await tx
    .insert(homologationSequences)
    .values({ epreuve: homologation.epreuve, lastNumero: homologation.numero })
    .onConflictDoUpdate({
      target: homologationSequences.epreuve,
      set: { lastNumero: sql`greatest(${homologationSequences.lastNumero}, ${homologation.numero})` },
    });
  await tx.insert(cancelledHomologations).values({
    id: homologation.id,
    laureateId: homologation.laureateId,
    candidateId: homologation.candidateId,
    epreuve: homologation.epreuve,
    numero: homologation.numero,
    date_passage: homologation.date_passage,
    homologatedAt: homologation.homologatedAt,
    diplomaCode: homologation.diplomaCode,
    reason,
    cancelledBy: actorId,
  });
  await tx.delete(homologations).where(eq(homologations.id, homologation.id));
}

/**
 * Cancels a homologation (administrators, with a reason): it leaves the public tables and its diploma reads
 * "revoked" everywhere at once; its number stays taken. The candidate, if any, becomes rejected with the
 * reason, and the rider is told.
 */
export async function cancelHomologation(
  deps: HomologationDeps,
  caller: Caller,
  homologationId: number,
  reason: string,
) {
  const { db, config, mail } = deps;
  const actorId = actorIdOf(caller, 'homologations.decide');
  await db.transaction(async (tx) => {
    const homologation = await lockHomologation(tx, homologationId);
    await archiveCancelled(tx, homologation, reason, actorId);
    const details = { epreuve: homologation.epreuve, numero: homologation.numero, reason };
    if (!homologation.candidateId) {
      await recordAudit(tx, {
        actorId,
        action: 'homologation.cancelled',
        entity: 'homologation',
        entityId: homologationId,
        before: { numero: homologation.numero, epreuve: homologation.epreuve },
        after: details,
      });
      return;
    }
    const { candidate, locale } = await lockCandidate(tx, homologation.candidateId);
    await transitionCandidate(tx, candidate, 'rejected', {
      actorId,
      action: 'homologation.cancelled',
      set: { rejectionReason: reason },
      details,
    });
    const language = localeOr(locale);
    const email = homologationCancelledEmail(language, config.publicUrl, {
      prenom: candidate.prenom,
      challenge: challengeName(language, homologation.epreuve),
      numero: homologation.numero,
      reason,
    });
    await mail.queue({ to: candidate.email, ...email }, tx);
  });
  mail.kick();
  deps.onChange?.();
}

/** Corrects a homologation's details (audited); its number and challenge never change. */
export async function correctHomologation(
  deps: HomologationDeps,
  caller: Caller,
  homologationId: number,
  input: { date_passage: string | null; commentaire: string | null },
) {
  const actorId = actorIdOf(caller, 'homologations.decide');
  await deps.db.transaction(async (tx) => {
    const before = await lockHomologation(tx, homologationId);
    if (input.date_passage && input.date_passage > today())
      throw validationError({ date_passage: 'validation:date_passage_future' });
    const [laureate] = await tx
      .select({ date_naissance: laureates.date_naissance })
      .from(laureates)
      .where(eq(laureates.id, before.laureateId));
    const ageAtRide =
      input.date_passage && laureate?.date_naissance
        ? ageOn(laureate.date_naissance, input.date_passage)
        : null;
    await tx
      .update(homologations)
      .set({
        date_passage: input.date_passage,
        commentaire: input.commentaire,
        ageAtRide,
        updatedAt: new Date(),
      })
      .where(eq(homologations.id, homologationId));
    if (before.candidateId) {
      await tx
        .update(candidates)
        .set({ date_passage: input.date_passage, commentaire: input.commentaire, updatedAt: new Date() })
        .where(eq(candidates.id, before.candidateId));
    }
    await recordAudit(tx, {
      actorId,
      action: 'homologation.corrected',
      entity: before.candidateId ? 'candidate' : 'homologation',
      entityId: before.candidateId ?? homologationId,
      before: { date_passage: before.date_passage, commentaire: before.commentaire },
      after: input,
    });
  });
  deps.onChange?.();
}
