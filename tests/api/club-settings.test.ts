/**
 * The club's settings (issue 47): only an administrator reads and changes them; each change is a version made from
 * the version read (If-Match); the environment is version 1; the price in force on the day an order is made is
 * the order's for good; a retired pick-up point stays on its orders; closed registrations refuse new orders.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, today } from '../../domain/dates.ts';
import type { StaffRole } from '../../domain/roles.ts';
import { createLocalChangeBus } from '../../server/change-bus.ts';
import { auditLog, orders } from '../../server/db/schema/index.ts';
import { CLI } from '../../server/services/guards.ts';
import { pageActions } from '../../server/plugins/page-actions.ts';
import { createServices } from '../../server/services/index.ts';
import { createSettingsService } from '../../server/services/platform/settings.ts';
import { orderPayload } from '../support/orders.ts';
import { paidOrder } from '../support/registrations.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';
import { signedInStaff, signedInUser } from '../support/users.ts';

type Auth = Record<string, string>;
let t: TestApp;
let admin: Auth;

beforeAll(async () => {
  t = await createTestApp({ PRICE_CENTS: '2500', REFUND_FEE_CENTS: '200' });
  admin = (await signedInStaff(t, ['admin'])).auth;
});
afterAll(() => t.close());

const read = async (auth: Auth = admin) =>
  (await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: auth })).json<{
    version: number;
    price_cents: number;
    next_price: { from: string; cents: number } | null;
    refund_fee_cents: number;
    pickup_points: { id: string; retired?: boolean }[];
  }>();

async function change(body: object, version?: number, auth: Auth = admin) {
  const ifMatch = version ?? (await read()).version;
  return t.app.inject({
    method: 'PATCH',
    url: '/api/admin/settings',
    headers: { ...auth, 'if-match': `"${ifMatch}"` },
    payload: body,
  });
}

describe('who may', () => {
  it('answers an administrator, refuses every other role (403) and a visitor (401)', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: admin })).statusCode,
    ).toBe(200);
    const others: Auth[] = [];
    for (const role of ['desk', 'president', 'treasurer'] satisfies StaffRole[])
      others.push((await signedInStaff(t, [role])).auth);
    others.push((await signedInUser(t)).auth);
    const calls = [
      { method: 'GET' as const, url: '/api/admin/settings' },
      { method: 'PATCH' as const, url: '/api/admin/settings', payload: { refund_fee_cents: 0 } },
      { method: 'GET' as const, url: '/api/admin/settings/versions' },
      { method: 'POST' as const, url: '/api/admin/settings/versions/1/restore' },
    ];
    for (const call of calls) {
      for (const auth of others) {
        const response = await t.app.inject({ ...call, headers: { ...auth, 'if-match': '1' } });
        expect(response.statusCode, `${call.method} ${call.url}`).toBe(403);
      }
      expect((await t.app.inject({ ...call, headers: { 'if-match': '1' } })).statusCode).toBe(401);
    }
  });
});

describe('the settings and their versions', () => {
  it('are the environment’s values as version 1 until the first change', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/settings', headers: admin });
    expect(response.headers.etag).toBe('"1"');
    expect(response.json()).toMatchObject({
      version: 1,
      changed_at: null,
      price_cents: 2500,
      next_price: null,
      refund_fee_cents: 200,
      registrations_open: true,
      heat_warning: { from: '06-15', to: '08-15' },
    });
    const versions = await t.app.inject({
      method: 'GET',
      url: '/api/admin/settings/versions',
      headers: admin,
    });
    expect(versions.json()).toHaveLength(1);
  });

  it('refuses each wrong field with its message, and an unknown one', async () => {
    const cases: [object, string, string][] = [
      [{ price_cents: 0 }, 'price_cents', 'validation:settings_price'],
      [{ price_cents: 2600, price_from: addDays(today(), -1) }, 'price_from', 'validation:settings_date'],
      [{ refund_fee_cents: 'free' }, 'refund_fee_cents', 'validation:settings_fee'],
      [
        { pickup_points: [{ id: 'x y', name: '', address: '' }] },
        'pickup_points.0.id',
        'validation:settings_pickup_points',
      ],
      [
        { notice: { kind: 'party', from: '2027-07-01', to: '2027-07-02', text: { fr: 'x' } } },
        'notice.kind',
        'validation:settings_notice',
      ],
      [{ registrations_open: 'no' }, 'registrations_open', 'validation:generic'],
      [
        { heat_warning: { from: '13-01', to: '08-15' } },
        'heat_warning.from',
        'validation:settings_heat_warning',
      ],
      [{ club_postal_address: ['one line'] }, 'club_postal_address', 'validation:settings_postal_address'],
      [{ contact_email: 'nobody' }, 'contact_email', 'validation:email_invalid'],
      [{ closed_message: { fr: 7 } }, 'closed_message.fr', 'validation:generic'],
    ];
    for (const [body, field, message] of cases) {
      const response = await change(body);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().error.fields[field], field).toBe(message);
    }
    expect((await change({ colour: 'red' })).statusCode).toBe(400);
    expect((await read()).version).toBe(1);
  });

  it('wants the version read (If-Match): none is 400, an older one 412 with the current one', async () => {
    const missing = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: admin,
      payload: { refund_fee_cents: 300 },
    });
    expect(missing.statusCode).toBe(400);
    const first = await change({ refund_fee_cents: 300 }, 1);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ version: 2, refund_fee_cents: 300 });
    expect(first.headers.etag).toBe('"2"');
    const late = await change({ refund_fee_cents: 400 }, 1);
    expect(late.statusCode).toBe(412);
    expect(late.json().error.code).toBe('settings_changed');
    expect(late.headers.etag).toBe('"2"');
    expect((await read()).refund_fee_cents).toBe(300);
  });

  it('keeps each version with who and the values before, audits it, and restores an earlier one', async () => {
    const versions = (
      await t.app.inject({ method: 'GET', url: '/api/admin/settings/versions', headers: admin })
    ).json<
      { version: number; before: object; values: { refund_fee_cents: number }; changed_by: number | null }[]
    >();
    expect(versions.map((version) => version.version)).toEqual([2, 1]);
    expect(versions[0]).toMatchObject({
      before: { refund_fee_cents: 200 },
      values: { refund_fee_cents: 300 },
    });
    expect(versions[0]!.changed_by).not.toBeNull();
    const restored = await t.app.inject({
      method: 'POST',
      url: '/api/admin/settings/versions/1/restore',
      headers: { ...admin, 'if-match': '2' },
    });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ version: 3, refund_fee_cents: 200 });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/admin/settings/versions/99/restore',
      headers: admin,
    });
    expect(missing.statusCode).toBe(404);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'settings'));
    expect(entries.map((entry) => [entry.action, entry.entityId])).toEqual([
      ['settings.changed', '2'],
      ['settings.restored', '3'],
    ]);
    expect(entries[0]).toMatchObject({ before: { refund_fee_cents: 200 }, after: { refund_fee_cents: 300 } });
  });

  it('pages the versions, newest first, and refuses a page it cannot read', async () => {
    const page = async (query: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/admin/settings/versions${query}`,
        headers: admin,
      });
      return { status: response.statusCode, versions: response.json<{ version: number }[]>() };
    };
    // Versions 1 to 3 from the test above.
    expect((await page('?limit=2')).versions.map((version) => version.version)).toEqual([3, 2]);
    expect((await page('?limit=2&before=2')).versions.map((version) => version.version)).toEqual([1]);
    expect((await page('?before=1')).versions).toEqual([]);
    for (const query of ['?limit=0', '?limit=101', '?before=0', '?before=abc', '?limit=1.5'])
      expect((await page(query)).status, query).toBe(400);
  });

  it('keeps the postal address while payments are live: riders must know where their card goes', async () => {
    const live = createSettingsService({
      db: t.db,
      config: { ...t.config, payments: { ...t.config.payments, testMode: false } },
      changeBus: createLocalChangeBus(),
      onPublicChange: () => {},
    });
    const { version } = await live.get(CLI);
    await expect(live.change(CLI, { club_postal_address: null }, version)).rejects.toMatchObject({
      statusCode: 400,
      fields: { club_postal_address: 'validation:settings_postal_address' },
    });
    expect((await change({ club_postal_address: null })).statusCode).toBe(200);
  });

  it('gives the pages, mails and documents the changed address and fee at once', async () => {
    const lines = ['Club des Cinglés du Mont-Ventoux', 'BP 12', '84410 Bédoin'];
    expect(
      (await change({ club_postal_address: lines, contact_email: 'bureau@example.org' })).statusCode,
    ).toBe(200);
    expect(await t.services.clubAddress.postalAddress()).toEqual({ lines, demonstration: false });
    expect((await t.services.settings.values()).contact_email).toBe('bureau@example.org');
  });
});

describe('the price', () => {
  const priceOf = async (auth: Auth) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/orders/price',
        headers: auth,
        payload: { candidats: [{}] },
      })
    ).json<{ unit_price: number }>().unit_price;

  it('takes effect on its day: before it, orders keep the price in force, paid or not', async () => {
    const buyer = await signedInUser(t);
    const paid = await paidOrder(t, buyer, { candidats: [orderPayload().candidats[0]] });
    const tomorrow = addDays(today(), 1);
    const planned = await change({ price_cents: 3000, price_from: tomorrow });
    expect(planned.json()).toMatchObject({ price_cents: 2500, next_price: { from: tomorrow, cents: 3000 } });
    expect(await priceOf(buyer.auth)).toBe(2500);
    expect((await t.services.orders.price(2, new Date(Date.now() + 2 * 86_400_000))).unit_price).toBe(3000);

    const unpaid = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: buyer.auth,
      payload: orderPayload(),
    });
    expect(unpaid.statusCode).toBe(201);
    expect((await change({ price_cents: 2800 })).json()).toMatchObject({
      price_cents: 2800,
      next_price: null,
    });
    expect(await priceOf(buyer.auth)).toBe(2800);
    const stored = await t.db
      .select({ id: orders.id, unit: orders.unitPriceCents, total: orders.totalCents })
      .from(orders)
      .where(eq(orders.userId, buyer.id));
    expect(stored.find((order) => order.id === paid.id)).toMatchObject({ unit: 2500, total: 2500 });
    expect(stored.find((order) => order.id === unpaid.json().id)).toMatchObject({ unit: 2500, total: 5000 });
  });
});

describe('pick-up points', () => {
  it('retires a point: no longer offered nor chosen, kept on the orders that chose it; never removed', async () => {
    const buyer = await signedInUser(t);
    const order = await paidOrder(t, buyer, { mode_livraison: 'retrait', point_retrait: 'sault' });
    const points = (await read()).pickup_points;
    const removed = await change({ pickup_points: points.filter((point) => point.id !== 'sault') });
    expect(removed.statusCode).toBe(400);
    expect(removed.json().error.fields.pickup_points).toBe('validation:settings_pickup_point_kept');
    const retire = points.map((point) => (point.id === 'sault' ? { ...point, retired: true } : point));
    expect((await change({ pickup_points: retire })).statusCode).toBe(200);

    const offered = await t.app.inject({ method: 'GET', url: '/api/pickup-points?lang=gb' });
    expect(offered.json().map((point: { id: string }) => point.id)).toEqual(['bedoin', 'malaucene']);
    expect(offered.json()[0].hours).toMatch(/^Mon–Sat/);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: buyer.auth,
      payload: orderPayload({ mode_livraison: 'retrait', point_retrait: 'sault' }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.point_retrait).toBe('validation:point_retrait_required');

    const kept = await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: buyer.auth });
    expect(kept.json().point_retrait).toBe('sault');
    // The buyer moves the day and keeps the retired point; another order could not choose it.
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}`,
      headers: buyer.auth,
      payload: { date_livraison: addDays(today(), 40) },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const named = await t.services.orders.pickupPoints('fr', 'all');
    expect(named.map((point) => point.id)).toContain('sault');
  });
});

describe('registrations closed', () => {
  it('refuses a new order (409 registrations_closed, the club’s why), while an order made before goes on', async () => {
    const buyer = await signedInUser(t);
    const before = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...buyer.auth, 'idempotency-key': 'made-before-closing' },
      payload: orderPayload(),
    });
    expect(before.statusCode).toBe(201);
    const closed = await change({
      registrations_open: false,
      closed_message: { fr: 'Complet pour cette saison', gb: 'Full for this season' },
    });
    expect(closed.statusCode).toBe(200);
    // The order form says why, in the reader's language, else in French.
    expect(await t.services.orders.registrations('gb')).toEqual({
      open: false,
      message: 'Full for this season',
    });
    expect(await t.services.orders.registrations('de')).toEqual({
      open: false,
      message: 'Complet pour cette saison',
    });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/orders?lang=gb',
      headers: buyer.auth,
      // Another content than the order made before, which would be that order paid again.
      payload: orderPayload({ candidats: [orderPayload().candidats[0]] }),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'registrations_closed',
      details: { message: 'Full for this season' },
    });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...buyer.auth, 'idempotency-key': 'made-before-closing' },
      payload: orderPayload(),
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(before.json().id);
    const [stored] = await t.db
      .select({ status: orders.status })
      .from(orders)
      .where(and(eq(orders.id, before.json().id), eq(orders.userId, buyer.id)));
    expect(stored!.status).toBe('pending');
  });
});

describe('several instances', () => {
  it('each drops its kept settings when another changes them, and the page cache is told', async () => {
    const bus = createLocalChangeBus();
    const first = createServices({ db: t.db, config: t.config, mailDelivery: 'manual', changeBus: bus });
    const second = createServices({ db: t.db, config: t.config, mailDelivery: 'manual', changeBus: bus });
    try {
      let pagesDropped = 0;
      second.onPublicDataChanged(() => {
        pagesDropped += 1;
      });
      const before = await second.settings.priceCentsOn();
      const caller = await t.services.sessions.findUser(admin.authorization!.slice('Bearer '.length));
      const { version } = await first.settings.get(caller);
      await first.settings.change(caller, { price_cents: before + 100 }, version);
      expect(await second.settings.priceCentsOn()).toBe(before + 100);
      expect(pagesDropped).toBeGreaterThan(0);
    } finally {
      await first.close();
      await second.close();
    }
  });
});

describe('the settings page’s actions', () => {
  it('change and restore as the API does, from the version the form read', async () => {
    const caller = await t.services.sessions.findUser(admin.authorization!.slice('Bearer '.length));
    const request = { user: caller } as unknown as FastifyRequest;
    const actions = pageActions(t.services, request, {} as FastifyReply, { secureCookie: false });
    const { version, refund_fee_cents } = await read();
    const changed = await actions.changeSettings({ refund_fee_cents: refund_fee_cents + 50 }, version);
    expect(changed).toMatchObject({ version: version + 1, refund_fee_cents: refund_fee_cents + 50 });
    await expect(actions.changeSettings({ refund_fee_cents: 0 }, version)).rejects.toMatchObject({
      statusCode: 412,
      code: 'settings_changed',
    });
    await expect(actions.restoreSettings(version, version)).rejects.toMatchObject({ statusCode: 412 });
    const restored = await actions.restoreSettings(version, changed.version);
    expect(restored).toMatchObject({ version: version + 2, refund_fee_cents });
    expect(await t.services.settings.versions(caller)).toContainEqual(
      expect.objectContaining({ version: version + 2, restored_from: version }),
    );
  });
});
