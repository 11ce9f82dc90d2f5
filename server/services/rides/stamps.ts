/**
 * The electronic route card (issue 43, decision 0049): the stamps a rider's phone sends, judged again here
 * (domain/route-card/stamp-checks.ts) and kept, accepted or refused, once each (`client_id`). The buyer of the
 * registration sends and reads them; the president and the desk read them beside the card.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { RouteCard, RouteCardStamp, StampResult, StampsSent } from '../../../contracts/stamps.ts';
import { readsRouteCards } from '../../../domain/permissions.ts';
import { CONTROLS, isControlId } from '../../../domain/route-card/controls.ts';
import { routeCardProgress, type SequenceStamp } from '../../../domain/route-card/sequence.ts';
import { STAMPABLE_STATUSES } from '../../../domain/evidence.ts';
import { cardDay, judgeStamp } from '../../../domain/route-card/stamp-checks.ts';
import type { StampsBody } from '../../../domain/schemas/stamps.ts';
import type { ChallengeId } from '../../../domain/ventoux.ts';
import type { Database } from '../../db/client.ts';
import { candidates, orders, routeCardStamps } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { type Caller, signedIn } from '../guards.ts';

type StampRow = typeof routeCardStamps.$inferSelect;

const CONTROLS_ANSWER = CONTROLS.map(({ id, road, kind, lat, lon, radiusM }) => ({
  id,
  road,
  kind,
  lat,
  lon,
  radius_m: radiusM,
}));

/** An accepted stamp as the sequence reads it, with its row. */
interface KeptStamp extends SequenceStamp {
  readonly rowId: number;
}

/** The accepted stamps as the sequence reads them. */
function acceptedOf(rows: readonly StampRow[]): KeptStamp[] {
  return rows.flatMap((row) =>
    row.status === 'accepted' && isControlId(row.control)
      ? [{ control: row.control, at: row.at, rowId: row.id }]
      : [],
  );
}

/**
 * Marks the stamp that made the card complete for its challenge (its last summit), once: what the desk's list
 * reads in SQL. Returns whether the card is complete.
 */
async function markComplete(
  tx: Database,
  candidate: { id: number; epreuve: ChallengeId },
  accepted: readonly KeptStamp[],
): Promise<boolean> {
  const { complete, ascents } = routeCardProgress(candidate.epreuve, accepted);
  const last = ascents.at(-1);
  if (complete && last) {
    await tx
      .update(routeCardStamps)
      .set({ completes: candidate.epreuve })
      .where(and(eq(routeCardStamps.id, last.summit.rowId), isNull(routeCardStamps.completes)));
  }
  return complete;
}

const stampAnswer = (row: StampRow): RouteCardStamp => ({
  id: row.id,
  client_id: row.clientId,
  control: row.control,
  at: row.at.toISOString(),
  received_at: row.receivedAt.toISOString(),
  lat: row.lat,
  lon: row.lon,
  accuracy_m: row.accuracyM,
  status: row.status,
  code: row.code,
  flags: row.flags,
});

const resultOf = (row: StampRow): StampResult => ({
  client_id: row.clientId,
  status: row.status,
  ...(row.code ? { code: row.code } : {}),
});

/** The candidate with its buyer; `lock` holds it until the transaction ends (one send judged at a time). */
async function registration(db: Database, candidateId: number, lock = false) {
  const query = db
    .select({
      id: candidates.id,
      epreuve: candidates.epreuve,
      statut: candidates.statut,
      ownerId: orders.userId,
    })
    .from(candidates)
    .innerJoin(orders, eq(orders.id, candidates.orderId))
    .where(eq(candidates.id, candidateId));
  const [row] = lock ? await query.for('update', { of: candidates }) : await query;
  return row ?? null;
}

const stampsOf = (db: Database, candidateId: number) =>
  db
    .select()
    .from(routeCardStamps)
    .where(eq(routeCardStamps.candidateId, candidateId))
    .orderBy(asc(routeCardStamps.at), asc(routeCardStamps.id));

/** Judges and stores one stamp not seen before; the accepted list grows with it. */
async function keepStamp(
  tx: Database,
  candidate: { id: number; epreuve: ChallengeId; open: boolean; day: string | null },
  stamp: StampsBody['stamps'][number],
  accepted: KeptStamp[],
  now: Date,
): Promise<StampRow> {
  const judged = judgeStamp(
    { control: stamp.control, at: stamp.at, lat: stamp.lat, lon: stamp.lon, accuracyM: stamp.accuracy_m },
    { challenge: candidate.epreuve, open: candidate.open, accepted, day: candidate.day, now },
  );
  const [row] = await tx
    .insert(routeCardStamps)
    .values({
      candidateId: candidate.id,
      clientId: stamp.client_id,
      control: stamp.control,
      at: stamp.at,
      receivedAt: now,
      lat: stamp.lat,
      lon: stamp.lon,
      accuracyM: stamp.accuracy_m,
      status: judged.status,
      code: judged.status === 'refused' ? judged.code : null,
      flags: judged.status === 'accepted' ? [...judged.flags] : [],
    })
    .returning();
  if (judged.status === 'accepted') accepted.push({ control: judged.control, at: stamp.at, rowId: row!.id });
  return row!;
}

export function createStampsService({ db }: { db: Database }) {
  return {
    /** The route card for its buyer, the president or the desk; 404 for anyone else. */
    async routeCard(candidateId: number, caller: Caller): Promise<RouteCard> {
      const user = signedIn(caller);
      const candidate = await registration(db, candidateId);
      if (!candidate || (candidate.ownerId !== user.id && !readsRouteCards(user))) throw notFound();
      const rows = await stampsOf(db, candidateId);
      const progress = routeCardProgress(candidate.epreuve, acceptedOf(rows));
      return {
        candidate_id: candidate.id,
        epreuve: candidate.epreuve,
        open: STAMPABLE_STATUSES.includes(candidate.statut),
        controls: CONTROLS_ANSWER,
        expected: [...progress.expected],
        stamps: rows.map(stampAnswer),
        complete: progress.complete,
      };
    },

    /**
     * Stamps from the buyer's phone, judged in the order they were taken and kept; a stamp already received (its
     * `client_id`) answers what it was then and stores nothing. 404 for anyone but the buyer.
     */
    async send(candidateId: number, caller: Caller, body: StampsBody, now = new Date()): Promise<StampsSent> {
      const user = signedIn(caller);
      return db.transaction(async (tx) => {
        const candidate = await registration(tx, candidateId, true);
        if (!candidate || candidate.ownerId !== user.id) throw notFound();
        const stored = await stampsOf(tx, candidateId);
        const known = new Map(stored.map((row) => [row.clientId, row]));
        const accepted = acceptedOf(stored);
        const open = STAMPABLE_STATUSES.includes(candidate.statut);
        const fresh = body.stamps.filter((stamp) => !known.has(stamp.client_id));
        const day = cardDay(
          accepted,
          fresh.map((stamp) => stamp.at),
        );
        const byTime = fresh.sort((a, b) => a.at.getTime() - b.at.getTime());
        for (const stamp of byTime) {
          const row = await keepStamp(tx, { ...candidate, open, day }, stamp, accepted, now);
          known.set(row.clientId, row);
        }
        return {
          results: body.stamps.map((stamp) => resultOf(known.get(stamp.client_id)!)),
          complete: await markComplete(tx, candidate, accepted),
        };
      });
    },
  };
}
