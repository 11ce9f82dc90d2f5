/**
 * The volunteers' views and batch actions: the dashboard, the candidate lists of docs/API.md (server-side paged,
 * searched, sorted, filtered), a candidate's file with its history, CSV export, address labels, sending
 * documents and marking kits as processed (print jobs: print-jobs.ts). Every change is audited.
 */
import { stringify } from 'csv-stringify/sync';
import {
  type SQL,
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  lte,
  or,
  sql,
  sum,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  candidateReference,
  orderReference,
  parseCandidateReference,
  parseOrderReference,
} from '../../domain/references.ts';
import type { CandidateDetail, CandidatePage, CandidateRow, DashboardData } from '../../contracts/admin.ts';
import type { AdminCandidatesQuery } from '../../domain/schemas/admin.ts';
import { ADMIN_LISTS, type AdminListId } from '../../domain/statuses.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { auditLog, candidates, documents, homologations, laureates, orders, users } from '../db/schema.ts';
import { renderLabels } from '../documents/labels.ts';
import { notFound } from '../errors.ts';
import { recordAudit } from './audit.ts';
import { emailDocuments } from './documents-mail.ts';
import type { DocumentsService } from './documents.ts';
import type { MailService } from './mail.ts';

const homologateur = alias(users, 'homologateur');
const buyer = alias(users, 'buyer');

const SORT_COLUMNS = {
  reference: [candidates.orderId, candidates.commande_index],
  nom: [candidates.nom, candidates.prenom],
  epreuve: [candidates.epreuve],
  created_at: [candidates.createdAt],
  date_livraison: [orders.date_livraison],
  statut: [candidates.statut],
  numero: [homologations.numero],
  date_passage: [homologations.date_passage],
} as const;

