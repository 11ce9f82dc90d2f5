/**
 * The rules about who may call the services of orders, registrations, payments and refunds, checked in the
 * services themselves (issue 35): each method is called directly, as a page action, an API route or the CLI would,
 * without the right, and must refuse with the API's status and code whichever entry forgot its own check.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contracts/account.ts';
import type { Order } from '../../domain/schemas/order.ts';
import { AppError } from '../../server/errors.ts';
import { orderPayload } from '../support/orders.ts';
import { paidOrder } from '../support/registrations.ts';
import { type TestApp, createTestApp } from '../support/test-app.ts';
import { signedInAdmin, signedInUser } from '../support/users.ts';

let t: TestApp;
type User = Awaited<ReturnType<typeof signedInUser>>;
let buyer: User;
let buyerSession: SessionUser;
let stranger: User;
let strangerSession: SessionUser;
let adminSession: SessionUser;
let paid: Awaited<ReturnType<typeof paidOrder>>;
let pendingOrderId: number;

/** An order as the API's schema has parsed it. */
const order = (overrides: Record<string, unknown> = {}) => orderPayload(overrides) as Order;
const sessionOf = async (user: { token: string }) => (await t.services.sessions.findUser(user.token))!;

/** What the service threw: its status and code, as the API's error handler would answer them. */
async function refusal(call: () => Promise<unknown>) {
  try {
    await call();
  } catch (error) {
    if (error instanceof AppError) return { status: error.statusCode, code: error.code };
    throw error;
  }
  throw new Error('the call was not refused');
}

const UNAUTHORIZED = { status: 401, code: 'unauthorized' };
const FORBIDDEN = { status: 403, code: 'forbidden' };
const NOT_FOUND = { status: 404, code: 'not_found' };

beforeAll(async () => {
  t = await createTestApp();
  buyer = await signedInUser(t);
  stranger = await signedInUser(t, { email: 'stranger@example.org' });
  const admin = await signedInAdmin(t);
  [buyerSession, strangerSession, adminSession] = await Promise.all([
    sessionOf(buyer),
    sessionOf(stranger),
    sessionOf(admin),
  ]);
  paid = await paidOrder(t, buyer, { mode_livraison: 'postal' });
  const pending = await t.services.orders.create(buyerSession, order({ mode_livraison: 'postal' }), {
    locale: 'fr',
  });
  pendingOrderId = pending.id;
});
afterAll(async () => {
  await t.close();
});

describe('orders: signed in, and only the buyer’s own order', () => {
  it('create refuses a visitor (401)', async () => {
    expect(await refusal(() => t.services.orders.create(null, order(), { locale: 'fr' }))).toEqual(
      UNAUTHORIZED,
    );
  });

  it('pay refuses a visitor (401), another person’s order (404) and a paid order (409)', async () => {
    expect(await refusal(() => t.services.orders.pay(null, pendingOrderId))).toEqual(UNAUTHORIZED);
    expect(await refusal(() => t.services.orders.pay(strangerSession, pendingOrderId))).toEqual(NOT_FOUND);
    expect(await refusal(() => t.services.orders.pay(buyerSession, paid.id))).toEqual({
      status: 409,
      code: 'order_not_payable',
    });
  });

  it('get, status and cancel answer 404 for another person’s order', async () => {
    expect(await refusal(() => t.services.orders.get(stranger.id, pendingOrderId))).toEqual(NOT_FOUND);
    expect(await refusal(() => t.services.orders.status(stranger.id, pendingOrderId))).toEqual(NOT_FOUND);
    expect(await refusal(() => t.services.orders.cancel(stranger.id, pendingOrderId))).toEqual(NOT_FOUND);
  });

  it('cancel refuses a paid order (409)', async () => {
    expect(await refusal(() => t.services.orders.cancel(buyer.id, paid.id))).toEqual({
      status: 409,
      code: 'order_not_payable',
    });
  });
});

describe('payments: only the buyer’s own attempt', () => {
  it('completeReturn and cancelByBuyer answer 404 for another person’s order', async () => {
    expect(await refusal(() => t.services.payments.completeReturn(pendingOrderId, stranger.id))).toEqual(
      NOT_FOUND,
    );
    expect(await refusal(() => t.services.payments.cancelByBuyer(pendingOrderId, stranger.id))).toEqual(
      NOT_FOUND,
    );
  });
});

