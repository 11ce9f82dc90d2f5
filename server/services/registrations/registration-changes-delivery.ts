/**
 * The buyer changes the delivery of a paid order (PATCH /api/orders/{id}) none of whose kits is started.
 */
import { and, asc, eq } from 'drizzle-orm';
import { today } from '../../../domain/dates.ts';
import { canChangeDelivery } from '../../../domain/registration-changes.ts';
import { fieldErrors } from '../../../domain/schemas/common.ts';
import { type DeliveryChange, deliveryChangeSchema } from '../../../domain/schemas/order.ts';
import type { DeliveryChangeRequest } from '../../../domain/schemas/registration-change.ts';
import { offeredPickupPoints } from '../../../domain/settings.ts';
import type { Database } from '../../db/client.ts';
import { candidates, orders } from '../../db/schema/index.ts';
import { AppError, notFound, validationError } from '../../errors.ts';
import { recordAudit } from '../platform/audit.ts';
import type { SettingsService } from '../platform/settings.ts';
import { alreadyProcessed, differences } from './registration-changes-candidate.ts';

/** The order as stored laid over with the change, checked by the delivery schema on today's date. */
function checkedDelivery(
  offered: string[],
  stored: DeliveryChange,
  change: DeliveryChangeRequest,
  now: Date,
) {
  const parsed = deliveryChangeSchema(today(now)).safeParse({
    ...stored,
    ...change,
    adresse_livraison: { ...stored.adresse_livraison, ...change.adresse_livraison },
  });
  if (!parsed.success) throw validationError(fieldErrors(parsed.error));
  const next: DeliveryChange = {
    ...parsed.data,
    point_retrait: parsed.data.mode_livraison === 'retrait' ? (parsed.data.point_retrait ?? null) : null,
  };
  // A point retired since the order chose it stays that order's; another order cannot choose it.
  const kept = next.point_retrait !== null && next.point_retrait === stored.point_retrait;
  if (next.mode_livraison === 'retrait' && !kept && !offered.includes(next.point_retrait ?? '')) {
    throw validationError({ point_retrait: 'validation:point_retrait_required' });
  }
  return next;
}

/** In one transaction; answers the fields changed and the candidates whose documents go out by email now. */
export async function changeOrderDelivery(
  deps: { db: Database; settings: SettingsService },
  buyerId: number,
  orderId: number,
  change: DeliveryChangeRequest,
  now: Date,
): Promise<{ changed: (keyof DeliveryChange)[]; emailNow: number[] }> {
  const { db } = deps;
  const offered = offeredPickupPoints((await deps.settings.values()).pickup_points).map((point) => point.id);
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, buyerId)))
      .for('update');
    if (!order) throw notFound('No such order');
    const orderCandidates = await tx
      .select()
      .from(candidates)
      .where(eq(candidates.orderId, order.id))
      .orderBy(asc(candidates.id))
      .for('update');
    if (order.status !== 'paid') {
      throw new AppError(409, 'conflict', 'An unpaid order is cancelled and placed again, not changed');
    }
    if (!canChangeDelivery({ ...order, candidates: orderCandidates })) throw alreadyProcessed();
    const stored: DeliveryChange = {
      mode_livraison: order.mode_livraison,
      date_livraison: order.date_livraison,
      point_retrait: order.point_retrait,
      adresse_livraison: order.adresse_livraison,
    };
    const next = checkedDelivery(offered, stored, change, now);
    const diff = differences(stored, next, [
      'mode_livraison',
      'date_livraison',
      'point_retrait',
      'adresse_livraison',
    ]);
    if (diff.changed.length === 0) return { changed: [], emailNow: [] };
    await tx
      .update(orders)
      .set({ ...diff.after, updatedAt: now })
      .where(eq(orders.id, order.id));
    await recordAudit(tx, {
      actorId: buyerId,
      action: 'order.delivery_changed_by_buyer',
      entity: 'order',
      entityId: order.id,
      before: diff.before,
      after: diff.after,
    });
    const emailNow = next.mode_livraison === 'email' ? orderCandidates.map((candidate) => candidate.id) : [];
    return { changed: diff.changed, emailNow };
  });
}
