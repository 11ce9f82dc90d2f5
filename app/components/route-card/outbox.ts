/**
 * The route card's outbox on the phone (issue 43): each stamp is written to IndexedDB the moment it is taken, and
 * leaves only once the server has answered for it, so nothing is lost when the phone has no signal, the page is
 * closed, or the battery dies. The server keeps a stamp once per `client_id`, so sending one twice is harmless.
 * `idb` (Jake Archibald's promise wrapper, already Workbox's) rather than the raw callback API.
 */
import { type IDBPDatabase, openDB } from 'idb';
import type { ControlId } from '../../../domain/route-card/controls.ts';

export interface PendingStamp {
  client_id: string;
  candidate_id: number;
  control: ControlId;
  /** ISO 8601, the phone's clock. */
  at: string;
  lat: number | null;
  lon: number | null;
  accuracy_m: number | null;
}

const DATABASE = 'route-card';
const STORE = 'pending-stamps';

let opened: Promise<IDBPDatabase> | null = null;

function database(): Promise<IDBPDatabase> {
  opened ??= openDB(DATABASE, 1, {
    upgrade(db) {
      const store = db.createObjectStore(STORE, { keyPath: 'client_id' });
      store.createIndex('candidate', 'candidate_id');
    },
  });
  return opened;
}

export async function keepStamp(stamp: PendingStamp): Promise<void> {
  await (await database()).put(STORE, stamp);
}

/** The stamps of one registration still to send, oldest first. */
export async function pendingStamps(candidateId: number): Promise<PendingStamp[]> {
  const stamps = await (await database()).getAllFromIndex(STORE, 'candidate', candidateId);
  return stamps.sort((a, b) => a.at.localeCompare(b.at));
}

/** The registrations with stamps still to send (the service worker's Background Sync sends them all). */
export async function candidatesWithPendingStamps(): Promise<number[]> {
  const stamps: PendingStamp[] = await (await database()).getAll(STORE);
  return [...new Set(stamps.map((stamp) => stamp.candidate_id))];
}

/** Forgets the stamps the server has answered for (accepted or refused: it keeps both). */
export async function forgetStamps(clientIds: readonly string[]): Promise<void> {
  const transaction = (await database()).transaction(STORE, 'readwrite');
  await Promise.all([...clientIds.map((id) => transaction.store.delete(id)), transaction.done]);
}