describe('registration changes: only the buyer’s own, while no volunteer has started', () => {
  it('forChange and changeCandidate answer 404 for another person’s candidate', async () => {
    const candidateId = paid.candidats[0]!.id;
    expect(await refusal(() => t.services.registrationChanges.forChange(stranger.id, candidateId))).toEqual(
      NOT_FOUND,
    );
    expect(
      await refusal(() =>
        t.services.registrationChanges.changeCandidate(stranger.id, candidateId, { prenom: 'Autre' }),
      ),
    ).toEqual(NOT_FOUND);
  });

  it('changeDelivery answers 404 for another person’s order and 409 for an unpaid one', async () => {
    const change = { mode_livraison: 'email' as const };
    expect(
      await refusal(() => t.services.registrationChanges.changeDelivery(stranger.id, paid.id, change)),
    ).toEqual(NOT_FOUND);
    expect(
      await refusal(() => t.services.registrationChanges.changeDelivery(buyer.id, pendingOrderId, change)),
    ).toEqual({ status: 409, code: 'conflict' });
  });
});

describe('cancellation requests: the buyer asks, administrators decide', () => {
  it('create answers 404 for another person’s order and 409 for an unpaid one', async () => {
    const body = { candidate_ids: [paid.candidats[0]!.id], reason: 'Blessé' };
    expect(await refusal(() => t.services.cancellationRequests.create(stranger.id, paid.id, body))).toEqual(
      NOT_FOUND,
    );
    expect(
      await refusal(() => t.services.cancellationRequests.create(buyer.id, pendingOrderId, body)),
    ).toEqual({ status: 409, code: 'not_paid' });
  });

  it('list, openCount, approve and decline refuse a visitor (401) and a plain user (403)', async () => {
    const { id } = await t.services.cancellationRequests.create(buyer.id, paid.id, {
      candidate_ids: [paid.candidats[1]!.id],
      reason: 'Blessé',
    });
    const requests = t.services.cancellationRequests;
    for (const [caller, expected] of [
      [null, UNAUTHORIZED],
      [buyerSession, FORBIDDEN],
    ] as const) {
      expect(await refusal(() => requests.list(caller))).toEqual(expected);
      expect(await refusal(() => requests.openCount(caller))).toEqual(expected);
      expect(await refusal(() => requests.approve(caller, id))).toEqual(expected);
      expect(await refusal(() => requests.decline(caller, id, 'Non'))).toEqual(expected);
    }
  });

  it('a decided request cannot be decided again (409)', async () => {
    const { id } = await t.services.cancellationRequests.create(buyer.id, paid.id, {
      candidate_ids: [paid.candidats[0]!.id],
      reason: 'Blessé',
    });
    await t.services.cancellationRequests.decline(adminSession, id, 'Trop tard');
    expect(await refusal(() => t.services.cancellationRequests.decline(adminSession, id, 'Non'))).toEqual({
      status: 409,
      code: 'conflict',
    });
    expect(await refusal(() => t.services.cancellationRequests.approve(adminSession, id))).toEqual({
      status: 409,
      code: 'conflict',
    });
  });
});

describe('refunds and the ledger: administrators only', () => {
  it('forOrder, create, retry and withdrawFor refuse a visitor (401) and a plain user (403)', async () => {
    for (const [caller, expected] of [
      [null, UNAUTHORIZED],
      [strangerSession, FORBIDDEN],
    ] as const) {
      expect(await refusal(() => t.services.refunds.forOrder(caller, paid.id))).toEqual(expected);
      expect(
        await refusal(() => t.services.refunds.create(caller, paid.id, { amount_cents: 100, reason: 'x' })),
      ).toEqual(expected);
      expect(await refusal(() => t.services.refunds.retry(caller, 1))).toEqual(expected);
      expect(await refusal(() => t.services.refunds.withdrawFor(caller, 1, [paid.candidats[0]!.id]))).toEqual(
        expected,
      );
    }
  });

  it('ledgerCsv refuses a visitor (401) and a plain user (403)', async () => {
    expect(await refusal(() => t.services.ledger.ledgerCsv(null, {}))).toEqual(UNAUTHORIZED);
    expect(await refusal(() => t.services.ledger.ledgerCsv(buyerSession, {}))).toEqual(FORBIDDEN);
  });

  it('an administrator is let through', async () => {
    expect((await t.services.refunds.forOrder(adminSession, paid.id)).order_id).toBe(paid.id);
    expect(await t.services.ledger.ledgerCsv(adminSession, {})).toContain('order');
  });
});
