import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LAUREATE_SORT_KEYS, type LaureateSortKey } from '../../domain/laureate-view.ts';
import type { LaureateRow, LaureatesPage } from '../../domain/schemas/laureates.ts';
import { displayRestrictions } from '../../server/db/schema/index.ts';
import { addLaureates, hideEmail, laureateRecord } from '../support/laureates.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';

let t: TestApp;

/** 63 visible rows (one rider with two, one with three homologations) and 2 rows of a hidden rider. */
const VISIBLE_ROWS = 63;

beforeAll(async () => {
  t = await createTestApp();
  await addLaureates(t, [
    laureateRecord({
      epreuve: 'cingle',
      numero: 1,
      nom: 'Lefèvre',
      prenom: 'Benoît',
      email: 'benoit@example.org',
      date_passage: '1990-07-01',
      date_naissance: '1960-05-20',
      ville: 'Saint-Étienne',
    }),
    laureateRecord({
      epreuve: 'galerien',
      numero: 1,
      nom: 'Lefèvre',
      prenom: 'Benoît',
      email: 'benoit@example.org',
      date_passage: '2000-08-01',
      date_naissance: '1960-05-20',
      ville: 'Saint-Étienne',
    }),
    laureateRecord({
      epreuve: 'cingle',
      numero: 2,
      nom: 'Dupont',
      prenom: 'Anne',
      civilite: 'mme',
      email: null,
      date_naissance: null,
      pays: 'be',
      nationalite: 'nl',
      ville: 'Liège',
      date_passage: '2005-06-15',
    }),
    laureateRecord({
      epreuve: 'bicingle',
      numero: 1,
      nom: 'Martin',
      prenom: 'Jean-Pierre',
      civilite: null,
      pays: null,
      nationalite: null,
      ville: 'Malaucène',
      date_passage: null,
    }),
    ...[1, 2, 3].map((index) =>
      laureateRecord({
        epreuve: 'cingle',
        numero: 2 + index,
        nom: 'Zorn',
        prenom: 'Ida',
        email: 'ida@example.org',
        pays: 'de',
        nationalite: 'de',
        date_passage: `201${index}-07-0${index}`,
        date_naissance: '1980-01-01',
      }),
    ),
    ...Array.from({ length: 56 }, (_, index) =>
      laureateRecord({
        numero: 10 + index,
        nom: `Rider${String(index).padStart(2, '0')}`,
        pays: index % 3 === 0 ? 'nl' : 'fr',
        date_passage: `20${String(index % 20).padStart(2, '0')}-0${(index % 9) + 1}-1${index % 10}`,
        date_naissance: `19${50 + (index % 40)}-02-03`,
        ville: index % 4 === 0 ? null : `Town${index % 7}`,
      }),
    ),
    laureateRecord({ numero: 500, nom: 'Secret', prenom: 'Hidden', email: 'Hidden@Example.org' }),
    laureateRecord({
      epreuve: 'galerien',
      numero: 2,
      nom: 'Secret',
      prenom: 'Hidden',
      email: 'Hidden@Example.org',
    }),
  ]);
  await hideEmail(t, 'hidden@example.org');
});
afterAll(async () => {
  await t.close();
});

