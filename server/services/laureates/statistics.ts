/**
 * The ranking in figures: homologations by challenge, year, country, nationality, age at the ride and title,
 * and how many riders came back. Hidden riders (confirmed display restriction) are left out, as everywhere in
 * public. One scan with GROUPING SETS answers all the breakdowns; the answer is kept for a minute, and dropped
 * at once when this process changes what the public sees (a restriction, an import, demo data).
 */
import { type SQL, sql } from 'drizzle-orm';
import { AGE_BANDS, type Statistics, TOP_COUNTRIES } from '../../../domain/schemas/statistics.ts';
import { CHALLENGE_IDS, type ChallengeId } from '../../../domain/ventoux.ts';
import type { Database } from '../../db/client.ts';
import { homologations, laureates } from '../../db/schema/index.ts';
import { isShownHomologation } from './display-restrictions.ts';

export const STATISTICS_TTL_MS = 60_000;

interface GroupedRow {
  grouping: number;
  epreuve: ChallengeId | null;
  year: number | null;
  pays: string | null;
  nationalite: string | null;
  age: number | null;
  civilite: 'mme' | 'm' | null;
  count: number;
}

interface RepeatRow {
  rides: number;
  laureates: number;
}

/**
 * GROUPING(epreuve, year, pays, nationalite, age, civilite) is a bit mask with a 1 for each column that is not
 * part of the row's grouping set, the first column being the highest bit.
 */
const SETS = {
  challenge: 0b011111,
  yearAndChallenge: 0b001111,
  country: 0b110111,
  nationality: 0b111011,
  age: 0b111101,
  civilite: 0b111110,
  all: 0b111111,
} as const;

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

function countryBreakdown(rows: GroupedRow[], column: 'pays' | 'nationalite', total: number) {
  const known = rows.filter((row) => row[column] !== null).sort((a, b) => b.count - a.count);
  const top = known.slice(0, TOP_COUNTRIES).map((row) => ({
    code: row[column]!,
    count: row.count,
    share: percent(row.count, total),
  }));
  const others = known.slice(TOP_COUNTRIES).reduce((sum, row) => sum + row.count, 0);
  const unknown = rows.find((row) => row[column] === null)?.count ?? 0;
  return { top, others, othersShare: percent(others, total), unknown };
}

async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/** The one scan of the shown homologations with every grouping set, and the count of rides per laureate. */
async function scan(db: Database) {
  const h = homologations;
  const l = laureates;
  const year = sql`extract(year from ${h.date_passage})::int`;
  return Promise.all([
    rowsOf<GroupedRow>(
      db,
      sql`
      select grouping(${h.epreuve}, ${year}, ${l.pays}, ${l.nationalite}, ${h.ageAtRide}, ${l.civilite}) as "grouping",
        ${h.epreuve} as epreuve, ${year} as year, ${l.pays} as pays, ${l.nationalite} as nationalite,
        ${h.ageAtRide} as age, ${l.civilite} as civilite, count(*)::int as count
      from ${h} join ${l} on ${l.id} = ${h.laureateId}
      where ${isShownHomologation}
      group by grouping sets ((${h.epreuve}), (${year}, ${h.epreuve}), (${l.pays}), (${l.nationalite}),
        (${h.ageAtRide}), (${l.civilite}), ())`,
    ),
    rowsOf<RepeatRow>(
      db,
      sql`
      select rides, count(*)::int as laureates from (
        select count(*)::int as rides from ${h} join ${l} on ${l.id} = ${h.laureateId}
        where ${isShownHomologation} group by ${h.laureateId}
      ) per_person group by rides order by rides`,
    ),
  ]);
}

