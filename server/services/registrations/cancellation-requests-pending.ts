/**
 * While a buyer's cancellation request is open, no volunteer sends the kit it names (issue 48): the admin lists
 * show the request on the row, and printing, labels, emailing the documents and marking the kit processed answer
 * 409 `cancellation_requested` for it. The refusal is here, called by each of those services, so a page, the API
 * and the CLI meet the same one.
 */
import { type SQL, and, inArray, sql } from 'drizzle-orm';
import { candidateReference } from '../../../domain/references.ts';
import type { Database } from '../../db/client.ts';
import { cancellationRequests, candidates } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';

/** The open requests that name this candidate (a column of the outer query, usually `candidates.id`). */
function openRequestsOf(candidateId: SQL | typeof candidates.id) {
  return sql`from ${cancellationRequests}
    where ${cancellationRequests.status} = 'open'
      and ${cancellationRequests.candidateIds} @> jsonb_build_array(${candidateId})`;
}

/**
 * The candidate's open request, for a list row: its id and when the buyer asked (ISO 8601 in UTC), each null
 * when there is none. The oldest request first, should two ever name the same candidate.
 */
export const openCancellationRequestColumns = {
  id: sql<
    number | null
  >`(select ${cancellationRequests.id} ${openRequestsOf(candidates.id)} order by ${cancellationRequests.id} limit 1)`,
  askedAt: sql<string | null>`(select to_char(${cancellationRequests.createdAt} at time zone 'UTC',
      'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') ${openRequestsOf(candidates.id)} order by ${cancellationRequests.id} limit 1)`,
};

/** The request as a list row carries it. */
export function presentOpenRequest(
  columns: { id: number | null; askedAt: string | null } | null | undefined,
) {
  return columns?.id != null && columns.askedAt != null
    ? { id: columns.id, asked_at: columns.askedAt }
    : null;
}

/**
 * Refuses a batch that names a registration whose buyer asked to cancel: the whole batch, so that nothing of it is
 * half done, with each such registration named (its position in `ids` as a field, its reference in the message).
 */
export async function refuseWhileCancellationRequested(tx: Database, ids: readonly number[]) {
  if (ids.length === 0) return;
  const requested = await tx
    .select({ id: candidates.id, orderId: candidates.orderId, index: candidates.commande_index })
    .from(candidates)
    .where(and(inArray(candidates.id, [...ids]), sql`exists (select 1 ${openRequestsOf(candidates.id)})`));
  if (requested.length === 0) return;
  const fields: Record<string, string> = {};
  ids.forEach((id, position) => {
    if (requested.some((row) => row.id === id))
      fields[`ids.${position}`] = 'validation:cancellation_requested';
  });
  const references = requested.map((row) => candidateReference(row.orderId, row.index)).sort();
  throw new AppError(
    409,
    'cancellation_requested',
    `The buyer asked to cancel ${references.join(', ')}: decide the request first`,
    { fields },
  );
}
