/**
 * Returned route cards and homologations. Scanning moves a candidate to `card_received`; homologating gives
 * the next number of the challenge's own sequence in the same transaction, under a row lock on that sequence,
 * so concurrent homologations never share or skip a number. The rider is linked to one laureate (by email,
 * else by name and date of birth) so that repeat riders keep one palmarès.
 */
import type { MyHomologation } from '../../contracts/account.ts';
import type { ScannedCard } from '../../contracts/admin.ts';
import { and, desc, eq, inArray, isNotNull, isNull, max, or, sql } from 'drizzle-orm';
import { ageOn, calendarDateOf, formatDisplayDate, today } from '../../domain/dates.ts';
import { diplomaCheckPath, diplomaPdfPath } from '../../domain/diploma.ts';
import { type Locale, localeOr } from '../../domain/locales.ts';
import { candidateReference, parseScanText } from '../../domain/references.ts';
import { laureateIdentityKey, laureateSearchText } from '../../domain/search.ts';
import type { ChallengeId } from '../../domain/ventoux.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import {
  cancelledHomologations,
  candidates,
  homologationSequences,
  homologations,
  laureates,
  orders,
  users,
} from '../db/schema/index.ts';
import { AppError, notFound, validationError } from '../errors.ts';
import { translator } from '../i18n.ts';
import {
  cardReceivedEmail,
  homologationCancelledEmail,
  homologationEmail,
  rejectionEmail,
} from '../mail/templates.ts';
import { recordAudit } from './audit.ts';
import { assertCandidateTransition, transitionCandidate } from './candidate-transitions.ts';
import type { MailService } from './mail.ts';

type CandidateRow = typeof candidates.$inferSelect;

export interface HomologationInput {
  date_passage: string;
  epreuve_realisee: ChallengeId;
  commentaire?: string;
}

const alreadyHomologated = () => new AppError(409, 'already_homologated', 'This ride is already homologated');

/** The next number of a challenge, taken under a lock on the sequence row (held until the transaction ends). */
async function nextNumero(tx: Database, epreuve: ChallengeId, offset: number): Promise<number> {
  const [existing] = await tx
    .select({ highest: max(homologations.numero) })
    .from(homologations)
    .where(eq(homologations.epreuve, epreuve));
  await tx
    .insert(homologationSequences)
    .values({ epreuve, lastNumero: Math.max(offset, existing?.highest ?? 0) })
    .onConflictDoNothing();
  const [sequence] = await tx
    .select()
    .from(homologationSequences)
    .where(eq(homologationSequences.epreuve, epreuve))
    .for('update');
  const numero = Math.max(sequence!.lastNumero, offset) + 1;
  await tx
    .update(homologationSequences)
    .set({ lastNumero: numero })
    .where(eq(homologationSequences.epreuve, epreuve));
  return numero;
}

/**
 * The rider's laureate: same email first, else same name and date of birth among laureates without an email
 * (the club's earlier records); created when new.
 */
async function laureateFor(tx: Database, candidate: CandidateRow, userId: number | null): Promise<number> {
  const email = candidate.email.trim().toLowerCase();
  const identityKey = laureateIdentityKey(candidate);
  const [found] = await tx
    .select({ id: laureates.id })
    .from(laureates)
    .where(
      or(
        sql`lower(${laureates.email}) = ${email}`,
        // Same name and date of birth: the same person, unless that laureate is known under another email.
        and(
          eq(laureates.identityKey, identityKey),
          isNotNull(laureates.date_naissance),
          isNull(laureates.email),
        ),
      ),
    )
    .orderBy(sql`(lower(${laureates.email}) = ${email}) desc`, laureates.id)
    .limit(1);
  if (found) return found.id;
  const [created] = await tx
    .insert(laureates)
    .values({
      email,
      civilite: candidate.civilite,
      nom: candidate.nom,
      prenom: candidate.prenom,
      date_naissance: candidate.date_naissance,
      pays: candidate.pays,
      nationalite: candidate.nationalite,
      ville: candidate.ville,
      userId,
      searchText: laureateSearchText(candidate),
      identityKey,
    })
    .returning({ id: laureates.id });
  return created!.id;
}

