/**
 * `duplicate_track`: the same ride attached to two registrations (decision 0038). Matches are found when read,
 * from the fingerprints stored beside each attached file, so they always hold both ways: attaching B after A
 * flags both, and replacing or deleting either track ends the match, with nothing to keep in step.
 */
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { candidateReference } from '../../../domain/references.ts';
import type { TrackFlag } from '../../../domain/schemas/track.ts';
import { FINGERPRINT_RULES } from '../../../domain/track/fingerprint.ts';
import type { Database } from '../../db/client.ts';

/**
 * The pairs of attached rides whose fingerprints overlap (`mine`, `theirs`, with the count they share as
 * `overlap.shared`): the GIN index finds the overlapping ones, the count decides (`SAME_RIDE`, the rule of
 * `sameRide`).
 */
const SAME_RIDE_PAIRS = sql`
    from candidate_tracks mine
    join candidate_tracks theirs
      on theirs.candidate_id <> mine.candidate_id and theirs.fingerprint && mine.fingerprint
    cross join lateral (
      select count(*)::int as shared
      from (select unnest(mine.fingerprint) intersect select unnest(theirs.fingerprint)) as common
    ) as overlap`;
const SAME_RIDE = sql`overlap.shared >= ${FINGERPRINT_RULES.minShared}
      and overlap.shared >= ${FINGERPRINT_RULES.minSharedShare}::float8
        * least(cardinality(mine.fingerprint), cardinality(theirs.fingerprint))`;

/** Whether the ride attached to the candidate `candidateId` (a column of the outer query) is attached elsewhere too. */
export function hasDuplicateSql(candidateId: SQL | AnyColumn): SQL {
  return sql`exists (select 1 ${SAME_RIDE_PAIRS} where mine.candidate_id = ${candidateId} and ${SAME_RIDE})`;
}

interface DuplicateRow {
  candidate_id: number;
  other_order_id: number | null;
  other_index: number;
  other_owner_id: number | null;
}

/**
 * The `duplicate_track` flags of each candidate (candidates without one are absent from the map), in one query.
 * With `readerId` (a buyer reading their own registration), the reference of a registration that belongs to
 * someone else is left out: the buyer learns that the ride is attached elsewhere, not to whom.
 */
export async function duplicateFlagsOf(
  db: Database,
  candidateIds: readonly number[],
  { readerId }: { readerId?: number } = {},
): Promise<Map<number, TrackFlag[]>> {
  const flags = new Map<number, TrackFlag[]>();
  if (candidateIds.length === 0) return flags;
  const ids = sql.join(
    candidateIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select mine.candidate_id, other.order_id as other_order_id, other.commande_index as other_index,
      other_order.user_id as other_owner_id
    ${SAME_RIDE_PAIRS}
    join candidates other on other.id = theirs.candidate_id
    left join orders other_order on other_order.id = other.order_id
    where mine.candidate_id in (${ids}) and ${SAME_RIDE}
    order by mine.candidate_id, other.order_id, other.commande_index`);
  for (const row of (result as unknown as { rows: DuplicateRow[] }).rows) {
    const visible = readerId === undefined || row.other_owner_id === readerId;
    const flag: TrackFlag = {
      code: 'duplicate_track',
      ...(visible ? { reference: candidateReference(row.other_order_id, row.other_index) } : {}),
    };
    flags.set(row.candidate_id, [...(flags.get(row.candidate_id) ?? []), flag]);
  }
  return flags;
}
