/**
 * The start of the order pages' loaders and actions (routes/order/order.tsx, shipping.tsx): the signed-in user's
 * saved draft and account, and keeping the draft a form posted before (or without) its scripts.
 */
import { data } from 'react-router';
import { requestContext } from '#request-context';
import { today } from '../../../domain/dates.ts';
import { orderDraftSchema } from '../../../domain/schemas/order.ts';
import { type OrderDraft, readDraft } from '../../components/order/draft.ts';
import { requireUser } from '../../lib/require-user.ts';

type PageArgs = Parameters<typeof requireUser>[0];

/** The user's draft and account, read together, and the day of the order. */
export async function draftAndProfile(args: PageArgs) {
  const { user, services } = requireUser(args);
  const [saved, profile] = await Promise.all([
    services.orderDrafts.get(user.id),
    services.accounts.profile(user.id),
  ]);
  return { services, draft: readDraft(saved), profile, orderDate: today() };
}

/** Saves the draft as the autosave would; a draft the API's schema refuses is a bad request. */
export async function keepDraft(args: PageArgs, userId: number, draft: OrderDraft): Promise<void> {
  const next = orderDraftSchema.safeParse(draft);
  if (!next.success) throw data(null, { status: 400 });
  await args.context.get(requestContext).actions.saveOrderDraft(userId, next.data);
}
