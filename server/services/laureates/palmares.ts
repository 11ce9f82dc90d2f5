/**
 * One rider's palmarès (every homologation, with the counts per challenge) as the public sees it, and the full
 * birth dates only administrators are shown (decision 0020).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { knownDate } from '../../../domain/dates.ts';
import { publicName } from '../../../domain/public-name.ts';
import type { Palmares } from '../../../domain/schemas/laureates.ts';
import type { ChallengeId } from '../../../domain/ventoux.ts';
import type { Database } from '../../db/client.ts';
import { homologations, laureates } from '../../db/schema/index.ts';
import { isShownLaureate, nameDisplayOf } from './display-restrictions.ts';
import { birthYear } from './ranking-sql.ts';

/** The rider as the public sees them: their name as they chose it shown, no birth date. */
async function shownPerson(db: Database, laureateId: number) {
  const [person] = await db
    .select({
      laureateId: laureates.id,
      nom: laureates.nom,
      prenom: laureates.prenom,
      civilite: laureates.civilite,
      birth_year: sql<number | null>`${birthYear}::int`,
      pays: laureates.pays,
      nationalite: laureates.nationalite,
      display: nameDisplayOf,
    })
    .from(laureates)
    .where(and(eq(laureates.id, laureateId), isShownLaureate));
  if (!person) return null;
  const { display: _display, ...shown } = { ...person, ...publicName(person, person.display) };
  return shown;
}

/** Every homologation of one rider; null for an unknown rider or one who hid their results. */
export async function findPalmares(db: Database, laureateId: number): Promise<Palmares | null> {
  const shown = await shownPerson(db, laureateId);
  if (!shown) return null;
  const rides = await db
    .select({
      homologationId: homologations.id,
      epreuve: homologations.epreuve,
      numero: homologations.numero,
      date_passage: homologations.date_passage,
      age: homologations.ageAtRide,
      ville: homologations.ville,
    })
    .from(homologations)
    .where(eq(homologations.laureateId, laureateId))
    .orderBy(sql`${homologations.date_passage} asc nulls first`, homologations.epreuve, homologations.numero);
  if (rides.length === 0) return null;
  const tally = (epreuve: ChallengeId) => rides.filter((ride) => ride.epreuve === epreuve).length;
  return {
    ...shown,
    total: rides.length,
    cingle: tally('cingle'),
    bicingle: tally('bicingle'),
    galerien: tally('galerien'),
    homologations: rides,
  };
}

/**
 * For administrators only (decision 0020): the full birth date of the given laureates, null where unknown.
 * The public ranking and palmarès never select it; the ranking page asks for it when an administrator views it.
 */
export async function birthDates(
  db: Database,
  laureateIds: readonly number[],
): Promise<Record<number, string | null>> {
  if (laureateIds.length === 0) return {};
  const rows = await db
    .select({ id: laureates.id, date: laureates.date_naissance })
    .from(laureates)
    .where(inArray(laureates.id, [...new Set(laureateIds)]));
  return Object.fromEntries(rows.map((row) => [row.id, knownDate(row.date)]));
}
