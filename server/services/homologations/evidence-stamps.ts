/**
 * The electronic route card as evidence beside a returned card (decision 0049): for each candidate with accepted
 * stamps, whether they complete the registered challenge, how many there are, where a stamp would count next,
 * their flags and their day. Worked out from the stamps by the same sequence the rider's page follows.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { StampsEvidence } from '../../../contracts/admin.ts';
import { calendarDateOf } from '../../../domain/dates.ts';
import { isControlId } from '../../../domain/route-card/controls.ts';
import { type SequenceStamp, routeCardProgress } from '../../../domain/route-card/sequence.ts';
import { STAMP_FLAGS, type StampFlag } from '../../../domain/route-card/stamp-checks.ts';
import type { ChallengeId } from '../../../domain/ventoux.ts';
import type { Database } from '../../db/client.ts';
import { candidates, routeCardStamps } from '../../db/schema/index.ts';

export async function stampsEvidenceOf(
  db: Database,
  ids: readonly number[],
): Promise<Map<number, StampsEvidence>> {
  const rows = await db
    .select({
      candidateId: routeCardStamps.candidateId,
      epreuve: candidates.epreuve,
      control: routeCardStamps.control,
      at: routeCardStamps.at,
      flags: routeCardStamps.flags,
    })
    .from(routeCardStamps)
    .innerJoin(candidates, eq(candidates.id, routeCardStamps.candidateId))
    .where(and(inArray(routeCardStamps.candidateId, [...ids]), eq(routeCardStamps.status, 'accepted')))
    .orderBy(asc(routeCardStamps.at));
  const byCandidate = new Map<
    number,
    { epreuve: ChallengeId; stamps: SequenceStamp[]; flags: Set<StampFlag> }
  >();
  for (const row of rows) {
    if (!isControlId(row.control)) continue;
    const entry = byCandidate.get(row.candidateId) ?? { epreuve: row.epreuve, stamps: [], flags: new Set() };
    entry.stamps.push({ control: row.control, at: row.at });
    for (const flag of row.flags) entry.flags.add(flag);
    byCandidate.set(row.candidateId, entry);
  }
  const evidence = new Map<number, StampsEvidence>();
  for (const [candidateId, { epreuve, stamps, flags }] of byCandidate) {
    const progress = routeCardProgress(epreuve, stamps);
    evidence.set(candidateId, {
      complete: progress.complete,
      count: stamps.length,
      expected: [...progress.expected],
      flags: STAMP_FLAGS.filter((flag) => flags.has(flag)),
      day: calendarDateOf(stamps[0]!.at),
    });
  }
  return evidence;
}
