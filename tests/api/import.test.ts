import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LaureatesPage } from '../../domain/schemas/laureates.ts';
import { runCli } from '../../server/cli.ts';
import { homologationSequences, homologations, laureates } from '../../server/db/schema/index.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';

let t: TestApp;

const GOOD_FILE = [
  'epreuve;numero;nom;prenom;civilite;date_naissance;email;date_passage;ville;pays;nationalite;total',
  'Cinglé;1;Lefèvre;Benoît;M;20/05/1960;benoit@example.org;14/07/1990;Bédoin;FR;FR;2',
  'galerien;1;Lefèvre;Benoît;M;20/05/1960;BENOIT@example.org;2000-08-01;Carpentras;fr;fr;2',
  // Same person without an email: linked by name and date of birth.
  'cingle;7;LEFEVRE;benoit;m;1960-05-20;;2005-06-01;Sault;fr;fr;3',
  'cingle;2;Dupont;Anne;Mme;;;1970-01-01;Liège;Belgique;be;1',
  // Namesakes without a date of birth stay two people.
  'cingle;3;Martin;Jean;;;;31/02/1995;;;;1',
  'bicingle;4;Martin;Jean;;;;2012-07-07;;;;1',
].join('\n');

function write(name: string, content: string): string {
  const file = path.join(t.dataDir, name);
  fs.writeFileSync(file, content);
  return file;
}

async function counts() {
  return { people: await t.db.$count(laureates), rides: await t.db.$count(homologations) };
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('laureates import', () => {
  it('refuses a file with a bad row, reports every error with its line, and imports nothing', async () => {
    const result = await t.services.laureateImport.importCsv(
      [
        'epreuve,numero,nom,prenom,email,pays',
        'cingle,10,Bon,Paul,paul@example.org,fr',
        'tour,11,Mauvais,Marc,marc@example.org,fr',
        'cingle,x,,Luc,luc@,zz',
      ].join('\n'),
    );
    expect(result.report).toBeNull();
    expect(result.errors.map((error) => error.line)).toEqual([3, 4, 4, 4, 4]);
    expect(result.errors[0]?.message).toMatch(/epreuve: "tour"/);
    expect(await counts()).toEqual({ people: 0, rides: 0 });
  });

  it('refuses rides dated before their challenge existed, each with its line', async () => {
    const result = await t.services.laureateImport.importCsv(
      [
        'epreuve;numero;nom;prenom;date_passage',
        'galerien;20;Tôt;Paul;14/07/1990',
        'bicingle;21;Tôt;Marie;2000-08-01',
        'cingle;22;Tôt;Luc;1980-06-01',
        'cingle;23;Bon;Jean;1988-06-01',
      ].join('\n'),
    );
    expect(result.report).toBeNull();
    expect(result.errors.map((error) => error.line)).toEqual([2, 3, 4]);
    expect(result.errors[0]?.message).toMatch(
      /galerien ridden on 1990-07-14, before the challenge existed \(1998\)/,
    );
    expect(await counts()).toEqual({ people: 0, rides: 0 });
  });

  it('reports what a dry run would do without writing', async () => {
    const result = await t.services.laureateImport.importCsv(GOOD_FILE, { dryRun: true });
    expect(result.report).toMatchObject({ dryRun: true, rows: 6, inserted: 6, laureatesCreated: 4 });
    // The impossible day of line 6 is kept as unknown, and said so.
    expect(result.warnings).toEqual([
      { line: 6, message: 'date_passage: "31/02/1995" is not a real day; kept as unknown' },
    ]);
    expect(await counts()).toEqual({ people: 0, rides: 0 });
  });

  it('imports a good file, links rows of the same person, and continues the number sequences', async () => {
    const result = await t.services.laureateImport.importCsv(GOOD_FILE);
    expect(result.errors).toEqual([]);
    expect(result.ignoredColumns).toEqual(['total']);
    expect(result.report).toMatchObject({ rows: 6, inserted: 6, skipped: 0, laureatesCreated: 4 });
    expect(await counts()).toEqual({ people: 4, rides: 6 });

    const benoit = await t.app.inject({ method: 'GET', url: '/api/laureates?q=benoit&sort=date_passage' });
    const rows = benoit.json<LaureatesPage>().items;
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((row) => row.laureateId)).size).toBe(1);
    expect(rows[0]).toMatchObject({ total: 3, cingle: 2, galerien: 1, age: 30, date_passage: '1990-07-14' });
    expect(rows.map((row) => row.ville)).toEqual(['Bédoin', 'Carpentras', 'Sault']);

    const anne = await t.app.inject({ method: 'GET', url: '/api/laureates?q=dupont' });
    expect(anne.json<LaureatesPage>().items[0]).toMatchObject({
      pays: 'be',
      civilite: 'mme',
      date_passage: null,
      age: null,
    });
    const martins = await t.app.inject({ method: 'GET', url: '/api/laureates?q=martin' });
    expect(new Set(martins.json<LaureatesPage>().items.map((row) => row.laureateId)).size).toBe(2);

    const sequences = await t.db.select().from(homologationSequences);
    expect(Object.fromEntries(sequences.map((row) => [row.epreuve, row.lastNumero]))).toEqual({
      cingle: 7,
      galerien: 1,
      bicingle: 4,
    });
  });

  it('is idempotent: importing the same file again changes nothing', async () => {
    const result = await t.services.laureateImport.importCsv(GOOD_FILE);
    expect(result.report).toMatchObject({ rows: 6, inserted: 0, skipped: 6, laureatesCreated: 0 });
    expect(await counts()).toEqual({ people: 4, rides: 6 });
  });

  it('adds new rows of a known person to their laureate and raises the sequence', async () => {
    const result = await t.services.laureateImport.importCsv(
      'epreuve,numero,nom,prenom,email,date_passage\ncingle,120,Lefèvre,Benoît,benoit@example.org,2015-07-01\n',
    );
    expect(result.report).toMatchObject({ inserted: 1, laureatesCreated: 0, laureatesLinked: 1 });
    const [cingle] = await t.db
      .select()
      .from(homologationSequences)
      .where(eq(homologationSequences.epreuve, 'cingle'));
    expect(cingle?.lastNumero).toBe(120);
    const benoit = await t.app.inject({ method: 'GET', url: '/api/laureates?q=benoit' });
    expect(benoit.json<LaureatesPage>().items[0]?.total).toBe(4);
  });

  it('never lowers a sequence already further on', async () => {
    await t.db.update(homologationSequences).set({ lastNumero: 500 });
    await t.services.laureateImport.importCsv('epreuve,numero,nom,prenom\ncingle,130,Neuf,Nina\n');
    const sequences = await t.db.select().from(homologationSequences);
    expect(sequences.every((row) => row.lastNumero === 500)).toBe(true);
  });
});

