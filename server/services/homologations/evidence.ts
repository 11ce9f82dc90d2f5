/**
 * The evidence beside each returned route card (domain/evidence.ts): the card, the attached ride's verdict for the
 * registered challenge, its plausibility flags, the electronic route card's stamps, and the club's latest request
 * to the rider. The state is one SQL
 * expression, so that the list filters, sorts and pages on it in the database and shows what it filtered on.
 */
import { type SQL, desc, eq, inArray, sql } from 'drizzle-orm';
import type { CandidateEvidence } from '../../../contracts/admin.ts';
import { EVIDENCE_STATES, type EvidenceFilter, type EvidenceState } from '../../../domain/evidence.ts';
import type { TrackFlag, Verdict } from '../../../domain/schemas/track.ts';
import type { Database } from '../../db/client.ts';
import { candidateTracks, candidates, evidenceRequests, routeCardStamps } from '../../db/schema/index.ts';
import { duplicateFlagsOf, hasDuplicateSql } from '../rides/track-duplicates.ts';
import { stampsEvidenceOf } from './evidence-stamps.ts';

/** The attached ride's flags (its own, or the same ride attached elsewhere), for the row of `candidates`. */
const trackFlagged = sql`(exists (select 1 from ${candidateTracks} where ${candidateTracks.candidateId} = ${candidates.id} and jsonb_array_length(coalesce(${candidateTracks.analysis} -> 'flags', '[]'::jsonb)) > 0) or ${hasDuplicateSql(candidates.id)})`;
const requestOpen = sql`exists (select 1 from ${evidenceRequests} where ${evidenceRequests.candidateId} = ${candidates.id} and ${evidenceRequests.answeredAt} is null)`;
const trackAttached = sql`exists (select 1 from ${candidateTracks} where ${candidateTracks.candidateId} = ${candidates.id})`;
/** A stamp accepted with a flag (decision 0049). */
const stampsFlagged = sql`exists (select 1 from ${routeCardStamps} where ${routeCardStamps.candidateId} = ${candidates.id} and ${routeCardStamps.status} = 'accepted' and cardinality(${routeCardStamps.flags}) > 0)`;
const stampsAccepted = sql`exists (select 1 from ${routeCardStamps} where ${routeCardStamps.candidateId} = ${candidates.id} and ${routeCardStamps.status} = 'accepted')`;
/** The stamps completed the registered challenge (the completing stamp is marked when it arrives). */
const stampsComplete = sql`exists (select 1 from ${routeCardStamps} where ${routeCardStamps.candidateId} = ${candidates.id} and ${routeCardStamps.completes} = ${candidates.epreuve})`;
const trackComplete = sql`exists (select 1 from ${candidateTracks} where ${candidateTracks.candidateId} = ${candidates.id} and ${candidateTracks.analysis} -> 'verdict' ->> ${candidates.epreuve}::text = 'complete')`;

/**
 * domain/evidence.ts's states, first that applies: an open request before a flag, so that the president sees whom
 * they are waiting for.
 */
export const evidenceStateSql: SQL<EvidenceState> = sql<EvidenceState>`(case
  when ${requestOpen} then 'requested'
  when ${trackFlagged} or ${stampsFlagged} then 'flagged'
  when not ${trackAttached} and not ${stampsAccepted} then 'missing'
  when ${candidates.statut} = 'card_received' and (${trackComplete} or ${stampsComplete}) then 'clean'
  else 'review' end)`;

/** The list's `evidence=` filter. */
export function evidenceCondition(filter: EvidenceFilter): SQL {
  return sql`${evidenceStateSql} = ${filter}`;
}

/** Sorting by evidence: clean first (the batch's rows), then flagged, requested, review, missing. */
export const evidenceRankSql = sql`array_position(${sql.raw(
  `array[${EVIDENCE_STATES.map((state) => `'${state}'`).join(', ')}]`,
)}::text[], ${evidenceStateSql})`;

const SOURCES = {
  upload: 'file',
  strava: 'strava',
  ridewithgps: 'ridewithgps',
  intervals: 'intervals',
} as const;

/** The evidence of each candidate of `ids` (one query for the cards and rides, one for the requests). */
export async function evidenceOf(
  db: Database,
  ids: readonly number[],
): Promise<Map<number, CandidateEvidence>> {
  if (ids.length === 0) return new Map();
  const [rides, requests, duplicates, stamps] = await Promise.all([
    db
      .select({
        id: candidates.id,
        cardReceivedAt: candidates.cardReceivedAt,
        state: evidenceStateSql,
        source: candidateTracks.source,
        verdict: sql<Verdict | null>`${candidateTracks.analysis} -> 'verdict' ->> ${candidates.epreuve}::text`,
        day: sql<string | null>`${candidateTracks.analysis} ->> 'day'`,
        flags: sql<TrackFlag[] | null>`${candidateTracks.analysis} -> 'flags'`,
      })
      .from(candidates)
      .leftJoin(candidateTracks, eq(candidateTracks.candidateId, candidates.id))
      .where(inArray(candidates.id, [...ids])),
    db
      .select({
        candidateId: evidenceRequests.candidateId,
        askedAt: evidenceRequests.askedAt,
        answeredAt: evidenceRequests.answeredAt,
      })
      .from(evidenceRequests)
      .where(inArray(evidenceRequests.candidateId, [...ids]))
      .orderBy(desc(evidenceRequests.askedAt), desc(evidenceRequests.id)),
    duplicateFlagsOf(db, ids),
    stampsEvidenceOf(db, ids),
  ]);
  const evidence = new Map<number, CandidateEvidence>();
  for (const ride of rides) {
    const latest = requests.find((request) => request.candidateId === ride.id);
    evidence.set(ride.id, {
      state: ride.state,
      card_received_at: ride.cardReceivedAt?.toISOString() ?? null,
      track:
        ride.source && ride.verdict
          ? {
              verdict: ride.verdict,
              source: SOURCES[ride.source],
              day: ride.day,
              flags: [...(ride.flags ?? []), ...(duplicates.get(ride.id) ?? [])],
            }
          : null,
      stamps: stamps.get(ride.id) ?? null,
      request: latest
        ? { asked_at: latest.askedAt.toISOString(), answered_at: latest.answeredAt?.toISOString() ?? null }
        : null,
    });
  }
  return evidence;
}
