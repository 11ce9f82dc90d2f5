/**
 * Homologating a selection of returned cards at once (POST /api/admin/homologations/batch): one line of answer per
 * item, in order, each in its own transaction through the single homologation (laureate, number, email, audit),
 * deciding from the evidence read inside that transaction (domain/evidence.ts `batchDecision`). An item already
 * homologated is skipped, never given a second number. The same Idempotency-Key from the same administrator
 * answers the stored results.
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { BatchHomologationResult } from '../../../contracts/admin.ts';
import { type BatchRefusal, batchDecision } from '../../../domain/evidence.ts';
import type { HomologationBatchBody } from '../../../domain/schemas/admin.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Database } from '../../db/client.ts';
import { homologationBatches } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { evidenceOf } from './evidence.ts';
import type { createHomologationsService } from './homologations.ts';
import { type Caller, permitted, permittedPerson } from '../guards.ts';

/** A batch whose results are still missing after this long was interrupted (a restart): it may run again. */
const INTERRUPTED_AFTER_MS = 10 * 60_000;

/** Thrown by the decision to refuse an item without taking a number; the transaction rolls back. */
class Refusal extends Error {
  readonly code: BatchRefusal;
  constructor(code: BatchRefusal) {
    super(code);
    this.code = code;
  }
}

const NOT_IN_PROGRESS = new Set(['pending_payment', 'awaiting_consent', 'to_process', 'processed']);

type Homologations = Pick<ReturnType<typeof createHomologationsService>, 'homologateWhen'>;

async function homologateItem(
  homologations: Homologations,
  item: HomologationBatchBody['items'][number],
  caller: Caller,
): Promise<BatchHomologationResult> {
  const line = { candidate_id: item.candidate_id };
  try {
    const { numero } = await homologations.homologateWhen(
      caller,
      item.candidate_id,
      async (tx, candidate) => {
        if (candidate.statut !== 'card_received')
          throw new Refusal(NOT_IN_PROGRESS.has(candidate.statut) ? 'card_missing' : 'not_in_progress');
        const evidence = (await evidenceOf(tx, [candidate.id])).get(candidate.id)!;
        const decision = batchDecision(
          {
            cardReceived: true,
            track: evidence.track && {
              complete: evidence.track.verdict === 'complete',
              flagCount: evidence.track.flags.length,
              day: evidence.track.day,
            },
            stamps: evidence.stamps && {
              complete: evidence.stamps.complete,
              flagCount: evidence.stamps.flags.length,
              day: evidence.stamps.day,
            },
            requestOpen: evidence.request !== null && evidence.request.answered_at === null,
          },
          item.date_passage,
        );
        if ('refused' in decision) throw new Refusal(decision.refused);
        return { date_passage: decision.day, epreuve_realisee: candidate.epreuve, commentaire: '' };
      },
    );
    return { ...line, status: 'homologated', numero };
  } catch (error) {
    if (error instanceof Refusal) return { ...line, status: 'refused', code: error.code };
    if (error instanceof AppError) {
      if (error.code === 'already_homologated') return { ...line, status: 'skipped', code: error.code };
      if (error.code === 'not_found') return { ...line, status: 'refused', code: 'not_found' };
      if (error.code === 'validation') return { ...line, status: 'refused', code: 'date_invalid' };
    }
    throw error;
  }
}

/** The stored run of this key, or null when this call is to run it (its row is then claimed). */
async function claim(db: Database, actorId: number, key: string, requestHash: string) {
  try {
    await db.insert(homologationBatches).values({ actorId, idempotencyKey: key, requestHash });
    return null;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const where = and(eq(homologationBatches.actorId, actorId), eq(homologationBatches.idempotencyKey, key));
  const [stored] = await db.select().from(homologationBatches).where(where);
  if (!stored || stored.requestHash !== requestHash)
    throw new AppError(422, 'idempotency_key_reused', 'This Idempotency-Key was used for other items');
  if (stored.results) return stored.results as BatchHomologationResult[];
  if (Date.now() - stored.createdAt.getTime() < INTERRUPTED_AFTER_MS)
    throw new AppError(409, 'batch_in_progress', 'This batch is still running');
  await db.update(homologationBatches).set({ createdAt: new Date() }).where(where);
  return null;
}

export function createHomologationBatchService(deps: { db: Database; homologations: Homologations }) {
  const { db, homologations } = deps;
  return {
    async homologateBatch(
      caller: Caller,
      body: HomologationBatchBody,
      idempotencyKey?: string,
    ): Promise<{ results: BatchHomologationResult[] }> {
      permitted(caller, 'homologations.decide');
      // A key is kept per administrator: a club tool sends none.
      const keyed = idempotencyKey
        ? { actorId: permittedPerson(caller, 'homologations.decide').id, key: idempotencyKey }
        : null;
      const requestHash = createHash('sha256').update(JSON.stringify(body.items)).digest('hex');
      if (keyed) {
        const stored = await claim(db, keyed.actorId, keyed.key, requestHash);
        if (stored) return { results: stored };
      }
      const results: BatchHomologationResult[] = [];
      // In the order given, so that the numbers follow the volunteer's list.
      for (const item of body.items) results.push(await homologateItem(homologations, item, caller));
      if (keyed) {
        await db
          .update(homologationBatches)
          .set({ results })
          .where(
            and(
              eq(homologationBatches.actorId, keyed.actorId),
              eq(homologationBatches.idempotencyKey, keyed.key),
            ),
          );
      }
      return { results };
    },
  };
}