/** Every year from the first to the last, the years without a ride included; rides of no known year apart. */
function yearBreakdown(rows: GroupedRow[]) {
  const years = new Map<number, Record<ChallengeId, number>>();
  let unknownYear = 0;
  for (const row of rows) {
    if (row.year === null) {
      unknownYear += row.count;
      continue;
    }
    const entry = years.get(row.year) ?? { cingle: 0, galerien: 0, bicingle: 0 };
    entry[row.epreuve!] += row.count;
    years.set(row.year, entry);
  }
  const knownYears = [...years.keys()].sort((a, b) => a - b);
  const byYear = [];
  for (let current = knownYears[0]; current !== undefined && current <= knownYears.at(-1)!; current++) {
    const entry = years.get(current) ?? { cingle: 0, galerien: 0, bicingle: 0 };
    byYear.push({ year: current, total: entry.cingle + entry.galerien + entry.bicingle, ...entry });
  }
  return { byYear, unknownYear };
}

function ageBreakdown(ages: GroupedRow[]) {
  const knownAges = ages.filter((row) => row.age !== null);
  const agedRides = knownAges.reduce((sum, row) => sum + row.count, 0);
  return {
    bands: AGE_BANDS.map((band) => ({
      ...band,
      count: knownAges
        .filter((row) => row.age! >= band.from && (band.to === null || row.age! <= band.to))
        .reduce((sum, row) => sum + row.count, 0),
    })),
    youngest: knownAges.length ? Math.min(...knownAges.map((row) => row.age!)) : null,
    oldest: knownAges.length ? Math.max(...knownAges.map((row) => row.age!)) : null,
    average: agedRides
      ? Math.round((knownAges.reduce((sum, row) => sum + row.age! * row.count, 0) / agedRides) * 10) / 10
      : null,
    unknown: ages.find((row) => row.age === null)?.count ?? 0,
  };
}

function repeatRiders(repeats: RepeatRow[], laureateCount: number) {
  const repeaters = repeats.filter((row) => row.rides > 1).reduce((sum, row) => sum + row.laureates, 0);
  return {
    distribution: repeats.map((row) => ({ rides: row.rides, laureates: row.laureates })),
    repeaters,
    share: percent(repeaters, laureateCount),
    maxRides: repeats.at(-1)?.rides ?? 0,
  };
}

async function compute(db: Database): Promise<Statistics> {
  const [grouped, repeats] = await scan(db);
  const set = (mask: number) => grouped.filter((row) => Number(row.grouping) === mask);
  const total = set(SETS.all)[0]?.count ?? 0;
  const byChallenge = CHALLENGE_IDS.map((epreuve) => {
    const value = set(SETS.challenge).find((row) => row.epreuve === epreuve)?.count ?? 0;
    return { epreuve, count: value, share: percent(value, total) };
  });
  const civilites = set(SETS.civilite);
  const byCivilite = (['m', 'mme', null] as const).map((civilite) => {
    const value = civilites.find((row) => row.civilite === civilite)?.count ?? 0;
    return { civilite, count: value, share: percent(value, total) };
  });
  const laureateCount = repeats.reduce((sum, row) => sum + row.laureates, 0);
  const { byYear, unknownYear } = yearBreakdown(set(SETS.yearAndChallenge));
  return {
    totals: { homologations: total, laureates: laureateCount },
    byChallenge,
    byYear,
    unknownYear,
    byCountry: countryBreakdown(set(SETS.country), 'pays', total),
    byNationality: countryBreakdown(set(SETS.nationality), 'nationalite', total),
    byAge: ageBreakdown(set(SETS.age)),
    byCivilite,
    repeatRiders: repeatRiders(repeats, laureateCount),
  };
}

export function createStatisticsService({ db }: { db: Database }) {
  let cached: { value: Statistics; at: number } | null = null;

  return {
    async count(now = Date.now()): Promise<Statistics> {
      if (cached && now - cached.at < STATISTICS_TTL_MS) return cached.value;
      const value = await compute(db);
      cached = { value, at: now };
      return value;
    },

    /** Forget the cached figures: the next call recomputes them. */
    invalidate(): void {
      cached = null;
    },
  };
}