describe('npm run cli -- laureates:import', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cv-import-'));
  const environment = { DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  // Six runs of the command, each opening and migrating its database: slow on a busy machine.
  it('imports a file, refuses a bad one with line numbers, and supports --dry-run', async () => {
    const good = write('good.csv', GOOD_FILE);
    const bad = write('bad.csv', 'epreuve,numero,nom,prenom\ncingle,1,A,B\ncingle,zero,C,D\n');
    const lines: string[] = [];
    const print = (line: string) => lines.push(line);
    const errors: string[] = [];
    const originalError = console.error;
    console.error = (message: string) => errors.push(message);
    try {
      expect(await runCli(['laureates:import', good, '--dry-run'], environment, print)).toBe(0);
      const dryRun = lines.pop();
      expect(dryRun).toMatch(/^Dry run: nothing was written\.\n6 homologation\(s\) read, 6 to import/);
      expect(dryRun).toContain(
        'Warning: 1 row(s) keep a date as unknown.\n  line 6: date_passage: "31/02/1995" is not a real day; kept as unknown',
      );
      expect(await runCli(['laureates:import', good], environment, print)).toBe(0);
      expect(lines.pop()).toMatch(/6 imported, 0 already present/);
      expect(await runCli(['laureates:import', good], environment, print)).toBe(0);
      expect(lines.pop()).toMatch(/0 imported, 6 already present/);
      expect(await runCli(['laureates:import', bad], environment, print)).toBe(1);
      expect(errors.pop()).toMatch(/Nothing was imported: 1 row\(s\) have errors\.\n {2}line 3: numero/);
      expect(await runCli(['laureates:import'], environment, print)).toBe(1);
      expect(await runCli(['laureates:import', path.join(dataDir, 'missing.csv')], environment, print)).toBe(
        1,
      );
    } finally {
      console.error = originalError;
    }
  }, 120_000);

  it('refuses a ride before its challenge with its line, and lists the dates kept as unknown', async () => {
    const early = write(
      'early.csv',
      'epreuve,numero,nom,prenom,date_passage\ncingle,1,A,B,31/02/1995\ngalerien,1,C,D,1990-07-14\n',
    );
    const errors: string[] = [];
    const originalError = console.error;
    console.error = (message: string) => errors.push(message);
    try {
      expect(await runCli(['laureates:import', early, '--dry-run'], environment, () => {})).toBe(1);
    } finally {
      console.error = originalError;
    }
    // Then the command's usage.
    expect(errors.pop()).toMatch(
      [
        'Nothing was imported: 1 row(s) have errors.',
        '  line 3: date_passage: galerien ridden on 1990-07-14, before the challenge existed (1998)',
        'Warning: 1 row(s) keep a date as unknown.',
        '  line 2: date_passage: "31/02/1995" is not a real day; kept as unknown\n',
      ].join('\n'),
    );
  });

  it('seeds demo data with demo:seed, continuing the numbers', async () => {
    const lines: string[] = [];
    expect(await runCli(['demo:seed', '--laureates', '50'], environment, (line) => lines.push(line))).toBe(0);
    expect(lines.pop()).toMatch(/50 new laureate\(s\)/);
    expect(await runCli(['demo:seed', '--laureates', '0'], environment, () => {})).toBe(1);
  });
});
