/**
 * Synthetic laureates for demos, development and benchmarks, at the scale and in the proportions the club
 * publishes (about 93.5 % cingle, 4.8 % galerien, 1.7 % bicingle): names and towns from the riders' countries,
 * rides from 1988 to today (galerien from 1998, bicingle from 2007), ages 14 to 80, repeat riders, numbers given
 * per challenge in date order. Deterministic: the same seed gives the same people in the same order, so demo
 * laureate n° 1 is always the same person (tests rely on it, see demoLaureate).
 */
import type { Faker } from '@faker-js/faker';
import { faker as baseFaker } from '@faker-js/faker/locale/base';
import { faker as de } from '@faker-js/faker/locale/de';
import { faker as de_AT } from '@faker-js/faker/locale/de_AT';
import { faker as de_CH } from '@faker-js/faker/locale/de_CH';
import { faker as en_GB } from '@faker-js/faker/locale/en_GB';
import { faker as en_US } from '@faker-js/faker/locale/en_US';
import { faker as es } from '@faker-js/faker/locale/es';
import { faker as fr } from '@faker-js/faker/locale/fr';
import { faker as fr_BE } from '@faker-js/faker/locale/fr_BE';
import { faker as fr_CH } from '@faker-js/faker/locale/fr_CH';
import { faker as it } from '@faker-js/faker/locale/it';
import { faker as nl } from '@faker-js/faker/locale/nl';
import { faker as nl_BE } from '@faker-js/faker/locale/nl_BE';
import { faker as pl } from '@faker-js/faker/locale/pl';
import { faker as da } from '@faker-js/faker/locale/da';
import { faker as sv } from '@faker-js/faker/locale/sv';
import { addDays, today } from '../../../domain/dates.ts';
import { normalizeSearchText } from '../../../domain/search.ts';
import { CHALLENGES, type ChallengeId } from '../../../domain/ventoux.ts';
import type { LaureateRecord } from '../../laureate-import/parse.ts';

export const DEMO_SEED = 1910;
/** `npm start` on an empty database. */
export const DEMO_START_LAUREATES = 300;

/**
 * One faker per locale, each with its locale's chain (fr_BE, then fr, then en, then the base): the package's
 * ready-made instances, imported one by one, since its root module would load all of its seventy locales (about
 * 10 MB more of heap for the start that seeds the demo). They are seeded again at each demoPeople call.
 */
const FAKERS = { fr, fr_BE, nl_BE, nl, de, de_AT, de_CH, fr_CH, en_GB, en_US, it, es, pl, da, sv };

/** Where riders come from, with the faker locales that give plausible names and towns there. */
const COUNTRIES: { code: string; weight: number; locales: Faker[] }[] = [
  { code: 'fr', weight: 560, locales: [FAKERS.fr] },
  { code: 'be', weight: 120, locales: [FAKERS.nl_BE, FAKERS.fr_BE] },
  { code: 'nl', weight: 100, locales: [FAKERS.nl] },
  { code: 'de', weight: 50, locales: [FAKERS.de] },
  { code: 'gb', weight: 40, locales: [FAKERS.en_GB] },
  { code: 'ch', weight: 30, locales: [FAKERS.de_CH, FAKERS.fr_CH] },
  { code: 'it', weight: 25, locales: [FAKERS.it] },
  { code: 'es', weight: 15, locales: [FAKERS.es] },
  { code: 'lu', weight: 10, locales: [FAKERS.fr, FAKERS.de] },
  { code: 'at', weight: 8, locales: [FAKERS.de_AT] },
  { code: 'us', weight: 10, locales: [FAKERS.en_US] },
  { code: 'dk', weight: 8, locales: [FAKERS.da] },
  { code: 'se', weight: 8, locales: [FAKERS.sv] },
  { code: 'pl', weight: 6, locales: [FAKERS.pl] },
  { code: 'ie', weight: 5, locales: [FAKERS.en_GB] },
  { code: 'ca', weight: 5, locales: [FAKERS.en_US, FAKERS.fr] },
];

const CHALLENGE_WEIGHTS: { value: ChallengeId; weight: number }[] = [
  { value: 'cingle', weight: 935 },
  { value: 'galerien', weight: 48 },
  { value: 'bicingle', weight: 17 },
];

const FIRST_YEAR = Object.fromEntries(
  CHALLENGES.map((challenge) => [challenge.id, challenge.since]),
) as Record<ChallengeId, number>;