export function createHomologationsService(deps: {
  db: Database;
  config: Config;
  mail: MailService;
  /** Called after a change the public tables show (a new laureate, a corrected date). */
  onChange?: () => void;
}) {
  const { db, config, mail } = deps;

  async function lockCandidate(tx: Database, candidateId: number) {
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

  async function homologateWhen(
    candidateId: number,
    actorId: number,
    decide: (tx: Database, candidate: CandidateRow) => Promise<HomologationInput>,
    now = new Date(),
  ) {
    const result = await db.transaction(async (tx) => {
      const { candidate, locale, buyerId, buyerVerifiedAt } = await lockCandidate(tx, candidateId);
      if (candidate.statut === 'homologated') throw alreadyHomologated();
      const input = await decide(tx, candidate);

      // Refused before the dates are checked or a number is taken.
      assertCandidateTransition(candidate.statut, 'homologated');
      if (input.date_passage > today(now))
        throw validationError({ date_passage: 'validation:date_passage_future' });
      if (input.date_passage < calendarDateOf(candidate.createdAt)) {
        throw validationError({ date_passage: 'validation:date_passage_before_registration' });
      }
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
      const challengeName = translator(language, 'documents')(`challenges.${epreuve}`);
      await mail.queue(
        {
          to: candidate.email,
          ...homologationEmail(language, config.publicUrl, {
            prenom: candidate.prenom,
            challenge: challengeName,
            numero,
            date: formatDisplayDate(input.date_passage),
            checkUrl: `${config.publicUrl}${diplomaCheckPath(language, homologation!.diplomaCode)}`,
          }),
        },
        tx,
      );
      return { homologationId: homologation!.id, numero, laureateId };
    });
    mail.kick();
    deps.onChange?.();
    return result;
  }

  return {
    /**
     * A returned route card: the text read from its QR code (secret token) or typed (reference). Answers a
     * machine-readable reason when it cannot be taken: text_not_valid, unknown_reference, already_homologated,
     * not_paid, and kit_not_sent for a kit nobody marked sent or handed over, unless `confirm` says to take the
     * card in anyway (the card coming back proves the rider had it). Answers who the card is and the status it
     * had before, so that the scan page can say what changed.
     */
    async scan(text: string, actorId: number, options: { confirm?: boolean } = {}): Promise<ScannedCard> {
      const parsed = parseScanText(text);
      if (!parsed) throw new AppError(400, 'text_not_valid', 'Text not valid');
      const condition =
        parsed.kind === 'token'
          ? eq(candidates.scanToken, parsed.token)
          : and(eq(candidates.orderId, parsed.orderId), eq(candidates.commande_index, parsed.index));
      const [found] = await db.select({ id: candidates.id }).from(candidates).where(condition);
      if (!found) throw new AppError(404, 'unknown_reference', 'No candidate has this reference');
      const result = await db.transaction(async (tx) => {
        const { candidate, locale } = await lockCandidate(tx, found.id);
        const reference = candidateReference(candidate.orderId, candidate.commande_index);
        if (candidate.statut === 'homologated') throw alreadyHomologated();
        if (candidate.statut === 'pending_payment')
          throw new AppError(409, 'not_paid', 'This registration is not paid');
        if (candidate.statut === 'to_process' && !options.confirm)
          throw new AppError(409, 'kit_not_sent', 'The kit was never marked sent or handed over');
        // Scanning the same card twice changes nothing and writes to nobody.
        if (candidate.statut !== 'card_received') {
          await transitionCandidate(tx, candidate, 'card_received', {
            actorId,
            action: 'candidate.card_received',
            set: { cardReceivedAt: new Date() },
          });
          const language = localeOr(locale);
          await mail.queue(
            {
              to: candidate.email,
              ...cardReceivedEmail(language, config.publicUrl, {
                prenom: candidate.prenom,
                reference,
                challenge: translator(language, 'documents')(`challenges.${candidate.epreuve}`),
              }),
            },
            tx,
          );
        }
        return {
          candidateId: candidate.id,
          reference,
          statut: 'card_received' as const,
          previous: candidate.statut,
          nom: candidate.nom,
          prenom: candidate.prenom,
          epreuve: candidate.epreuve,
        };
      });
      if (result.previous !== 'card_received') mail.kick();
      return result;
    },

    async homologate(candidateId: number, input: HomologationInput, actorId: number, now = new Date()) {
      return homologateWhen(candidateId, actorId, async () => input, now);
    },

    /**
     * Homologates once `decide` has seen the locked candidate, in the same transaction (the batch decides from the
     * evidence there, so nothing changes between its check and the number); `decide` throws to refuse.
     */
    homologateWhen,

    async reject(candidateId: number, reason: string, actorId: number) {
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
        const challengeName = translator(language, 'documents')(`challenges.${candidate.epreuve}`);
        await mail.queue(
          {
            to: candidate.email,
            ...rejectionEmail(language, config.publicUrl, {
              prenom: candidate.prenom,
              challenge: challengeName,
              reason,
            }),
          },
          tx,
        );
      });
      mail.kick();
    },

    /**
     * Cancels a homologation (administrators, with a reason): it leaves the public tables and its diploma reads
     * "revoked" everywhere at once; its number stays taken. The candidate, if any, becomes rejected with the
     * reason, and the rider is told.
     */
    async cancel(homologationId: number, reason: string, actorId: number) {
      await db.transaction(async (tx) => {
        const [homologation] = await tx
          .select()
          .from(homologations)
          .where(eq(homologations.id, homologationId))
          .for('update');
        if (!homologation) throw notFound('No such homologation');
        // The sequence never goes back below a number once given, cancelled or not.
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
        await tx.delete(homologations).where(eq(homologations.id, homologationId));
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
        await mail.queue(
          {
            to: candidate.email,
            ...homologationCancelledEmail(language, config.publicUrl, {
              prenom: candidate.prenom,
              challenge: translator(language, 'documents')(`challenges.${homologation.epreuve}`),
              numero: homologation.numero,
              reason,
            }),
          },
          tx,
        );
      });
      mail.kick();
      deps.onChange?.();
    },

    /** Corrects a homologation's details (audited); its number and challenge never change. */
    async correct(
      homologationId: number,
      input: { date_passage: string | null; commentaire: string | null },
      actorId: number,
    ) {
      await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(homologations)
          .where(eq(homologations.id, homologationId))
          .for('update');
        if (!before) throw notFound('No such homologation');
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
    },

    /** The homologations of a signed-in rider: their laureate by account or email. */
    async forUser(userId: number, locale: Locale): Promise<MyHomologation[]> {
      const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      if (!user) return [];
      const mine = await db
        .select({ id: laureates.id })
        .from(laureates)
        .where(
          or(eq(laureates.userId, userId), sql`lower(${laureates.email}) = ${user.email.toLowerCase()}`),
        );
      if (mine.length === 0) return [];
      const rows = await db
        .select({ homologation: homologations, candidate: candidates, certifier: users })
        .from(homologations)
        .leftJoin(candidates, eq(candidates.id, homologations.candidateId))
        .leftJoin(users, eq(users.id, homologations.homologateurId))
        .where(
          inArray(
            homologations.laureateId,
            mine.map((laureate) => laureate.id),
          ),
        )
        .orderBy(desc(homologations.homologatedAt));
      return rows.map(({ homologation, candidate, certifier }) => ({
        id: homologation.id,
        numero: homologation.numero,
        epreuve: homologation.epreuve,
        date_passage: homologation.date_passage,
        homologatedAt: homologation.homologatedAt.toISOString(),
        candidateReference: candidate
          ? candidateReference(candidate.orderId, candidate.commande_index)
          : null,
        certifiedBy: certifier
          ? { name: `${certifier.prenom} ${certifier.nom}`.trim(), president: certifier.president }
          : null,
        diploma_url: diplomaPdfPath(homologation.id),
        check_url: `${config.publicUrl}${diplomaCheckPath(locale, homologation.diplomaCode)}`,
      }));
    },
  };
}
