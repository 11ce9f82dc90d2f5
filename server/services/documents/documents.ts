/**
 * Route cards and frame plates: generated once per candidate from the data, cached as files under
 * DATA_DIR/documents and listed in `documents` for `GET /documents/{id}`. Only the buyer and the admins may
 * fetch them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { can } from '../../../domain/permissions.ts';
import { candidateReference } from '../../../domain/references.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { candidates, documents, orders } from '../../db/schema/index.ts';
import { type DocumentKind, renderBatch, renderDocument } from '../../documents/render.ts';
import type { DocumentCandidate } from '../../documents/types.ts';
import { notFound } from '../../errors.ts';
import { type Caller, signedIn } from '../guards.ts';

const KINDS: DocumentKind[] = ['route_card', 'frame_plate'];

/**
 * Where a candidate's document is cached. A corrected registration gets a new version, so that every instance
 * draws the corrected document instead of serving its cached file; the old file stays for a mail still queued
 * with it.
 */
function documentPath(candidateId: number, kind: DocumentKind, version?: number) {
  return path.join('documents', `${candidateId}-${kind}${version ? `-${version}` : ''}.pdf`);
}

async function documentCandidates(
  db: Database,
  candidateIds: number[],
): Promise<(DocumentCandidate & { id: number })[]> {
  if (candidateIds.length === 0) return [];
  const rows = await db
    .select({ candidate: candidates, locale: orders.locale })
    .from(candidates)
    .leftJoin(orders, eq(orders.id, candidates.orderId))
    .where(inArray(candidates.id, candidateIds));
  const byId = new Map(rows.map((row) => [row.candidate.id, row]));
  return candidateIds.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const { candidate } = row;
    return [
      {
        id: candidate.id,
        reference: candidateReference(candidate.orderId, candidate.commande_index),
        scanToken: candidate.scanToken,
        epreuve: candidate.epreuve,
        civilite: candidate.civilite,
        nom: candidate.nom,
        prenom: candidate.prenom,
        ville: candidate.ville,
        pays: candidate.pays,
        locale: row.locale ?? 'fr',
      },
    ];
  });
}

async function writeDocument(
  dataDir: string,
  relativePath: string,
  kind: DocumentKind,
  candidate: DocumentCandidate,
) {
  const file = path.join(dataDir, relativePath);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Written aside then renamed, so that a reader never sees half a file.
  fs.writeFileSync(`${file}.tmp`, await renderDocument(kind, candidate));
  fs.renameSync(`${file}.tmp`, file);
}

/** Draws the listed documents whose file is not there yet. */
async function renderMissing(db: Database, dataDir: string, rows: (typeof documents.$inferSelect)[]) {
  const missing = rows.filter((row) => !fs.existsSync(path.join(dataDir, row.path)));
  const byId = new Map(
    (await documentCandidates(db, [...new Set(missing.map((row) => row.candidateId))])).map((candidate) => [
      candidate.id,
      candidate,
    ]),
  );
  for (const row of missing) await writeDocument(dataDir, row.path, row.kind, byId.get(row.candidateId)!);
}

export function createDocumentsService({ db, config }: { db: Database; config: Config }) {
  return {
    /**
     * Makes sure both documents of each candidate are listed; with `render`, also that their files exist (to
     * attach them to an email). Otherwise a file is drawn on its first download.
     */
    async ensureFor(candidateIds: number[], { render = false }: { render?: boolean } = {}) {
      if (candidateIds.length === 0) return [];
      await db
        .insert(documents)
        .values(
          candidateIds.flatMap((candidateId) =>
            KINDS.map((kind) => ({
              candidateId,
              kind,
              path: documentPath(candidateId, kind),
            })),
          ),
        )
        .onConflictDoNothing();
      const rows = await db.select().from(documents).where(inArray(documents.candidateId, candidateIds));
      if (render) await renderMissing(db, config.dataDir, rows);
      return rows;
    },

    /** The candidate's details changed: its documents are drawn again, from the new details, when next asked for. */
    async renew(tx: Database, candidateId: number, now: Date) {
      for (const kind of KINDS) {
        await tx
          .update(documents)
          .set({ path: documentPath(candidateId, kind, now.getTime()) })
          .where(and(eq(documents.candidateId, candidateId), eq(documents.kind, kind)));
      }
    },

    /** A document for its buyer or an admin; anyone else gets 404, as if it did not exist. */
    async open(documentId: number, caller: Caller) {
      const user = signedIn(caller);
      const [row] = await db
        .select({ document: documents, ownerId: orders.userId, candidate: candidates })
        .from(documents)
        .innerJoin(candidates, eq(candidates.id, documents.candidateId))
        .leftJoin(orders, eq(orders.id, candidates.orderId))
        .where(eq(documents.id, documentId));
      if (!row || (!can(user.roles, 'registrations.read') && row.ownerId !== user.id))
        throw notFound('No such document');
      const reference = candidateReference(row.candidate.orderId, row.candidate.commande_index);
      const file = path.join(config.dataDir, row.document.path);
      if (!fs.existsSync(file)) {
        const [candidate] = await documentCandidates(db, [row.candidate.id]);
        await writeDocument(config.dataDir, row.document.path, row.document.kind, candidate!);
      }
      return {
        file,
        filename: `${row.document.kind === 'route_card' ? 'route-card' : 'frame-plate'}-${reference}.pdf`,
      };
    },

    /** Both documents of every candidate, in one PDF for printing (admin batch). */
    async batch(candidateIds: number[], onProgress?: (done: number) => void) {
      return renderBatch(await documentCandidates(db, candidateIds), onProgress);
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
