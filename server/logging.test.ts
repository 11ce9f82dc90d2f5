import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './db/client.ts';
import { createLogger, errorSerializer, requestSerializer } from './logging.ts';

function capture() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { log: createLogger('trace', sink), text: () => lines.join('') };
}

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';
const PHONE = '+33 6 12 34 56 78';

describe('failed queries in the log', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    await database.db.execute(
      sql`create table people (id integer primary key, phone text not null, hash text)`,
    );
    await database.db.execute(sql`insert into people values (1, ${PHONE}, ${HASH})`);
  }, 60_000);
  afterAll(async () => {
    await database.close();
  });

  async function failure(run: () => Promise<unknown>): Promise<unknown> {
    try {
      await run();
    } catch (error) {
      return error;
    }
    throw new Error('the query did not fail');
  }

  it('keep the SQLSTATE code and the constraint, never the query, its parameters or the detail', async () => {
    const duplicate = await failure(() =>
      database.db.execute(sql`insert into people values (1, ${PHONE}, ${HASH})`),
    );
    const badValue = await failure(() => database.db.execute(sql`select ${PHONE}::integer`));
    const { log, text } = capture();
    log.error({ err: duplicate }, 'request failed');
    log.error({ err: badValue }, 'request failed');
    const logged = text();
    expect(logged).not.toContain(PHONE);
    expect(logged).not.toContain('argon2');
    expect(logged).not.toContain('insert into');
    expect(logged).not.toMatch(/params/i);
    expect(logged).toContain('"code":"23505"');
    expect(logged).toContain('"constraint":"people_pkey"');
    expect(logged).toContain('"code":"22P02"');
    expect(logged).toContain('database query failed');
  });

  it('keeps ordinary errors readable: type, message, stack frames', () => {
    const serialized = errorSerializer(new RangeError('out of range')) as Record<string, unknown>;
    expect(serialized).toMatchObject({ type: 'RangeError', message: 'out of range' });
    expect(String(serialized.stack)).toMatch(/^\s+at /);
  });
});

describe('requests in the log', () => {
  it('show the route pattern, or the path without its query string', () => {
    expect(
      requestSerializer({
        method: 'POST',
        url: '/api/account/reset-password/rider%40example.org/s3cr3t?lang=fr',
        routeOptions: { url: '/api/account/reset-password/:email/:token' },
      }),
    ).toEqual({ method: 'POST', url: '/api/account/reset-password/:email/:token' });
    expect(
      requestSerializer({
        method: 'GET',
        url: '/fr/account/reset-password?email=rider%40example.org&token=s3cr3t',
        routeOptions: { url: '/*' },
      }),
    ).toEqual({ method: 'GET', url: '/fr/account/reset-password' });
  });

  it('never hold headers, cookies or bodies', () => {
    const { log, text } = capture();
    log.info({
      req: {
        method: 'PUT',
        url: '/api/me?x=1',
        headers: { cookie: 'session=abc', authorization: 'Bearer abc' },
        body: { password: 'Ventoux1910' },
      },
    });
    expect(text()).not.toMatch(/abc|Ventoux1910|x=1/);
  });
});
