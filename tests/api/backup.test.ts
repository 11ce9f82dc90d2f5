/**
 * db:backup → db:restore: every row of every table comes back equal. The source is this project's database
 * (PGlite, or PostgreSQL in api-pg); the target is PostgreSQL whenever TEST_DATABASE_URL names a server, so the
 * PGlite run covers the move from the embedded database to PostgreSQL.
 */
import fs from 'node:fs';
import path from 'node:path';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RestoreRefused, nonEmptyTables, restoreBackup, writeBackup } from '../../server/db/backup.ts';
import type { Database, DatabaseHandle } from '../../server/db/client.ts';
import * as schema from '../../server/db/schema/index.ts';
import { addLaureates, hideEmail, laureateRecord } from '../support/laureates.ts';
import { paidOrder } from '../support/registrations.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { openTestDatabase } from '../support/test-database.ts';
import { signedInUser } from '../support/users.ts';

const tables = Object.values(schema).filter((value) => is(value, PgTable)) as PgTable[];

async function everyRow(db: Database) {
  const contents: Record<string, string[]> = {};
  for (const table of tables) {
    const rows = await db.select().from(table);
    // Rows as JSON (dates as ISO instants, bytes as arrays), sorted: equal contents compare equal.
    contents[getTableName(table)] = rows
      .map((row) =>
        JSON.stringify(row, (_key, value: unknown) => (value instanceof Uint8Array ? [...value] : value)),
      )
      .sort();
  }
  return contents;
}

let t: TestApp;
let target: DatabaseHandle;
let file: string;

beforeAll(async () => {
  t = await createTestApp();
  target = await openTestDatabase(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
  file = path.join(t.dataDir, 'backup.sql');
  // Something in every kind of table: accounts and sessions, an order with its candidates and payment,
  // laureates with their homologations, a hidden rider, a finished print job with its PDF bytes.
  const buyer = await signedInUser(t);
  await paidOrder(t, buyer);
  await addLaureates(t, [
    laureateRecord({ nom: "O'Brien", prenom: 'Zoë', ville: 'Saint-Léger-du-Ventoux' }),
    laureateRecord({ epreuve: 'galerien', date_naissance: null as never }),
    laureateRecord({ epreuve: 'bicingle', email: 'hidden@example.org' }),
  ]);
  await hideEmail(t, 'hidden@example.org');
  await t.db.insert(schema.printJobs).values({
    ownerId: buyer.id,
    candidateIds: [1, 2],
    total: 2,
    status: 'done',
    file: new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x0a, 0x24]),
  });
  await t.db.execute(sql`update users set nom = 'Line
break $cv$ and ''quote''' where id = ${buyer.id}`);
});

afterAll(async () => {
  await target?.close();
  await t?.close();
});

describe('db:backup and db:restore', () => {
  it('restores every row of every table, sequences included', async () => {
    const written = await writeBackup(t.db, file);
    expect(written.rows).toBeGreaterThan(10);
    expect(fs.statSync(file).size).toBe(written.bytes);

    await restoreBackup(target.db, file);
    const source = await everyRow(t.db);
    expect(Object.values(source).filter((rows) => rows.length > 0).length).toBeGreaterThanOrEqual(10);
    expect(await everyRow(target.db)).toEqual(source);
    // The schema lists every table the database has: none is left out of the comparison.
    expect((await nonEmptyTables(t.db)).every((name) => name in source)).toBe(true);

    // New rows continue after the restored ones: every sequence is where it was.
    const positions = async (db: Database) =>
      (
        (await db.execute(
          sql`select sequencename, last_value::text from pg_sequences where schemaname = 'public' order by 1`,
        )) as unknown as { rows: unknown[] }
      ).rows;
    const before = await positions(t.db);
    expect(before.length).toBeGreaterThan(5);
    expect(await positions(target.db)).toEqual(before);
  });

  it('refuses a database that is not empty, and a file that is not a backup', async () => {
    await expect(restoreBackup(t.db, file)).rejects.toThrow(RestoreRefused);
    await expect(restoreBackup(t.db, file)).rejects.toThrow(/not empty \(.*users/);
    const other = path.join(t.dataDir, 'other.sql');
    fs.writeFileSync(other, 'DROP TABLE users;\n');
    await expect(restoreBackup(t.db, other)).rejects.toThrow(/not a backup made by db:backup/);
  });
});
