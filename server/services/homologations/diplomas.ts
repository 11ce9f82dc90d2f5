/**
 * Diplomas (decision 0033): what the public check page shows of a code, the statement the club signs about it,
 * and the PDF its laureate (or an administrator) downloads. A cancelled homologation's diploma is found among the
 * cancelled ones and answers "revoked"; a rider is named as they chose for public tables, by initials when they
 * hid their results.
 */
import { SignJWT } from 'jose';
import { and, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '../../../contracts/account.ts';
import {
  type DiplomaCheck,
  type DiplomaFacts,
  isDiplomaCode,
  statementClaims,
} from '../../../domain/diploma.ts';
import { canNow } from '../../../domain/permissions.ts';
import type { Locale } from '../../../domain/locales.ts';
import { type NameDisplay, publicFullName } from '../../../domain/public-name.ts';
import type { TrackAscent } from '../../../domain/schemas/track.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { cancelledHomologations, candidateTracks, homologations, laureates } from '../../db/schema/index.ts';
import type { DocumentDrawer } from '../../documents/drawing-thread.ts';
import { notFound } from '../../errors.ts';
import { type DiplomaKeys, SIGNING_ALGORITHM } from './diploma-keys.ts';
import { isShownLaureate, nameDisplayOf } from '../laureates/display-restrictions.ts';

const laureateColumns = {
  laureateId: laureates.id,
  prenom: laureates.prenom,
  nom: laureates.nom,
  shown: sql<boolean>`${isShownLaureate}`,
  display: nameDisplayOf,
};

/** True when `user` is the laureate: by account, or by the proven address the homologation was recorded with. */
function isOwner(laureate: { userId: number | null; email: string | null }, user: SessionUser) {
  if (laureate.userId === user.id) return true;
  return (
    user.emailVerified && laureate.email !== null && laureate.email.toLowerCase() === user.email.toLowerCase()
  );
}

/** What anyone may read of a diploma, valid or revoked; null for an unknown code. */
async function facts(db: Database, code: string): Promise<DiplomaFacts | null> {
  if (!isDiplomaCode(code)) return null;
  // A rider who hid their results still has a diploma to check: it names them by initials.
  const name = (row: { prenom: string; nom: string; shown: boolean; display: NameDisplay }) =>
    publicFullName(row, row.shown ? row.display : 'initials');
  const [valid] = await db
    .select({ ...laureateColumns, homologation: homologations })
    .from(homologations)
    .innerJoin(laureates, eq(laureates.id, homologations.laureateId))
    .where(eq(homologations.diplomaCode, code));
  if (valid) {
    const { homologation } = valid;
    return {
      code,
      status: 'valid',
      name: name(valid),
      epreuve: homologation.epreuve,
      numero: homologation.numero,
      date_passage: homologation.date_passage,
      homologated_at: homologation.homologatedAt.toISOString(),
      revoked_at: null,
    };
  }
  const [revoked] = await db
    .select({ ...laureateColumns, cancelled: cancelledHomologations })
    .from(cancelledHomologations)
    .innerJoin(laureates, eq(laureates.id, cancelledHomologations.laureateId))
    .where(eq(cancelledHomologations.diplomaCode, code));
  if (!revoked) return null;
  const { cancelled } = revoked;
  return {
    code,
    status: 'revoked',
    name: name(revoked),
    epreuve: cancelled.epreuve,
    numero: cancelled.numero,
    date_passage: cancelled.date_passage,
    homologated_at: cancelled.homologatedAt.toISOString(),
    revoked_at: cancelled.cancelledAt.toISOString(),
  };
}

export function createDiplomasService(deps: {
  db: Database;
  config: Config;
  keys: DiplomaKeys;
  drawer: DocumentDrawer;
}) {
  const { db, config, keys, drawer } = deps;

  async function sign(diploma: DiplomaFacts): Promise<string> {
    const key = await keys.current();
    return new SignJWT(statementClaims(diploma, config.publicUrl))
      .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: key.kid, typ: 'JWT' })
      .setIssuedAt()
      .sign(key.privateKey);
  }

  return {
    /** What anyone may read of a diploma (the check page); null for an unknown code. */
    find: (code: string) => facts(db, code),

    /** The same with its signed statement (the API); null for an unknown code. */
    async check(code: string): Promise<DiplomaCheck | null> {
      const diploma = await facts(db, code);
      return diploma && { ...diploma, jws: await sign(diploma) };
    },

    /** The JWKS of every key that ever signed a statement. */
    publicKeys: () => keys.publicKeys(),

    /** Makes the signing key at start-up when there is none yet (or records the configured one). */
    async ensureSigningKey(): Promise<void> {
      await keys.current();
    },

    /** A new signing key; the one it replaces stays published (docs/DEPLOY.md, "Diploma signing key"). */
    rotateKey: () => keys.rotate(),

    /**
     * The PDF of a homologation, for its laureate or an administrator; anyone else gets 404, as for an unknown
     * id. `locale` is the language asked for (the page's).
     */
    async pdf(homologationId: number, user: SessionUser, locale: Locale) {
      const [row] = await db
        .select({
          homologation: homologations,
          laureate: {
            userId: laureates.userId,
            email: laureates.email,
            prenom: laureates.prenom,
            nom: laureates.nom,
          },
        })
        .from(homologations)
        .innerJoin(laureates, eq(laureates.id, homologations.laureateId))
        .where(eq(homologations.id, homologationId));
      if (!row || (!canNow(user, 'homologations.read') && !isOwner(row.laureate, user)))
        throw notFound('No such homologation');
      const { homologation, laureate } = row;
      // The times are printed only from a track that shows the whole challenge ridden.
      const [track] = homologation.candidateId
        ? await db
            .select({ ascents: sql<TrackAscent[]>`${candidateTracks.analysis}->'ascents'` })
            .from(candidateTracks)
            .where(
              and(
                eq(candidateTracks.candidateId, homologation.candidateId),
                sql`${candidateTracks.analysis}->'verdict'->>${homologation.epreuve} = 'complete'`,
              ),
            )
        : [];
      const bytes = await drawer.diploma({
        code: homologation.diplomaCode,
        locale,
        publicUrl: config.publicUrl,
        prenom: laureate.prenom,
        nom: laureate.nom,
        epreuve: homologation.epreuve,
        numero: homologation.numero,
        date_passage: homologation.date_passage,
        homologatedAt: homologation.homologatedAt.toISOString(),
        ascents: (track?.ascents ?? []).filter((ascent) => ascent.counted),
      });
      return { bytes, filename: `diploma-${homologation.epreuve}-${homologation.numero}.pdf` };
    },
  };
}
