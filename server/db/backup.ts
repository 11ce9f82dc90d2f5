/**
 * Backups and moves (decision 0019): `db:backup FILE` writes every row of every table of the `public` schema as a
 * plain SQL file, `db:restore FILE` loads it into an empty database. The same code reads and writes PGlite and
 * PostgreSQL through drizzle, so a club moves from the embedded database to PostgreSQL with two commands, and
 * no `pg_dump` is needed on the machine.
 *
 * The file holds data, not schema: the schema comes from the migrations, which the CLI applies first. It is
 * portable SQL, one statement per line:
 *   - a guard that stops if the target is not at the migration level the backup was made at;
 *   - per table, parents before children, batches of rows as JSON loaded with `json_populate_recordset` (every
 *     type keeps its text form: timestamps to the microsecond, jsonb, bytea);
 *   - the sequences' positions.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import readline from 'node:readline';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from './client.ts';

const BATCH_ROWS = 2000;
const FORMAT = 'cingles-backup 1';

type Executor = Pick<Database, 'execute'>;

async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Tables of the public schema, each after the tables its foreign keys point to. */
async function tablesInOrder(db: Executor): Promise<string[]> {
  const tables = await rowsOf<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' order by c.relname`,
  );
  const edges = await rowsOf<{ child: string; parent: string }>(
    db,
    sql`select child.relname as child, parent.relname as parent
        from pg_constraint k
        join pg_class child on child.oid = k.conrelid
        join pg_class parent on parent.oid = k.confrelid
        join pg_namespace n on n.oid = child.relnamespace
        where k.contype = 'f' and n.nspname = 'public'`,
  );
  const parents = new Map(tables.map(({ name }) => [name, new Set<string>()]));
  for (const { child, parent } of edges) if (child !== parent) parents.get(child)?.add(parent);
  const ordered: string[] = [];
  const visit = (name: string, path: Set<string>) => {
    if (ordered.includes(name) || path.has(name)) return;
    path.add(name);
    for (const parent of parents.get(name) ?? []) visit(parent, path);
    ordered.push(name);
  };
  for (const { name } of tables) visit(name, new Set());
  return ordered;
}

async function insertableColumns(db: Executor, table: string): Promise<string[]> {
  const columns = await rowsOf<{ name: string }>(
    db,
    sql`select column_name as name from information_schema.columns
        where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
        order by ordinal_position`,
  );
  return columns.map((column) => column.name);
}

async function primaryKey(db: Executor, table: string): Promise<string[]> {
  const columns = await rowsOf<{ name: string }>(
    db,
    sql`select a.attname as name from pg_index i
        join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where i.indrelid = ${`public.${quoteIdentifier(table)}`}::regclass and i.indisprimary
        order by array_position(i.indkey::int2[], a.attnum)`,
  );
  return columns.map((column) => column.name);
}

async function migrationCount(db: Executor): Promise<number> {
  const [row] = await rowsOf<{ count: number | string }>(
    db,
    sql`select count(*) as count from drizzle.__drizzle_migrations`,
  );
  return Number(row?.count ?? 0);
}

/** A dollar-quoted literal whose tag does not occur in the text. */
function dollarQuoted(text: string): string {
  let tag = '$cv$';
  while (text.includes(tag)) tag = `$cv${crypto.randomBytes(4).toString('hex')}$`;
  return `${tag}${text}${tag}`;
}

export interface BackupReport {
  tables: number;
  rows: number;
  bytes: number;
}