async function list(query: Record<string, string | number> = {}): Promise<LaureatesPage> {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  const response = await t.app.inject({ method: 'GET', url: `/api/laureates?${search}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<LaureatesPage>();
}

describe('GET /api/laureates paging', () => {
  it('answers the first page with the total', async () => {
    const page = await list();
    expect(page).toMatchObject({ total: VISIBLE_ROWS, page: 1, pageSize: 25 });
    expect(page.items).toHaveLength(25);
  });

  it('answers a short last page, then empty pages past the end', async () => {
    expect((await list({ page: 3 })).items).toHaveLength(VISIBLE_ROWS - 50);
    const past = await list({ page: 4 });
    expect(past).toMatchObject({ items: [], total: VISIBLE_ROWS, page: 4 });
    expect((await list({ page: 1000, pageSize: 100 })).items).toEqual([]);
  });

  it('offers 25, 50 and 100 rows per page, nothing else', async () => {
    expect((await list({ pageSize: 50 })).items).toHaveLength(50);
    expect((await list({ pageSize: 100 })).items).toHaveLength(VISIBLE_ROWS);
    for (const query of ['pageSize=10', 'pageSize=1000', 'page=0', 'sort=password', 'year=1900', 'pays=xx']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/laureates?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code).toBe('validation');
    }
  });

  it('shows the birth year and the counts, never the email nor the date of birth', async () => {
    const [row] = (await list({ q: 'benoit', sort: 'epreuve' })).items;
    expect(row).toEqual({
      homologationId: expect.any(Number),
      laureateId: expect.any(Number),
      rank: 1,
      numero: 1,
      epreuve: 'cingle',
      nom: 'Lefèvre',
      prenom: 'Benoît',
      civilite: 'm',
      birth_year: 1960,
      total: 2,
      cingle: 1,
      bicingle: 0,
      galerien: 1,
      pays: 'fr',
      nationalite: 'fr',
      date_passage: '1990-07-01',
      age: 30,
      ville: 'Saint-Étienne',
    });
  });
});

/** The value a sort key orders by, as the client sees it. */
function sortValue(row: LaureateRow, key: LaureateSortKey): string | number | null {
  const value = row[key === 'rank' ? 'numero' : key];
  return value as string | number | null;
}

const collator = (a: string | number, b: string | number) =>
  typeof a === 'number' && typeof b === 'number'
    ? a - b
    : String(a) < String(b)
      ? -1
      : String(a) > String(b)
        ? 1
        : 0;

describe('GET /api/laureates compression', () => {
  it.each([
    ['br', (body: Buffer) => zlib.brotliDecompressSync(body)],
    ['gzip', (body: Buffer) => zlib.gunzipSync(body)],
  ] as const)(
    'sends a page compressed with %s to a client that accepts it, the same JSON',
    async (encoding, decode) => {
      const plain = await t.app.inject({ method: 'GET', url: '/api/laureates?pageSize=50' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      for (let attempt = 0; attempt < 2; attempt++) {
        // The second answer comes from the page kept in memory, compressed once.
        const response = await t.app.inject({
          method: 'GET',
          url: '/api/laureates?pageSize=50',
          headers: { 'accept-encoding': `${encoding}, identity` },
        });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-encoding']).toBe(encoding);
        expect(response.headers.vary).toContain('Accept-Encoding');
        expect(JSON.parse(decode(response.rawPayload).toString('utf8'))).toEqual(plain.json());
      }
    },
  );

  it('leaves a small page uncompressed', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/laureates?q=zzzz-nobody',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toMatchObject({ items: [], total: 0 });
  });
});

describe('GET /api/laureates sorting', () => {
  it.each(LAUREATE_SORT_KEYS.flatMap((key) => [key, `-${key}`]))(
    'sorts by %s, empty values last',
    async (sort) => {
      const key = sort.replace('-', '') as LaureateSortKey;
      const descending = sort.startsWith('-');
      const { items } = await list({ sort, pageSize: 100 });
      expect(items).toHaveLength(VISIBLE_ROWS);
      const values = items.map((row) => sortValue(row, key));
      const firstNull = values.indexOf(null);
      if (firstNull >= 0) expect(values.slice(firstNull).every((value) => value === null)).toBe(true);
      const known = values.filter((value): value is string | number => value !== null);
      const sorted = [...known].sort((a, b) => (descending ? collator(b, a) : collator(a, b)));
      // The database sorts text by its collation; compare the order of numbers exactly and of text loosely.
      if (known.every((value) => typeof value === 'number')) expect(known).toEqual(sorted);
      else expect(new Set(known)).toEqual(new Set(sorted));
    },
  );

  it.each(['nom', '-pays', 'civilite', '-total', 'date_passage', '-ville'])(
    'pages through %s without losing or repeating a row (stable tie-breaker)',
    async (sort) => {
      const all = (await list({ sort, pageSize: 100 })).items.map((row) => row.homologationId);
      const paged = [];
      for (let page = 1; page <= 3; page++)
        paged.push(...(await list({ sort, page, pageSize: 25 })).items.map((row) => row.homologationId));
      expect(paged).toEqual(all);
      expect(new Set(paged).size).toBe(VISIBLE_ROWS);
    },
  );

  it('sorts by date, latest first, by default', async () => {
    const { items } = await list({ pageSize: 100 });
    expect(items[0]!.date_passage! >= items[1]!.date_passage!).toBe(true);
    expect(items.at(-1)!.date_passage).toBeNull();
  });
});

describe('GET /api/laureates search and filters', () => {
  it.each([
    ['benoit', 2],
    ['BENOÎT', 2],
    ['lefevre benoit', 2],
    ['saint etienne', 2],
    ['jean pierre', 1],
    ['Jean-Pierre Martin', 1],
    ['malaucene', 1],
    ['liege', 1],
    ['rider0', 10],
    ['nobody-at-all', 0],
    ['100%_', 0],
  ])('finds %j in names and towns, accents ignored (%i rows)', async (q, expected) => {
    const page = await list({ q, pageSize: 100 });
    expect(page.total).toBe(expected);
    expect(page.items).toHaveLength(expected);
  });

  it('filters by challenge, country and year, alone and together', async () => {
    expect((await list({ epreuve: 'galerien' })).items.map((row) => row.nom)).toEqual(['Lefèvre']);
    expect((await list({ epreuve: 'bicingle' })).total).toBe(1);
    const german = await list({ pays: 'de' });
    expect(german.total).toBe(3);
    expect(german.items.every((row) => row.pays === 'de')).toBe(true);
    expect((await list({ pays: 'BE' })).items.map((row) => row.nom)).toEqual(['Dupont']);
    const year = await list({ year: 2012, pageSize: 100 });
    expect(year.items.length).toBeGreaterThan(0);
    expect(year.items.every((row) => row.date_passage?.startsWith('2012-'))).toBe(true);
    expect((await list({ year: 2011, pays: 'de', epreuve: 'cingle', q: 'zorn' })).total).toBe(1);
    expect((await list({ year: 1990, epreuve: 'galerien' })).total).toBe(0);
  });

  it('treats empty filters (an HTML form) as no filter', async () => {
    expect((await list({ q: '', epreuve: '', pays: '', year: '', sort: '' })).total).toBe(VISIBLE_ROWS);
  });
});

describe('hidden riders', () => {
  it('never appear in the table, its totals or the counts', async () => {
    expect((await list({ q: 'secret' })).total).toBe(0);
    const all = await list({ pageSize: 100 });
    expect(all.items.some((row) => row.nom === 'Secret')).toBe(false);
    expect((await list({ epreuve: 'galerien' })).total).toBe(1);
  });

  it('have no palmarès page', async () => {
    const secret = await t.db.query.laureates.findFirst({
      where: (table, { eq }) => eq(table.nom, 'Secret'),
    });
    const response = await t.app.inject({ method: 'GET', url: `/api/laureates/${secret!.id}` });
    expect(response.statusCode).toBe(404);
  });

  it('are left out of the home teaser', async () => {
    const teaser = await t.services.laureateTeaser.teaser(100);
    expect(teaser.latest.some((row) => row.nom === 'Secret')).toBe(false);
    expect(teaser.total).toBe(60);
  });
});

describe('GET /api/laureates/:laureateId (palmarès)', () => {
  it('lists every homologation of the rider with its number, oldest first', async () => {
    const [row] = (await list({ q: 'zorn' })).items;
    const response = await t.app.inject({ method: 'GET', url: `/api/laureates/${row!.laureateId}` });
    expect(response.statusCode).toBe(200);
    const palmares = response.json();
    expect(palmares).toMatchObject({ nom: 'Zorn', prenom: 'Ida', birth_year: 1980, total: 3, cingle: 3 });
    expect(palmares.homologations.map((ride: { numero: number }) => ride.numero)).toEqual([3, 4, 5]);
    expect(palmares).not.toHaveProperty('email');
  });

  it('answers 404 for an unknown rider and 400 for a malformed id', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/laureates/999999' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/laureates/abc' })).statusCode).toBe(400);
  });
});

describe('full birth dates, for administrators only (decision 0020)', () => {
  it('are read by laureate id, with unknown dates as null', async () => {
    const [zorn] = (await list({ q: 'zorn' })).items;
    const [dupont] = (await list({ q: 'dupont' })).items;
    const dates = await t.services.laureates.birthDates([zorn!.laureateId, dupont!.laureateId, 999_999]);
    expect(dates).toEqual({ [zorn!.laureateId]: '1980-01-01', [dupont!.laureateId]: null });
    expect(await t.services.laureates.birthDates([])).toEqual({});
  });

  it('never reach the public answers', async () => {
    const page = await list({ q: 'zorn' });
    expect(JSON.stringify(page)).not.toContain('1980-01-01');
  });
});

describe("the ranking's countries", () => {
  it('are those of the shown riders, hidden riders left out, and follow a change of what the public sees', async () => {
    expect(await t.services.laureates.countries()).toEqual(['be', 'de', 'fr', 'nl']);
    await addLaureates(t, [
      laureateRecord({ numero: 900, nom: 'Rossi', prenom: 'Gina', email: 'gina@example.org', pays: 'it' }),
      laureateRecord({ numero: 901, nom: 'Keller', prenom: 'Urs', email: 'urs@example.org', pays: 'ch' }),
    ]);
    await hideEmail(t, 'urs@example.org');
    expect(await t.services.laureates.countries()).toEqual(['be', 'de', 'fr', 'it', 'nl']);
  });

  it('are kept a minute between two changes', async () => {
    const now = Date.now();
    const first = await t.services.laureates.countries(now);
    await t.db.delete(displayRestrictions).where(eq(displayRestrictions.email, 'urs@example.org'));
    expect(await t.services.laureates.countries(now + 59_000)).toEqual(first);
    expect(await t.services.laureates.countries(now + 60_000)).toContain('ch');
  });
});
