/**
 * The track check: reads an uploaded GPS file and analyses it against the challenges; attaches one to a
 * candidate as evidence for the homologation. A stored track goes only to the candidate's buyer and to admins.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { StoredTrack } from '../../../contracts/tracks.ts';
import { type TrackAnalysis, withFlags } from '../../../domain/schemas/track.ts';
import { analyseTrack } from '../../../domain/track/analyse.ts';
import { trackFingerprint } from '../../../domain/track/fingerprint.ts';
import type { Database } from '../../db/client.ts';
import { candidates, candidateTracks, orders } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { recordRideCheck } from '../../metrics.ts';
import { readTrack, unpack } from '../../track/read-track.ts';
import { answerEvidenceRequest } from '../homologations/evidence-requests.ts';
import type { LimitRule, RateLimits } from '../platform/rate-limits.ts';
import { duplicateFlagsOf } from './track-duplicates.ts';
import { canNow } from '../../../domain/permissions.ts';
import type { StaffRole } from '../../../domain/roles.ts';
import type { TrackSource } from '../../../domain/activity-providers.ts';
import type { TrackPoint } from '../../../domain/track/analyse.ts';
import { type Caller, signedIn } from '../guards.ts';

/** Reading a file costs up to a second of CPU: anyone may, but not without end. */
export const TRACK_CHECK_LIMITS = {
  perIp: { keyPrefix: 'track-check-ip', points: 30, durationSeconds: 15 * 60 },
} satisfies Record<string, LimitRule>;

const gzip = promisify(zlib.gzip);

/** Where a stored file came from. */
export interface TrackOrigin {
  source: TrackSource;
  activityId: string | null;
}

/** Who asks: the buyer sees their own candidates, an admin every one. */
export interface Viewer {
  id: number;
  roles: StaffRole[];
}

async function read(upload: Uint8Array) {
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  try {
    const track = await readTrack(upload);
    const analysis = analyseTrack(track.format, track.points);
    recordRideCheck('analysed', seconds());
    return { analysis, points: track.points };
  } catch (error) {
    recordRideCheck('refused', seconds());
    throw error;
  }
}

/** The owner of a candidate is the buyer of its order. */
async function ownerOf(db: Database, candidateId: number): Promise<number | null> {
  const [row] = await db
    .select({ userId: orders.userId })
    .from(candidates)
    .innerJoin(orders, eq(orders.id, candidates.orderId))
    .where(eq(candidates.id, candidateId));
  return row?.userId ?? null;
}

/**
 * The attached ride with its flags, the duplicates found now included. `readerId`: the buyer reading, who sees
 * the references of their own registrations only (admins see all).
 */
async function stored(db: Database, candidateId: number, readerId?: number): Promise<StoredTrack | null> {
  const [row] = await db
    .select({
      format: candidateTracks.format,
      analysis: candidateTracks.analysis,
      createdAt: candidateTracks.createdAt,
      source: candidateTracks.source,
      sourceActivityId: candidateTracks.sourceActivityId,
    })
    .from(candidateTracks)
    .where(eq(candidateTracks.candidateId, candidateId));
  if (!row) return null;
  const duplicates = await duplicateFlagsOf(db, [candidateId], { readerId });
  return {
    candidate_id: candidateId,
    format: row.format,
    uploaded_at: row.createdAt.toISOString(),
    source: row.source,
    activity_id: row.sourceActivityId,
    analysis: withFlags(row.analysis, duplicates.get(candidateId)),
  };
}

/** Stores (or replaces) the file and its analysis, which answers a request of the club for a ride. */
async function keep(
  db: Database,
  candidateId: number,
  uploadedBy: number,
  upload: Uint8Array,
  read: { analysis: TrackAnalysis; points: TrackPoint[] },
  origin: TrackOrigin,
): Promise<void> {
  const fileGz = await gzip(await unpack(upload));
  const values = {
    candidateId,
    format: read.analysis.format,
    fileGz,
    analysis: read.analysis,
    fingerprint: trackFingerprint(read.points),
    uploadedBy,
    source: origin.source,
    sourceActivityId: origin.activityId,
  };
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .insert(candidateTracks)
      .values({ ...values, createdAt: now })
      .onConflictDoUpdate({
        target: candidateTracks.candidateId,
        set: { ...values, createdAt: now },
      });
    // A ride attached after the club asked for one answers the request.
    await answerEvidenceRequest(tx, candidateId, now);
  });
}

export function createTracksService({ db, rateLimits }: { db: Database; rateLimits: RateLimits }) {
  /** 404 unless the person bought the candidate's registration. */
  async function assertOwner(candidateId: number, user: Viewer): Promise<void> {
    if ((await ownerOf(db, candidateId)) !== user.id) throw notFound();
  }

  return {
    async check(upload: Uint8Array, ip: string): Promise<TrackAnalysis> {
      await rateLimits.consume(TRACK_CHECK_LIMITS.perIp, ip);
      return (await read(upload)).analysis;
    },

    /** 404 unless `user` bought the candidate's registration (before fetching a ride from elsewhere for it). */
    assertOwner,

    /** Stores (or replaces) the file and its analysis; for the candidate's buyer only (404 for anyone else). */
    async attach(
      candidateId: number,
      caller: Caller,
      upload: Uint8Array,
      ip: string,
      origin: TrackOrigin = { source: 'upload', activityId: null },
    ): Promise<StoredTrack> {
      const user = signedIn(caller);
      await rateLimits.consume(TRACK_CHECK_LIMITS.perIp, ip);
      const analysed = await read(upload);
      await assertOwner(candidateId, user);
      await keep(db, candidateId, user.id, upload, analysed, origin);
      return (await stored(db, candidateId, user.id))!;
    },

    /** The stored analysis for the buyer or an admin; 404 for anyone else and when there is none. */
    async get(candidateId: number, caller: Caller): Promise<StoredTrack> {
      const user = signedIn(caller);
      const staffReader = canNow(user, 'homologations.read');
      if (!staffReader) await assertOwner(candidateId, user);
      const track = await stored(db, candidateId, staffReader ? undefined : user.id);
      if (!track) throw notFound();
      return track;
    },

    /** For the admin pages (their loaders are already guarded). */
    forCandidate: (candidateId: number) => stored(db, candidateId),
  };
}

export type TracksService = ReturnType<typeof createTracksService>;
