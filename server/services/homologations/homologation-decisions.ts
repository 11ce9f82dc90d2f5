/**
 * The volunteer's decision on a returned card: homologating gives the next number of the challenge and links the
 * rider's laureate in the same transaction (homologation-numbers.ts); rejecting records the reason. Either way the
 * rider is told by email, in the order's language.
 */
import { ageOn, calendarDateOf, formatDisplayDate, today } from '../../../domain/dates.ts';
import { diplomaCheckPath } from '../../../domain/diploma.ts';
import { localeOr } from '../../../domain/locales.ts';
import type { ChallengeId } from '../../../domain/ventoux.ts';
import type { Database } from '../../db/client.ts';
import { homologations } from '../../db/schema/index.ts';
import { validationError } from '../../errors.ts';
import { homologationEmail, rejectionEmail } from '../../mail/templates.ts';
import { assertCandidateTransition, transitionCandidate } from '../registrations/candidate-transitions.ts';
import { actorIdOf, type Caller } from '../guards.ts';
import {
  alreadyHomologated,
  type CandidateRow,
  challengeName,
  type HomologationDeps,
  lockCandidate,
} from './homologation-candidate.ts';
import { laureateFor, nextNumero } from './homologation-numbers.ts';

export interface HomologationInput {
  date_passage: string;
  epreuve_realisee: ChallengeId;
  commentaire?: string;
}

/** Sees the locked candidate and answers the decision, or throws to refuse (the transaction rolls back). */
export type Decide = (tx: Database, candidate: CandidateRow) => Promise<HomologationInput>;

/** Refused before a number is taken: a ride neither in the future nor before its registration. */
function assertRideDate(candidate: CandidateRow, input: HomologationInput, now: Date) {
  assertCandidateTransition(candidate.statut, 'homologated');
  if (input.date_passage > today(now))
    throw validationError({ date_passage: 'validation:date_passage_future' });
  if (input.date_passage < calendarDateOf(candidate.createdAt)) {
    throw validationError({ date_passage: 'validation:date_passage_before_registration' });
  }
}

async function homologateLocked(
  { config, mail }: HomologationDeps,
  tx: Database,
  candidateId: number,
  actorId: number | null,
  decide: Decide,
  now: Date,
) {
  const { candidate, locale, buyerId, buyerVerifiedAt } = await lockCandidate(tx, candidateId);
  if (candidate.statut === 'homologated') throw alreadyHomologated();
  const input = await decide(tx, candidate);
  assertRideDate(candidate, input, now);
  const epreuve = input.epreuve_realisee;
  const numero = await nextNumero(tx, epreuve, config.homologationOffsets[epreuve] ?? 0);
  // An account is tied to a laureate only once its address is proven (email-verification.ts).
  const laureateId = await laureateFor(tx, candidate, buyerVerifiedAt ? (buyerId ?? null) : null);
  const [homologation] = await tx
    .insert(homologations)
    .values({
      laureateId,
      candidateId: candidate.id,
      epreuve,
      numero,
      date_passage: input.date_passage,
      ageAtRide: ageOn(candidate.date_naissance, input.date_passage),
      ville: candidate.ville,
      homologateurId: actorId,
      homologatedAt: now,
      commentaire: input.commentaire || null,
      source: 'admin',
    })
    .returning({ id: homologations.id, diplomaCode: homologations.diplomaCode });
  await transitionCandidate(tx, candidate, 'homologated', {
    actorId,
    action: 'candidate.homologated',
    set: {
      date_passage: input.date_passage,
      epreuve_realisee: epreuve,
      commentaire: input.commentaire || null,
    },
    details: { epreuve, numero, date_passage: input.date_passage, homologationId: homologation!.id },
    now,
  });
  const language = localeOr(locale);
  const email = homologationEmail(language, config.publicUrl, {
    prenom: candidate.prenom,
    challenge: challengeName(language, epreuve),
    numero,
    date: formatDisplayDate(input.date_passage),
    checkUrl: `${config.publicUrl}${diplomaCheckPath(language, homologation!.diplomaCode)}`,
  });
  await mail.queue({ to: candidate.email, ...email }, tx);
  return { homologationId: homologation!.id, numero, laureateId };
}

/**
 * Homologates once `decide` has seen the locked candidate, in the same transaction (the batch decides from the
 * evidence there, so nothing changes between its check and the number); `decide` throws to refuse.
 */
export async function homologateWhen(
  deps: HomologationDeps,
  caller: Caller,
  candidateId: number,
  decide: Decide,
  now = new Date(),
) {
  const actorId = actorIdOf(caller, 'homologations.decide');
  const result = await deps.db.transaction((tx) =>
    homologateLocked(deps, tx, candidateId, actorId, decide, now),
  );
  deps.mail.kick();
  deps.onChange?.();
  return result;
}

export async function rejectCandidate(
  { db, config, mail }: HomologationDeps,
  caller: Caller,
  candidateId: number,
  reason: string,
) {
  const actorId = actorIdOf(caller, 'homologations.decide');
  await db.transaction(async (tx) => {
    const { candidate, locale } = await lockCandidate(tx, candidateId);
    if (candidate.statut === 'homologated') throw alreadyHomologated();
    await transitionCandidate(tx, candidate, 'rejected', {
      actorId,
      action: 'candidate.rejected',
      set: { rejectionReason: reason },
      details: { reason },
    });
    const language = localeOr(locale);
    const email = rejectionEmail(language, config.publicUrl, {
      prenom: candidate.prenom,
      challenge: challengeName(language, candidate.epreuve),
      reason,
    });
    await mail.queue({ to: candidate.email, ...email }, tx);
  });
  mail.kick();
}