function listCondition(list: AdminListId): SQL {
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

export function createAdminService(deps: {
  db: Database;
  config: Config;
  mail: MailService;
  documents: DocumentsService;
}) {
  const { db, config, mail } = deps;

  function filters(query: Omit<AdminCandidatesQuery, 'page' | 'pageSize' | 'sort' | 'order'>) {
    const conditions: SQL[] = [listCondition(query.list)];
    if (query.q) {
      const search = searchCondition(query.q);
      if (search) conditions.push(search);
    }
    if (query.epreuve) conditions.push(eq(candidates.epreuve, query.epreuve as 'cingle'));
    if (query.from) conditions.push(gte(candidates.createdAt, new Date(`${query.from}T00:00:00Z`)));
    if (query.to) conditions.push(lte(candidates.createdAt, new Date(`${query.to}T23:59:59.999Z`)));
    return and(...conditions);
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
    },
    homologateur: {
      id: homologateur.id,
      prenom: homologateur.prenom,
      nom: homologateur.nom,
      president: homologateur.president,
    },
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
    } | null;
    homologateur: {
      id: number | null;
      prenom: string | null;
      nom: string | null;
      president: boolean | null;
    } | null;
  };

  function presentRow(row: ListRow): CandidateRow {
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
      homologation:
        row.homologation?.id != null
          ? {
              id: row.homologation.id,
              numero: row.homologation.numero!,
              epreuve: row.homologation.epreuve!,
              date_passage: row.homologation.date_passage,
              homologateur:
                row.homologateur?.id != null
                  ? {
                      id: row.homologateur.id,
                      name: `${row.homologateur.prenom ?? ''} ${row.homologateur.nom ?? ''}`.trim(),
                      president: Boolean(row.homologateur.president),
                    }
                  : null,
            }
          : null,
    };
  }

  function baseQuery() {
    return db
      .select(listColumns)
      .from(candidates)
      .leftJoin(orders, eq(orders.id, candidates.orderId))
      .leftJoin(homologations, eq(homologations.candidateId, candidates.id))
      .leftJoin(homologateur, eq(homologateur.id, homologations.homologateurId));
  }

  async function listCandidates(query: AdminCandidatesQuery): Promise<CandidatePage> {
    const where = filters(query);
    const direction = query.order === 'desc' ? desc : asc;
    const [rows, [totals]] = await Promise.all([
      baseQuery()
        .where(where)
        .orderBy(...SORT_COLUMNS[query.sort].map((column) => direction(column)), direction(candidates.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      db
        .select({ total: count() })
        .from(candidates)
        .leftJoin(orders, eq(orders.id, candidates.orderId))
        .where(where),
    ]);
    return {
      items: rows.map(presentRow),
      total: totals?.total ?? 0,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  async function audited(
    ids: number[],
    actorId: number,
    action: string,
    change: (tx: Database, candidate: typeof candidates.$inferSelect) => Promise<unknown>,
  ) {
    return db.transaction(async (tx) => {
      const rows = await tx.select().from(candidates).where(inArray(candidates.id, ids)).for('update');
      let changed = 0;
      for (const candidate of rows) {
        const after = await change(tx, candidate);
        if (after === undefined) continue;
        changed += 1;
        await recordAudit(tx, {
          actorId,
          action,
          entity: 'candidate',
          entityId: candidate.id,
          before: { statut: candidate.statut },
          after,
        });
      }
      return changed;
    });
  }

  return {
    listCandidates,

    async exportCsv(query: Omit<AdminCandidatesQuery, 'page' | 'pageSize'>): Promise<string> {
      const direction = query.order === 'desc' ? desc : asc;
      const rows = await baseQuery()
        .where(filters(query))
        .orderBy(...SORT_COLUMNS[query.sort].map((column) => direction(column)), direction(candidates.id))
        .limit(50_000);
      const header = [
        'reference',
        'nom',
        'prenom',
        'email',
        'epreuve',
        'created_at',
        'date_livraison',
        'mode_livraison',
        'statut',
        'ville',
        'pays',
        'numero',
        'date_passage',
      ];
      const records = rows
        .map(presentRow)
        .map((row) => [
          row.reference,
          row.nom,
          row.prenom,
          row.email,
          row.epreuve,
          row.created_at,
          row.date_livraison ?? '',
          row.mode_livraison ?? '',
          row.statut,
          row.ville,
          row.pays,
          row.homologation?.numero ?? '',
          row.homologation?.date_passage ?? '',
        ]);
      // A byte order mark lets spreadsheet programs read the accents as UTF-8. A text cell that begins with
      // = + - @ tab or carriage return gets a leading quote (OWASP's CSV injection advice), so that a name
      // like =HYPERLINK(…) is shown, never run; number cells (the homologation number) are left as they are.
      return '\uFEFF' + stringify([header, ...records], { escape_formulas: true });
    },

    async candidateDetail(candidateId: number): Promise<CandidateDetail> {
      const [row] = await db
        .select({
          candidate: candidates,
          order: orders,
          buyer: { id: buyer.id, email: buyer.email, nom: buyer.nom, prenom: buyer.prenom },
        })
        .from(candidates)
        .leftJoin(orders, eq(orders.id, candidates.orderId))
        .leftJoin(buyer, eq(buyer.id, orders.userId))
        .where(eq(candidates.id, candidateId));
      if (!row) throw notFound('No such candidate');
      const { candidate, order } = row;
      const [listed] = await baseQuery().where(eq(candidates.id, candidateId));
      const documentRows = await db.select().from(documents).where(eq(documents.candidateId, candidateId));
      const historyConditions = [
        and(eq(auditLog.entity, 'candidate'), eq(auditLog.entityId, String(candidateId))),
      ];
      if (order)
        historyConditions.push(and(eq(auditLog.entity, 'order'), eq(auditLog.entityId, String(order.id))));
      const history = await db
        .select({ entry: auditLog, actor: { id: users.id, prenom: users.prenom, nom: users.nom } })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .where(or(...historyConditions))
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
      // The scan token stays secret even from the admin screens: it is only ever printed as the QR code.
      const {
        scanToken: _secret,
        createdAt,
        updatedAt: _updatedAt,
        processedAt,
        cardReceivedAt,
        documentsSentAt,
        ...fields
      } = candidate;
      return {
        candidate: {
          ...fields,
          reference: candidateReference(candidate.orderId, candidate.commande_index),
          created_at: createdAt.toISOString(),
          processed_at: processedAt?.toISOString() ?? null,
          card_received_at: cardReceivedAt?.toISOString() ?? null,
          documents_sent_at: documentsSentAt?.toISOString() ?? null,
        },
        order: order
          ? {
              id: order.id,
              reference: orderReference(order.id),
              status: order.status,
              mode_livraison: order.mode_livraison,
              date_livraison: order.date_livraison,
              point_retrait: order.point_retrait,
              adresse_livraison: order.adresse_livraison,
              adresse_facturation: order.adresse_facturation,
              buyer: row.buyer,
            }
          : null,
        documents: documentRows.map((document) => ({
          kind: document.kind,
          url: `/documents/${document.id}`,
        })),
        homologation: listed ? presentRow(listed).homologation : null,
        history: history.map(({ entry, actor }) => ({
          id: entry.id,
          action: entry.action,
          actor: actor?.id != null ? { id: actor.id, name: `${actor.prenom} ${actor.nom}`.trim() } : null,
          createdAt: entry.createdAt.toISOString(),
          before: entry.before,
          after: entry.after,
        })),
      };
    },

    async dashboard(now = new Date()): Promise<DashboardData> {
      const seasonStart = new Date(Date.UTC(now.getUTCFullYear(), 0, 1));
      const seasonEnd = new Date(Date.UTC(now.getUTCFullYear() + 1, 0, 1));
      const yearAgo = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
      const listCount = async (list: AdminListId) => {
        const [row] = await db
          .select({ total: count() })
          .from(candidates)
          .leftJoin(orders, eq(orders.id, candidates.orderId))
          .where(listCondition(list));
        return row?.total ?? 0;
      };
      const [
        traitements,
        email,
        retrait,
        inProgress,
        [season],
        [laureatesRow],
        registrations,
        homologated,
        latest,
      ] = await Promise.all([
        listCount('traitements'),
        listCount('email'),
        listCount('retrait'),
        listCount('in_progress'),
        db
          .select({ orders: count(), revenue: sum(orders.totalCents) })
          .from(orders)
          .where(
            and(eq(orders.status, 'paid'), gte(orders.paidAt, seasonStart), lte(orders.paidAt, seasonEnd)),
          ),
        db.select({ total: count() }).from(laureates),
        db
          .select({ month: sql<string>`to_char(${orders.paidAt}, 'YYYY-MM')`, total: count() })
          .from(candidates)
          .innerJoin(orders, eq(orders.id, candidates.orderId))
          .where(and(isNotNull(orders.paidAt), gte(orders.paidAt, yearAgo)))
          .groupBy(sql`1`),
        db
          .select({ month: sql<string>`to_char(${homologations.homologatedAt}, 'YYYY-MM')`, total: count() })
          .from(homologations)
          .where(gte(homologations.homologatedAt, yearAgo))
          .groupBy(sql`1`),
        db
          .select({ entry: auditLog, actor: { id: users.id, prenom: users.prenom, nom: users.nom } })
          .from(auditLog)
          .leftJoin(users, eq(users.id, auditLog.actorId))
          .orderBy(desc(auditLog.id))
          .limit(10),
      ]);
      const monthly = Array.from({ length: 12 }, (_, index) => {
        const date = new Date(Date.UTC(yearAgo.getUTCFullYear(), yearAgo.getUTCMonth() + index, 1));
        const month = date.toISOString().slice(0, 7);
        return {
          month,
          registrations: registrations.find((row) => row.month === month)?.total ?? 0,
          homologations: homologated.find((row) => row.month === month)?.total ?? 0,
        };
      });
      return {
        counts: { traitements, email, retrait, in_progress: inProgress },
        season: {
          from: seasonStart.toISOString().slice(0, 10),
          to: new Date(seasonEnd.getTime() - 1).toISOString().slice(0, 10),
          orders: season?.orders ?? 0,
          revenueCents: Number(season?.revenue ?? 0),
          currency: 'EUR',
        },
        laureatesTotal: laureatesRow?.total ?? 0,
        monthly,
        latestActions: latest.map(({ entry, actor }) => ({
          id: entry.id,
          action: entry.action,
          entity: entry.entity,
          entityId: entry.entityId,
          actor: actor?.id != null ? { id: actor.id, name: `${actor.prenom} ${actor.nom}`.trim() } : null,
          createdAt: entry.createdAt.toISOString(),
        })),
      };
    },

    /** Kits posted, emailed or handed over: to_process -> processed. */
    async markProcessed(ids: number[], actorId: number) {
      return audited(ids, actorId, 'candidate.processed', async (tx, candidate) => {
        if (candidate.statut !== 'to_process') return undefined;
        await tx
          .update(candidates)
          .set({ statut: 'processed', processedAt: new Date(), updatedAt: new Date() })
          .where(eq(candidates.id, candidate.id));
        return { statut: 'processed' };
      });
    },

    /**
     * Emails each paid candidate their route card and frame plate: the kits the automatic sending after payment
     * could not send, or, on the administrator's explicit and confirmed request, once more.
     */
    async sendDocuments(ids: number[], actorId: number) {
      const rows = await db
        .select({ candidate: candidates, locale: orders.locale, mode_livraison: orders.mode_livraison })
        .from(candidates)
        .innerJoin(orders, eq(orders.id, candidates.orderId))
        .where(and(inArray(candidates.id, ids), eq(orders.status, 'paid')));
      const documentRows = await deps.documents.ensureFor(
        rows.map((row) => row.candidate.id),
        { render: true },
      );
      await db.transaction(async (tx) => {
        for (const { candidate, locale, mode_livraison } of rows) {
          if (candidate.orderId === null) continue;
          await emailDocuments(tx, mail, config.publicUrl, {
            candidate,
            orderId: candidate.orderId,
            locale,
            mode_livraison,
            to: candidate.email,
            documents: documentRows,
            actorId,
          });
        }
      });
      mail.kick();
      return rows.length;
    },

    async labels(ids: number[]) {
      const rows = await db
        .select({ candidate: candidates, order: orders })
        .from(candidates)
        .innerJoin(orders, eq(orders.id, candidates.orderId))
        .where(inArray(candidates.id, ids))
        .orderBy(asc(candidates.orderId), asc(candidates.commande_index));
      return renderLabels(
        rows.map(({ candidate, order }) => ({
          ...order.adresse_livraison,
          reference: candidateReference(candidate.orderId, candidate.commande_index),
        })),
      );
    },
  };
}