/** Rides per month, April to October: the summer carries most of them. */
const MONTH_WEIGHTS = [
  { value: 4, weight: 3 },
  { value: 5, weight: 10 },
  { value: 6, weight: 22 },
  { value: 7, weight: 30 },
  { value: 8, weight: 22 },
  { value: 9, weight: 10 },
  { value: 10, weight: 3 },
];

/** How many homologations a person has: most ride once, a few come back again and again. */
const RIDES_WEIGHTS = [
  { value: 1, weight: 860 },
  { value: 2, weight: 90 },
  { value: 3, weight: 30 },
  { value: 4, weight: 10 },
  { value: 5, weight: 5 },
  { value: 7, weight: 3 },
  { value: 10, weight: 2 },
];

const NEIGHBOURS: Record<string, string[]> = {
  fr: ['be', 'ch', 'it', 'es', 'pt', 'ma', 'de'],
  be: ['fr', 'nl'],
  nl: ['be', 'de'],
  de: ['at', 'nl', 'fr', 'pl'],
  ch: ['fr', 'it', 'de'],
  gb: ['ie', 'fr'],
};

export interface DemoPerson {
  index: number;
  civilite: 'mme' | 'm';
  nom: string;
  prenom: string;
  email: string;
  date_naissance: string | null;
  ville: string;
  pays: string;
  nationalite: string;
  rides: { epreuve: ChallengeId; date: string; dateKnown: boolean; ville: string }[];
}

const ascii = (text: string) => normalizeSearchText(text).replaceAll(' ', '-') || 'rider';

/** The demo email of person `index`: recognisable and never a real address (example.org). */
export function demoEmail(prenom: string, nom: string, index: number): string {
  return `${ascii(prenom)}.${ascii(nom)}.${index}@example.org`;
}

/**
 * A control character, or the "Ã" that starts a UTF-8 letter read as Latin-1 (faker's Dutch first names hold
 * "Ã\u0096mer" for "Ömer"): such a name would show as mojibake in the demo ranking.
 */
const GARBLED = /[\p{Cc}Ã]/u;

/** The first of `draw`'s names that reads as written (the locales the demo uses have no real "Ã"). */
function readable(draw: () => string): string {
  for (;;) {
    const name = draw();
    if (!GARBLED.test(name)) return name;
  }
}

function yearWeights(from: number, to: number) {
  // The club grew: later years see more rides.
  const years = [];
  for (let year = from; year <= to; year++) years.push({ value: year, weight: (year - from + 4) ** 1.3 });
  return years;
}

/** Generates people one after the other from one random sequence: person n never depends on the count. */
export function* demoPeople(
  options: { seed?: number; firstIndex?: number; now?: Date } = {},
): Generator<DemoPerson> {
  // The base locale's instance draws the countries, dates and ages; seeded again at each call, like the others.
  const random: Faker = baseFaker;
  random.seed(options.seed ?? DEMO_SEED);
  for (const faker of Object.values(FAKERS)) faker.seed(random.number.int({ max: 2 ** 31 }));
  const lastDay = today(options.now);
  const lastYear = Number(lastDay.slice(0, 4));
  const yearsByChallenge = Object.fromEntries(
    Object.entries(FIRST_YEAR).map(([challenge, first]) => [challenge, yearWeights(first, lastYear)]),
  ) as Record<ChallengeId, { value: number; weight: number }[]>;

  const rideDate = (year: number): string => {
    const month = random.helpers.weightedArrayElement(MONTH_WEIGHTS);
    const day = random.number.int({ min: 1, max: month === 4 || month === 6 || month === 9 ? 30 : 31 });
    const date = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    return date > lastDay ? addDays(lastDay, -random.number.int({ min: 1, max: 60 })) : date;
  };

  for (let index = options.firstIndex ?? 1; ; index++) {
    const country = random.helpers.weightedArrayElement(
      COUNTRIES.map((entry) => ({ value: entry, weight: entry.weight })),
    );
    const faker = random.helpers.arrayElement(country.locales);
    const civilite = random.number.float() < 0.13 ? 'mme' : 'm';
    const prenom = readable(() => faker.person.firstName(civilite === 'mme' ? 'female' : 'male'));
    const nom = readable(() => faker.person.lastName());
    const ville = readable(() => faker.location.city());
    const nationalite =
      random.number.float() < 0.92
        ? country.code
        : random.helpers.arrayElement(NEIGHBOURS[country.code] ?? ['fr']);

    const firstChallenge = random.helpers.weightedArrayElement(CHALLENGE_WEIGHTS);
    const firstYear = random.helpers.weightedArrayElement(yearsByChallenge[firstChallenge]);
    const firstDate = rideDate(firstYear);
    const ageAtFirst = Math.round(Math.min(80, Math.max(14, normal(random, 44, 11))));
    const birth = addDays(
      firstDate,
      -Math.round(ageAtFirst * 365.25) - random.number.int({ min: 0, max: 364 }),
    );

    const rides = [{ epreuve: firstChallenge, date: firstDate, ville }];
    const count = random.helpers.weightedArrayElement(RIDES_WEIGHTS);
    let year = firstYear;
    for (let ride = 1; ride < count; ride++) {
      year += random.number.int({ min: 0, max: 4 });
      if (year > lastYear) break;
      const epreuve = random.helpers.weightedArrayElement(CHALLENGE_WEIGHTS);
      if (year < FIRST_YEAR[epreuve]) continue;
      const date = rideDate(year);
      if (date <= rides.at(-1)!.date || date.slice(0, 4) !== String(year)) continue;
      if (Number(date.slice(0, 4)) - Number(birth.slice(0, 4)) > 80) break;
      rides.push({
        epreuve,
        date,
        ville: random.number.float() < 0.05 ? readable(() => faker.location.city()) : ville,
      });
    }

    yield {
      index,
      civilite,
      nom,
      prenom,
      email: demoEmail(prenom, nom, index),
      // A few legacy records lack the date of birth, and a few early rides their date.
      date_naissance: random.number.float() < 0.01 ? null : birth,
      ville,
      pays: country.code,
      nationalite,
      rides: rides.map((ride) => ({
        ...ride,
        dateKnown: !(ride.date < '1995-01-01' && random.number.float() < 0.05),
      })),
    };
  }
}

