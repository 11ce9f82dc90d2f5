/**
 * One rider's registration made through the API and paid with the built-in test provider: where the admin
 * journeys start. The candidate's fields override the test candidate of tests/support/orders.ts; the delivery
 * and billing addresses are the candidate's own.
 */
import type { APIRequestContext } from '@playwright/test';
import { today } from '../../domain/dates.ts';
import { hasMinorCandidate } from '../../domain/schemas/order.ts';
import { candidatePayload, orderPayload } from '../support/orders.ts';
import { expect } from './fixtures.ts';

const ADDRESS_FIELDS = ['nom', 'prenom', 'adresse', 'complement', 'code_postal', 'ville', 'pays'] as const;

export async function paidRegistration(
  request: APIRequestContext,
  candidate: Record<string, unknown>,
  mode_livraison: 'postal' | 'email' = 'postal',
  lang = 'gb',
) {
  const rider = candidatePayload(candidate);
  const address = Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, rider[field]]));
  const order = await request.post(`/api/orders?lang=${lang}`, {
    data: orderPayload({
      candidats: [rider],
      mode_livraison,
      adresse_livraison: address,
      adresse_facturation: address,
      avertissement_mineurs: hasMinorCandidate([rider], today()),
    }),
  });
  expect(order.status(), await order.text()).toBe(201);
  const { id, redirect_url } = (await order.json()) as { id: number; redirect_url: string };
  const paymentId = /\/payment\/test\/(\d+)/.exec(redirect_url)?.[1];
  expect(paymentId, redirect_url).toBeTruthy();
  const approved = await request.post(`/api/payments/test/${paymentId}/approve?lang=${lang}`);
  expect(approved.status(), await approved.text()).toBe(200);
  const detail = (await (await request.get(`/api/orders/${id}`)).json()) as {
    candidats: { id: number; reference: string }[];
  };
  return { orderId: id, candidate: detail.candidats[0]! };
}
