/**
 * A laureate chooses how public tables name them (PUT /api/me/public-name): the ranking, a palmarès, the home
 * page's latest laureates and a diploma's check page follow at once; a search no longer finds the part they chose
 * not to show; only the proven owner of the address chooses.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LaureatesPage, Palmares } from '../../domain/schemas/laureates.ts';
import { auditLog, homologations } from '../../server/db/schema/index.ts';
import { addLaureates, laureateRecord } from '../support/laureates.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';
import { signedInUser, verifiedUser } from '../support/users.ts';

let t: TestApp;
let rider: Awaited<ReturnType<typeof verifiedUser>>;
let laureateId: number;

beforeAll(async () => {
  t = await createTestApp();
  rider = await verifiedUser(t, { email: 'jean-pierre@example.org', nom: 'Lefèvre', prenom: 'Jean-Pierre' });
  await addLaureates(t, [
    laureateRecord({
      numero: 7001,
      nom: 'Lefèvre',
      prenom: 'Jean-Pierre',
      email: 'Jean-Pierre@Example.org',
      ville: 'Bédoin',
    }),
    laureateRecord({ numero: 7002, nom: 'Lefèvre', prenom: 'Anne', email: 'anne@example.org' }),
  ]);
  laureateId = (await ranking('?pageSize=100')).items.find((row) => row.numero === 7001)!.laureateId;
});
afterAll(async () => {
  await t.close();
});

async function ranking(query = ''): Promise<LaureatesPage> {
  return (await t.app.inject({ method: 'GET', url: `/api/laureates${query}` })).json<LaureatesPage>();
}

const rowOf = async (numero: number) =>
  (await ranking('?pageSize=100')).items.find((row) => row.numero === numero);

const choose = (display: unknown, auth = rider.auth) =>
  t.app.inject({ method: 'PUT', url: '/api/me/public-name', headers: auth, payload: { display } });

describe('PUT /api/me/public-name', () => {
  it('starts with the name in full', async () => {
    const state = await t.app.inject({ method: 'GET', url: '/api/me/public-display', headers: rider.auth });
    expect(state.json()).toEqual({ hidden: false, name: 'full' });
    expect(await rowOf(7001)).toMatchObject({ prenom: 'Jean-Pierre', nom: 'Lefèvre', ville: 'Bédoin' });
  });

  it('first name and initial: the ranking, the palmarès, the home page and the diploma follow at once', async () => {
    const answer = await choose('initial');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ hidden: false, name: 'initial' });
    expect(await rowOf(7001)).toMatchObject({ prenom: 'Jean-Pierre', nom: 'L.' });
    // Someone else of the same name is not touched.
    expect(await rowOf(7002)).toMatchObject({ prenom: 'Anne', nom: 'Lefèvre' });

    const palmares = await t.app.inject({ method: 'GET', url: `/api/laureates/${laureateId}` });
    expect(palmares.json<Palmares>()).toMatchObject({ prenom: 'Jean-Pierre', nom: 'L.' });

    const teaser = await t.services.laureateTeaser.teaser(10);
    expect(teaser.latest.find((row) => row.numero === 7001)).toMatchObject({
      prenom: 'Jean-Pierre',
      nom: 'L.',
    });

    const [homologation] = await t.db
      .select({ code: homologations.diplomaCode })
      .from(homologations)
      .where(eq(homologations.numero, 7001));
    const diploma = await t.app.inject({ method: 'GET', url: `/api/diplomas/${homologation!.code}` });
    expect(diploma.json().name).toBe('Jean-Pierre L.');
  });

  it('initials: the town of the ride stays beside them', async () => {
    expect((await choose('initials')).json()).toEqual({ hidden: false, name: 'initials' });
    expect(await rowOf(7001)).toMatchObject({ prenom: 'J.-P.', nom: 'L.', ville: 'Bédoin' });
  });

  it('names each laureate by their own choice, on a palmarès too', async () => {
    const other = (await ranking('?pageSize=100')).items.find((row) => row.numero === 7002)!;
    const palmares = await t.app.inject({ method: 'GET', url: `/api/laureates/${other.laureateId}` });
    expect(palmares.json<Palmares>()).toMatchObject({ prenom: 'Anne', nom: 'Lefèvre' });
  });

  it('a shortened name is not found by a search', async () => {
    const found = await ranking('?q=lefevre');
    expect(found.items.map((row) => row.numero)).toEqual([7002]);
    expect((await ranking('?q=jean-pierre')).items).toEqual([]);
  });

  it('records the choice, and the name in full again leaves no trace of the choice', async () => {
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'public_name.choose'))
      .orderBy(auditLog.id)
      .limit(1);
    expect(entry).toMatchObject({ actorId: rider.id, entityId: 'jean-pierre@example.org' });
    expect((await choose('full')).json()).toEqual({ hidden: false, name: 'full' });
    expect(await rowOf(7001)).toMatchObject({ prenom: 'Jean-Pierre', nom: 'Lefèvre' });
    expect((await ranking('?q=lefevre')).items.map((row) => row.numero).sort()).toEqual([7001, 7002]);
  });

  it('refuses anything but the three choices, with a localized message', async () => {
    for (const display of ['FULL', '', null, 3, { display: 'full' }]) {
      const answer = await choose(display);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error.fields.display).toBe('validation:name_display_invalid');
    }
  });

  it('is for the proven owner of the address only', async () => {
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/me/public-name', payload: { display: 'initial' } }))
        .statusCode,
    ).toBe(401);
    const unverified = await signedInUser(t, { email: 'anne@example.org' });
    const answer = await choose('initials', unverified.auth);
    expect(answer.statusCode).toBe(403);
    expect(answer.json().error.code).toBe('email_not_verified');
    expect(await rowOf(7002)).toMatchObject({ prenom: 'Anne', nom: 'Lefèvre' });
  });
});
