/** A signed-in rider's own homologations, for their account: their laureate by account or by email. */
import { desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { MyHomologation } from '../../../contracts/account.ts';
import { diplomaCheckPath, diplomaPdfPath } from '../../../domain/diploma.ts';
import type { Locale } from '../../../domain/locales.ts';
import { candidateReference } from '../../../domain/references.ts';
import { candidates, homologations, laureates, users } from '../../db/schema/index.ts';
import { type Caller, withVerifiedEmail } from '../guards.ts';
import type { HomologationDeps } from './homologation-candidate.ts';

/** Only the caller's own, and only once their address is confirmed: the laureate is found by that address. */
export async function homologationsOfRider(
  { db, config }: HomologationDeps,
  caller: Caller,
  locale: Locale,
): Promise<MyHomologation[]> {
  const userId = withVerifiedEmail(caller).id;
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) return [];
  const mine = await db
    .select({ id: laureates.id })
    .from(laureates)
    .where(or(eq(laureates.userId, userId), sql`lower(${laureates.email}) = ${user.email.toLowerCase()}`));
  if (mine.length === 0) return [];
  const rows = await db
    .select({ homologation: homologations, candidate: candidates, certifier: users })
    .from(homologations)
    .leftJoin(candidates, eq(candidates.id, homologations.candidateId))
    .leftJoin(users, eq(users.id, homologations.homologateurId))
    .where(
      inArray(
        homologations.laureateId,
        mine.map((laureate) => laureate.id),
      ),
    )
    .orderBy(desc(homologations.homologatedAt));
  return rows.map(({ homologation, candidate, certifier }) => ({
    id: homologation.id,
    numero: homologation.numero,
    epreuve: homologation.epreuve,
    date_passage: homologation.date_passage,
    homologatedAt: homologation.homologatedAt.toISOString(),
    candidateReference: candidate ? candidateReference(candidate.orderId, candidate.commande_index) : null,
    certifiedBy: certifier
      ? { name: `${certifier.prenom} ${certifier.nom}`.trim(), president: certifier.president }
      : null,
    diploma_url: diplomaPdfPath(homologation.id),
    check_url: `${config.publicUrl}${diplomaCheckPath(locale, homologation.diplomaCode)}`,
  }));
}
