/**
 * The admin lists of candidates (docs/API.md): server-side paged, searched, sorted and filtered, and the same
 * selection as a CSV file. The row query and its shape are shared with the candidate's file (admin-candidate-file.ts)
 * and the dashboard's counts (admin-dashboard.ts).
 */
import { type SQL, and, asc, count, desc, eq, gte, ilike, inArray, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  candidateReference,
  parseCandidateReference,
  parseOrderReference,
} from '../../../domain/references.ts';
import type { AdminCandidatesQuery, AdminCsvQuery } from '../../../domain/schemas/admin.ts';
import { ADMIN_LISTS, type AdminListId } from '../../../domain/statuses.ts';
import type { Database } from '../../db/client.ts';
import { auditLog, candidates, homologations, orders, users } from '../../db/schema/index.ts';
import type { CandidatePage, CandidateRow } from '../../../contracts/admin.ts';
import { evidenceCondition, evidenceOf, evidenceRankSql } from '../homologations/evidence.ts';
import {
  openCancellationRequestColumns,
  presentOpenRequest,
} from '../registrations/cancellation-requests-pending.ts';
import { candidatesCsv } from './candidates-csv.ts';
import { listPermission } from '../../../domain/permissions.ts';
import { type Caller, permitted } from '../guards.ts';

const homologateur = alias(users, 'homologateur');
const rejector = alias(users, 'rejector');

/** Who rejected the candidate last: a rejection, or an administrator's cancellation of a homologation. */
const lastRejectorId = sql<number | null>`(
  select ${auditLog.actorId} from ${auditLog}
  where ${auditLog.entity} = 'candidate' and ${auditLog.entityId} = ${candidates.id}::text
    and ${auditLog.action} in ('candidate.rejected', 'homologation.cancelled')
  order by ${auditLog.id} desc limit 1)`;

const SORT_COLUMNS = {
  reference: [candidates.orderId, candidates.commande_index],
  nom: [candidates.nom, candidates.prenom],
  epreuve: [candidates.epreuve],
  created_at: [candidates.createdAt],
  date_livraison: [orders.date_livraison],
  statut: [candidates.statut],
  numero: [homologations.numero],
  date_passage: [homologations.date_passage],
  evidence: [evidenceRankSql],
} as const;

/** The candidates of one admin list (ADMIN_LISTS); the query must join `orders`. */
export function listCondition(list: AdminListId): SQL {
  const definition: { statuses: readonly string[]; deliveryMode: string | null } = ADMIN_LISTS[list];
  const byStatus = inArray(candidates.statut, [
    ...definition.statuses,
  ] as (typeof candidates.$inferSelect.statut)[]);
  return definition.deliveryMode
    ? and(byStatus, eq(orders.mode_livraison, definition.deliveryMode as 'postal'))!
    : byStatus;
}

