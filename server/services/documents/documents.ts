/**
 * Route cards and frame plates: generated once per candidate from the data, cached as files under
 * DATA_DIR/documents and listed in `documents` for `GET /documents/{id}`. Only the buyer and the admins may
 * fetch them, and the buyer only once the registration's documents are released (`documentsReleased`: a minor's
 * guardian has confirmed).
 */
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { canNow } from '../../../domain/permissions.ts';
import { candidateReference } from '../../../domain/references.ts';
import { documentsReleased } from '../../../domain/statuses.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { candidates, documents, orders } from '../../db/schema/index.ts';
import type { ClubPostalAddress } from '../../../contracts/club-address.ts';
import { type DocumentKind, documentFileName } from '../../documents/file-name.ts';
import type { DocumentDrawer } from '../../documents/drawing-thread.ts';
import type { DocumentCandidate } from '../../documents/types.ts';
import { AppError, notFound } from '../../errors.ts';
import { type Caller, signedIn } from '../guards.ts';
import type { ClubAddressService } from '../platform/club-address.ts';

const KINDS: DocumentKind[] = ['route_card', 'frame_plate'];

/** The kit of a minor waits for their guardian's answer (decision 0035). */
const awaitingConsent = () =>
  new AppError(409, 'awaiting_consent', "The documents wait for the legal guardian's consent");

/**
 * A kit goes out only once its documents are released: naming a minor's registration whose guardian has not
 * confirmed refuses the whole action (409 `awaiting_consent`), so that nothing of it leaves.
 */
export async function refuseWithheldKits(db: Database, ids: number[]) {
  const [withheld] = await db
    .select({ id: candidates.id })
    .from(candidates)
    .where(and(inArray(candidates.id, ids), eq(candidates.statut, 'awaiting_consent')))
    .limit(1);
  if (withheld) throw awaitingConsent();
}

/**
 * Where a candidate's document is cached. A corrected registration gets a new version, so that every instance
 * draws the corrected document instead of serving its cached file; the old file stays for a mail still queued
 * with it.
 */
function documentPath(candidateId: number, kind: DocumentKind, version?: number) {
  return path.join('documents', `${candidateId}-${kind}${version ? `-${version}` : ''}.pdf`);
}

/**
 * The file a listed document is kept in. A route card carries the club's postal address, so its file is named
 * after the address too: a new address draws new cards instead of serving the kept ones.
 */
function storedPath(relativePath: string, kind: DocumentKind, address: ClubPostalAddress) {
  if (kind !== 'route_card') return relativePath;
  const tag = createHash('sha256').update(address.lines.join('\n')).digest('hex').slice(0, 12);
  return relativePath.replace(/\.pdf$/, `-${tag}.pdf`);
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
  drawer: DocumentDrawer,
  dataDir: string,
  relativePath: string,
  kind: DocumentKind,
  candidate: DocumentCandidate,
  returnAddress: ClubPostalAddress,
) {
  const file = path.join(dataDir, relativePath);
  const bytes = await drawer.document(kind, candidate, returnAddress);
  // Written aside then renamed, so that a reader never sees half a file; off the requests' thread, as the drawing.
  // The aside file is this drawing's own: two requests may draw the same missing document at once.
  const aside = `${file}.${randomUUID()}.tmp`;
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  try {
    await fs.promises.writeFile(aside, bytes);
    await fs.promises.rename(aside, file);
  } catch (error) {
    await fs.promises.rm(aside, { force: true });
    throw error;
  }
}

/** Draws the listed documents whose file is not there yet. */
async function renderMissing(
  drawer: DocumentDrawer,
  db: Database,
  dataDir: string,
  rows: (typeof documents.$inferSelect)[],
  returnAddress: ClubPostalAddress,
) {
  const missing = rows.filter((row) => !fs.existsSync(path.join(dataDir, row.path)));
  const byId = new Map(
    (await documentCandidates(db, [...new Set(missing.map((row) => row.candidateId))])).map((candidate) => [
      candidate.id,
      candidate,
    ]),
  );
  for (const row of missing)
    await writeDocument(drawer, dataDir, row.path, row.kind, byId.get(row.candidateId)!, returnAddress);
}

export function createDocumentsService({
  db,
  config,
  clubAddress,
  drawer,
}: {
  db: Database;
  config: Config;
  clubAddress: ClubAddressService;
  drawer: DocumentDrawer;
}) {
  return {
    /** Where the route card goes back to, as it is printed on it (the kit email says it too). */
    returnAddress: () => clubAddress.postalAddress(),

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
      const address = await clubAddress.postalAddress();
      const rows = (
        await db.select().from(documents).where(inArray(documents.candidateId, candidateIds))
      ).map((row) => ({ ...row, path: storedPath(row.path, row.kind, address) }));
      if (render) await renderMissing(drawer, db, config.dataDir, rows, address);
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

    /**
     * A document for its buyer or an admin; anyone else gets 404, as if it did not exist. The buyer of a minor
     * whose guardian has not confirmed gets 409 `awaiting_consent`; an admin may still look at it.
     */
    async open(documentId: number, caller: Caller) {
      const user = signedIn(caller);
      const [row] = await db
        .select({ document: documents, ownerId: orders.userId, locale: orders.locale, candidate: candidates })
        .from(documents)
        .innerJoin(candidates, eq(candidates.id, documents.candidateId))
        .leftJoin(orders, eq(orders.id, candidates.orderId))
        .where(eq(documents.id, documentId));
      if (!row || (!canNow(user, 'registrations.read') && row.ownerId !== user.id))
        throw notFound('No such document');
      if (!canNow(user, 'registrations.read') && !documentsReleased(row.candidate.statut))
        throw awaitingConsent();
      const reference = candidateReference(row.candidate.orderId, row.candidate.commande_index);
      const address = await clubAddress.postalAddress();
      const stored = storedPath(row.document.path, row.document.kind, address);
      const file = path.join(config.dataDir, stored);
      if (!fs.existsSync(file)) {
        const [candidate] = await documentCandidates(db, [row.candidate.id]);
        await writeDocument(drawer, config.dataDir, stored, row.document.kind, candidate!, address);
      }
      // Named in the order's language, as the document itself and its mail.
      return { file, filename: documentFileName(row.document.kind, reference, row.locale ?? 'fr') };
    },

    /** Both documents of every candidate, in one PDF for printing (admin batch), titled in `locale`. */
    async batch(candidateIds: number[], locale: string, onProgress?: (done: number) => void) {
      return drawer.batch(
        await documentCandidates(db, candidateIds),
        { locale, returnAddress: await clubAddress.postalAddress() },
        onProgress,
      );
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