/** A normally distributed number (Box-Muller) from the seeded generator. */
function normal(random: Faker, mean: number, deviation: number): number {
  const u = Math.max(Number.EPSILON, random.number.float());
  const v = random.number.float();
  return mean + deviation * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** Demo person n° `index` (1 = the first of `npm start`'s demo set), for tests that need a known rider. */
export function demoLaureate(index = 1, seed = DEMO_SEED): DemoPerson {
  const people = demoPeople({ seed });
  for (let current = 1; ; current++) {
    const person = people.next().value as DemoPerson;
    if (current === index) return person;
  }
}

/**
 * The day a demo ride was certified: two to seven weeks after it, as the card goes back by post and the president
 * checks it, never after `lastDay`; so the teaser of latest laureates and the dashboard's chart look like a season.
 */
export function certifiedOn(rideDate: string, spread: number, lastDay: string): Date {
  const day = addDays(rideDate, 14 + ((spread * 17) % 36));
  return new Date(`${day < lastDay ? day : lastDay}T12:00:00Z`);
}

/**
 * `count` people as import records, numbered per challenge in date order after `lastNumeros` (the numbers
 * already given), grouped by person in generation order.
 */
export function demoRecords(options: {
  count: number;
  seed?: number;
  firstIndex?: number;
  lastNumeros?: Partial<Record<ChallengeId, number>>;
  now?: Date;
}): LaureateRecord[] {
  const people: DemoPerson[] = [];
  const generator = demoPeople(options);
  for (let made = 0; made < options.count; made++) people.push(generator.next().value as DemoPerson);

  const rides = people.flatMap((person) => person.rides.map((ride, order) => ({ person, ride, order })));
  const chronological = [...rides].sort(
    (a, b) => a.ride.date.localeCompare(b.ride.date) || a.person.index - b.person.index,
  );
  const next: Record<ChallengeId, number> = {
    cingle: options.lastNumeros?.cingle ?? 0,
    galerien: options.lastNumeros?.galerien ?? 0,
    bicingle: options.lastNumeros?.bicingle ?? 0,
  };
  const numeros = new Map<(typeof rides)[number], number>();
  for (const entry of chronological) numeros.set(entry, (next[entry.ride.epreuve] += 1));

  const lastDay = today(options.now);
  return rides.map((entry) => ({
    line: entry.person.index,
    homologated_at: certifiedOn(entry.ride.date, entry.person.index + entry.order, lastDay),
    epreuve: entry.ride.epreuve,
    numero: numeros.get(entry)!,
    date_passage: entry.ride.dateKnown ? entry.ride.date : null,
    civilite: entry.person.civilite,
    nom: entry.person.nom,
    prenom: entry.person.prenom,
    date_naissance: entry.person.date_naissance,
    email: entry.person.email,
    ville: entry.ride.ville,
    pays: entry.person.pays,
    nationalite: entry.person.nationalite,
  }));
}
