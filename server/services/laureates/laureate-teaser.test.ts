import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../db/client.ts';
import { displayRestrictions, homologations, laureates } from '../../db/schema/index.ts';
import { createLaureateTeaserService } from './laureate-teaser.ts';

let handle: DatabaseHandle;

// Migrating a fresh embedded database takes a few seconds, more on a busy machine.
beforeAll(async () => {
  handle = await openDatabase({ dataDir: 'memory://' });
  await handle.migrate();
}, 60_000);
afterAll(async () => {
  await handle?.close();
});
beforeEach(async () => {
  await handle.db.delete(displayRestrictions);
  await handle.db.delete(homologations);
  await handle.db.delete(laureates);
});

async function addLaureate(prenom: string, email: string | null) {
  const [row] = await handle.db
    .insert(laureates)
    .values({
      prenom,
      nom: 'Ventoux',
      email,
      pays: 'fr',
      searchText: `ventoux ${prenom.toLowerCase()}`,
      identityKey: `ventoux|${prenom.toLowerCase()}`,
    })
    .returning({ id: laureates.id });
  return row!.id;
}

let nextNumero = 1;
async function homologate(
  laureateId: number,
  homologatedAt: string,
  epreuve: 'cingle' | 'galerien' = 'cingle',
) {
  await handle.db
    .insert(homologations)
    .values({ laureateId, epreuve, numero: nextNumero++, homologatedAt: new Date(homologatedAt) });
}

describe('laureate teaser', () => {
  it('answers an empty teaser on an empty database', async () => {
    const service = createLaureateTeaserService({ db: handle.db });
    expect(await service.teaser(5)).toEqual({ total: 0, latest: [] });
  });

  it('lists the newest homologations first and counts people, not rides', async () => {
    const anne = await addLaureate('Anne', 'anne@example.org');
    const bruno = await addLaureate('Bruno', null);
    const chloe = await addLaureate('Chloé', 'chloe@example.org');
    await homologate(anne, '2024-06-01T10:00:00Z');
    await homologate(bruno, '2024-07-01T10:00:00Z');
    await homologate(chloe, '2024-05-01T10:00:00Z');
    await homologate(anne, '2024-08-01T10:00:00Z', 'galerien');

    const teaser = await createLaureateTeaserService({ db: handle.db }).teaser(3);

    expect(teaser.total).toBe(3);
    expect(teaser.latest.map((row) => [row.prenom, row.epreuve])).toEqual([
      ['Anne', 'galerien'],
      ['Bruno', 'cingle'],
      ['Anne', 'cingle'],
    ]);
    expect(teaser.latest[0]).toMatchObject({
      nom: 'Ventoux',
      pays: 'fr',
      homologatedAt: '2024-08-01T10:00:00.000Z',
    });
  });

  it('leaves out riders whose display restriction is confirmed, whatever the case of the email', async () => {
    const hidden = await addLaureate('Hidden', 'Hidden@Example.org');
    const pending = await addLaureate('Pending', 'pending@example.org');
    await homologate(hidden, '2024-09-01T10:00:00Z');
    await homologate(pending, '2024-08-01T10:00:00Z');
    await handle.db.insert(displayRestrictions).values([
      { email: 'hidden@example.org', tokenHash: 'a', locale: 'fr', confirmedAt: new Date() },
      { email: 'pending@example.org', tokenHash: 'b', locale: 'fr', confirmedAt: null },
    ]);

    const teaser = await createLaureateTeaserService({ db: handle.db }).teaser(5);

    expect(teaser.total).toBe(1);
    expect(teaser.latest.map((row) => row.prenom)).toEqual(['Pending']);
  });

  it('keeps its answer for a minute, then asks the database again', async () => {
    let clock = 0;
    const service = createLaureateTeaserService({ db: handle.db, now: () => clock });
    expect((await service.teaser(5)).total).toBe(0);
    await homologate(await addLaureate('Anne', null), '2024-06-01T10:00:00Z');
    clock = 59_000;
    expect((await service.teaser(5)).total).toBe(0);
    clock = 60_000;
    expect((await service.teaser(5)).total).toBe(1);
  });
});
