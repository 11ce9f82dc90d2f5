/**
 * `duplicate_track`: the same ride attached to two registrations (decision 0038). Matches are found when read,
 * from the fingerprints stored beside each attached file, so they always hold both ways: attaching B after A
 * flags both, and replacing or deleting either track ends the match, with nothing to keep in step.
 */
import { sql } from 'drizzle-orm';
import { candidateReference } from '../../domain/references.ts';
import type { TrackFlag } from '../../domain/schemas/track.ts';
import { FINGERPRINT_RULES } from '../../domain/track/fingerprint.ts';
import type { Database } from '../db/client.ts';

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
  // The GIN index finds the overlapping fingerprints; the shared count decides (the rule of `sameRide`).
  const result = await db.execute(sql`
    select mine.candidate_id, other.order_id as other_order_id, other.commande_index as other_index,
      other_order.user_id as other_owner_id
    from candidate_tracks mine
    join candidate_tracks theirs
      on theirs.candidate_id <> mine.candidate_id and theirs.fingerprint && mine.fingerprint
    join candidates other on other.id = theirs.candidate_id
    left join orders other_order on other_order.id = other.order_id
    cross join lateral (
      select count(*)::int as shared
      from (select unnest(mine.fingerprint) intersect select unnest(theirs.fingerprint)) as common
    ) as overlap
    where mine.candidate_id in (${ids})
      and overlap.shared >= ${FINGERPRINT_RULES.minShared}
      and overlap.shared >= ${FINGERPRINT_RULES.minSharedShare}::float8
        * least(cardinality(mine.fingerprint), cardinality(theirs.fingerprint))
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