/** Writes the backup to `file` (through a temporary file, so a failed backup never leaves half a file). */
export async function writeBackup(db: Database, file: string): Promise<BackupReport> {
  const temporary = `${file}.partial`;
  const out = fs.openSync(temporary, 'w', 0o600);
  let bytes = 0;
  const write = (line: string) => {
    bytes += fs.writeSync(out, `${line}\n`);
  };
  let rows = 0;
  let tables = 0;
  try {
    // One snapshot for the whole file: rows written meanwhile are either all in or all out.
    await db.transaction(
      async (tx) => {
        const migrations = await migrationCount(tx);
        write(`-- ${FORMAT}`);
        write(`-- made ${new Date().toISOString()} at migration level ${migrations}`);
        write(`-- restore with: npm run cli -- db:restore FILE (into an empty database)`);
        write(
          `DO $guard$ BEGIN IF (SELECT count(*) FROM drizzle.__drizzle_migrations) <> ${migrations} THEN RAISE EXCEPTION 'this backup was made at migration level ${migrations}: restore it with the version of the site that made it, then upgrade'; END IF; END $guard$;`,
        );
        const names = await tablesInOrder(tx);
        tables = names.length;
        for (const table of names) {
          const columns = (await insertableColumns(tx, table)).map(quoteIdentifier).join(', ');
          const order = (await primaryKey(tx, table)).map(quoteIdentifier).join(', ') || columns;
          const name = quoteIdentifier(table);
          for (let offset = 0; ; offset += BATCH_ROWS) {
            const [batch] = await rowsOf<{ rows: string | null; count: number | string }>(
              tx,
              sql`select json_agg(t)::text as rows, count(*) as count from (
                    select ${sql.raw(columns)} from ${sql.raw(`public.${name}`)}
                    order by ${sql.raw(order)} limit ${BATCH_ROWS} offset ${offset}) t`,
            );
            const count = Number(batch?.count ?? 0);
            if (!batch?.rows || count === 0) break;
            // JSON text never holds a raw line break inside a string: joining the lines keeps one statement a line.
            const json = batch.rows.replaceAll('\n', ' ');
            write(
              `INSERT INTO ${name} (${columns}) SELECT ${columns} FROM json_populate_recordset(NULL::${name}, ${dollarQuoted(json)});`,
            );
            rows += count;
            if (count < BATCH_ROWS) break;
          }
        }
        const sequences = await rowsOf<{ name: string; value: string | number | null }>(
          tx,
          sql`select sequencename as name, last_value as value from pg_sequences where schemaname = 'public'`,
        );
        for (const sequence of sequences) {
          const target = `'public.${quoteIdentifier(sequence.name)}'`;
          write(
            sequence.value === null
              ? `SELECT setval(${target}, 1, false);`
              : `SELECT setval(${target}, ${BigInt(sequence.value)}, true);`,
          );
        }
        write('-- end');
      },
      { accessMode: 'read only', isolationLevel: 'repeatable read' },
    );
  } catch (error) {
    fs.closeSync(out);
    fs.rmSync(temporary, { force: true });
    throw error;
  }
  fs.closeSync(out);
  fs.renameSync(temporary, file);
  return { tables, rows, bytes };
}

export class RestoreRefused extends Error {}

/** Tables of the public schema that hold at least one row. */
export async function nonEmptyTables(db: Database): Promise<string[]> {
  const found: string[] = [];
  for (const table of await tablesInOrder(db)) {
    const [row] = await rowsOf<{ any: boolean }>(
      db,
      sql`select exists (select 1 from ${sql.raw(`public.${quoteIdentifier(table)}`)}) as any`,
    );
    if (row?.any) found.push(table);
  }
  return found;
}

/** Loads a backup into an empty, migrated database, in one transaction: all of it or nothing. */
export async function restoreBackup(db: Database, file: string): Promise<{ statements: number }> {
  const lines = readline.createInterface({ input: fs.createReadStream(file, 'utf8'), crlfDelay: Infinity });
  const iterator = lines[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done || first.value !== `-- ${FORMAT}`)
    throw new RestoreRefused(`${file} is not a backup made by db:backup`);
  const filled = await nonEmptyTables(db);
  if (filled.length > 0)
    throw new RestoreRefused(
      `The database is not empty (${filled.join(', ')}): restore into an empty database only.`,
    );
  let statements = 0;
  let ended = false;
  await db.transaction(async (tx) => {
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      const line = next.value;
      if (line === '-- end') ended = true;
      if (!line || line.startsWith('--')) continue;
      await tx.execute(sql.raw(line));
      statements += 1;
    }
    if (!ended) throw new RestoreRefused(`${file} is cut short (no end mark): nothing was restored.`);
  });
  return { statements };
}
