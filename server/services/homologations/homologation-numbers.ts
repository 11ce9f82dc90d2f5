/**
 * What a homologation is given: the next number of the challenge's own sequence, under a row lock on that sequence
 * so that concurrent homologations never share or skip a number, and the rider's one laureate (by email, else by
 * name and date of birth) so that repeat riders keep one palmarès.
 */
import { and, eq, isNotNull, isNull, max, or, sql } from 'drizzle-orm';
import { laureateIdentityKey, laureateSearchText } from '../../../domain/search.ts';
import type { ChallengeId } from '../../../domain/ventoux.ts';
import type { Database } from '../../db/client.ts';
import { homologationSequences, homologations, laureates } from '../../db/schema/index.ts';
import type { CandidateRow } from './homologation-candidate.ts';

/** The next number of a challenge, taken under a lock on the sequence row (held until the transaction ends). */
export async function nextNumero(tx: Database, epreuve: ChallengeId, offset: number): Promise<number> {
  const [existing] = await tx
    .select({ highest: max(homologations.numero) })
    .from(homologations)
    .where(eq(homologations.epreuve, epreuve));
  await tx
    .insert(homologationSequences)
    .values({ epreuve, lastNumero: Math.max(offset, existing?.highest ?? 0) })
    .onConflictDoNothing();
  const [sequence] = await tx
    .select()
    .from(homologationSequences)
    .where(eq(homologationSequences.epreuve, epreuve))
    .for('update');
  const numero = Math.max(sequence!.lastNumero, offset) + 1;
  await tx
    .update(homologationSequences)
    .set({ lastNumero: numero })
    .where(eq(homologationSequences.epreuve, epreuve));
  return numero;
}

/**
 * The rider's laureate: same email first, else same name and date of birth among laureates without an email
 * (the club's earlier records); created when new.
 */
export async function laureateFor(
  tx: Database,
  candidate: CandidateRow,
  userId: number | null,
): Promise<number> {
  const email = candidate.email.trim().toLowerCase();
  const identityKey = laureateIdentityKey(candidate);
  const [found] = await tx
    .select({ id: laureates.id })
    .from(laureates)
    .where(
      or(
        sql`lower(${laureates.email}) = ${email}`,
        // Same name and date of birth: the same person, unless that laureate is known under another email.
        and(
          eq(laureates.identityKey, identityKey),
          isNotNull(laureates.date_naissance),
          isNull(laureates.email),
        ),
      ),
    )
    .orderBy(sql`(lower(${laureates.email}) = ${email}) desc`, laureates.id)
    .limit(1);
  if (found) return found.id;
  const [created] = await tx
    .insert(laureates)
    .values({
      email,
      civilite: candidate.civilite,
      nom: candidate.nom,
      prenom: candidate.prenom,
      date_naissance: candidate.date_naissance,
      pays: candidate.pays,
      nationalite: candidate.nationalite,
      ville: candidate.ville,
      userId,
      searchText: laureateSearchText(candidate),
      identityKey,
    })
    .returning({ id: laureates.id });
  return created!.id;
}