/** Name, email or reference: a reference is looked up exactly, anything else as a part of a name or email. */
function searchCondition(q: string): SQL | undefined {
  const candidateRef = parseCandidateReference(q);
  if (candidateRef)
    return and(
      eq(candidates.orderId, candidateRef.orderId),
      eq(candidates.commande_index, candidateRef.index),
    );
  const orderId = parseOrderReference(q);
  if (orderId) return eq(candidates.orderId, orderId);
  const pattern = `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return or(
    ilike(candidates.nom, pattern),
    ilike(candidates.prenom, pattern),
    ilike(candidates.email, pattern),
    ilike(sql`${candidates.prenom} || ' ' || ${candidates.nom}`, pattern),
  );
}

function filters(query: Omit<AdminCandidatesQuery, 'page' | 'pageSize' | 'sort' | 'order'>) {
  const conditions: SQL[] = [listCondition(query.list)];
  if (query.q) {
    const search = searchCondition(query.q);
    if (search) conditions.push(search);
  }
  if (query.epreuve) conditions.push(eq(candidates.epreuve, query.epreuve as 'cingle'));
  if (query.from) conditions.push(gte(candidates.createdAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) conditions.push(lte(candidates.createdAt, new Date(`${query.to}T23:59:59.999Z`)));
  if (query.evidence) conditions.push(evidenceCondition(query.evidence));
  return and(...conditions);
}

function ordering(query: Pick<AdminCandidatesQuery, 'sort' | 'order'>) {
  const direction = query.order === 'desc' ? desc : asc;
  return [...SORT_COLUMNS[query.sort].map((column) => direction(column)), direction(candidates.id)];
}

const listColumns = {
  candidate: candidates,
  order: {
    mode_livraison: orders.mode_livraison,
    date_livraison: orders.date_livraison,
    point_retrait: orders.point_retrait,
  },
  homologation: {
    id: homologations.id,
    numero: homologations.numero,
    epreuve: homologations.epreuve,
    date_passage: homologations.date_passage,
    diplomaCode: homologations.diplomaCode,
  },
  homologateur: {
    id: homologateur.id,
    prenom: homologateur.prenom,
    nom: homologateur.nom,
    president: homologateur.president,
  },
  rejector: { id: rejector.id, prenom: rejector.prenom, nom: rejector.nom },
  cancellationRequest: openCancellationRequestColumns,
};

type ListRow = {
  candidate: typeof candidates.$inferSelect;
  order: {
    mode_livraison: string | null;
    date_livraison: string | null;
    point_retrait: string | null;
  } | null;
  homologation: {
    id: number | null;
    numero: number | null;
    epreuve: string | null;
    date_passage: string | null;
    diplomaCode: string | null;
  } | null;
  homologateur: {
    id: number | null;
    prenom: string | null;
    nom: string | null;
    president: boolean | null;
  } | null;
  rejector: { id: number | null; prenom: string | null; nom: string | null } | null;
  cancellationRequest?: { id: number | null; askedAt: string | null } | null;
};

const personOf = (person: { id: number | null; prenom: string | null; nom: string | null } | null) =>
  person?.id != null ? { id: person.id, name: `${person.prenom ?? ''} ${person.nom ?? ''}`.trim() } : null;

/**
 * One row of a list: the candidate, their delivery, their homologation with who certified it, and the buyer's open
 * request to cancel it.
 */
export function presentCandidateRow(row: ListRow): CandidateRow {
  const { candidate } = row;
  return {
    id: candidate.id,
    reference: candidateReference(candidate.orderId, candidate.commande_index),
    nom: candidate.nom,
    prenom: candidate.prenom,
    email: candidate.email,
    epreuve: candidate.epreuve,
    created_at: candidate.createdAt.toISOString(),
    date_livraison: row.order?.date_livraison ?? null,
    mode_livraison: row.order?.mode_livraison ?? null,
    point_retrait: row.order?.point_retrait ?? null,
    statut: candidate.statut,
    ville: candidate.ville,
    pays: candidate.pays,
    rejectionReason: candidate.rejectionReason,
    rejectedBy: candidate.statut === 'rejected' ? personOf(row.rejector) : null,
    homologation:
      row.homologation?.id != null
        ? {
            id: row.homologation.id,
            numero: row.homologation.numero!,
            epreuve: row.homologation.epreuve!,
            date_passage: row.homologation.date_passage,
            diploma_code: row.homologation.diplomaCode!,
            homologateur:
              row.homologateur?.id != null
                ? { ...personOf(row.homologateur)!, president: Boolean(row.homologateur.president) }
                : null,
          }
        : null,
    cancellation_request: presentOpenRequest(row.cancellationRequest),
  };
}

/** The rows presentCandidateRow reads, for a `.where(…)` to narrow. */
export function candidateRows(db: Database) {
  return db
    .select(listColumns)
    .from(candidates)
    .leftJoin(orders, eq(orders.id, candidates.orderId))
    .leftJoin(homologations, eq(homologations.candidateId, candidates.id))
    .leftJoin(homologateur, eq(homologateur.id, homologations.homologateurId))
    .leftJoin(rejector, eq(rejector.id, lastRejectorId));
}

/** Administrators only (guards.ts), each operation checking its caller. */
export function createAdminListsService(deps: { db: Database }) {
  const { db } = deps;
  return {
    async listCandidates(caller: Caller, query: AdminCandidatesQuery): Promise<CandidatePage> {
      permitted(caller, listPermission(query.list));
      const where = filters(query);
      const [rows, [totals]] = await Promise.all([
        candidateRows(db)
          .where(where)
          .orderBy(...ordering(query))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db
          .select({ total: count() })
          .from(candidates)
          .leftJoin(orders, eq(orders.id, candidates.orderId))
          .where(where),
      ]);
      const items = rows.map(presentCandidateRow);
      // The returned cards are judged on their evidence: the list shows it beside each.
      if (query.list === 'in_progress') {
        const evidence = await evidenceOf(
          db,
          items.map((item) => item.id),
        );
        for (const item of items) item.evidence = evidence.get(item.id);
      }
      return {
        items,
        total: totals?.total ?? 0,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async exportCsv(caller: Caller, query: Omit<AdminCsvQuery, 'page' | 'pageSize'>): Promise<string> {
      permitted(caller, listPermission(query.list));
      const rows = await candidateRows(db)
        .where(filters(query))
        .orderBy(...ordering(query))
        .limit(50_000);
      return candidatesCsv(rows.map(presentCandidateRow), query.lang);
    },
  };
}
