/** What a page's loader or action reads from its address, and the not-found page when it names nothing. */
import { data } from 'react-router';
import { isNotFound } from './service-errors.ts';

/** A record's id as the page's address (`/account/orders/:orderId/...`) or a posted field names it; else not found. */
export function idOr404(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1) throw data(null, { status: 404 });
  return id;
}

/** A service's read, with its "no such thing" (or another person's thing) shown as the not-found page. */
export async function foundOr404<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (isNotFound(error)) throw data(null, { status: 404 });
    throw error;
  }
}
