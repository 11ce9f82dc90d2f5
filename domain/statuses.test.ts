import { describe, expect, it } from 'vitest';

import {
  ADMIN_LISTS,
  ADMIN_LIST_IDS,
  CANDIDATE_STATUSES,
  CANDIDATE_TRANSITIONS,
  DELIVERY_MODES,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  PAYMENT_MODES,
  adminListOf,
  canTransition,
  documentsReleased,
  isCandidateStatus,
  isOrderStatus,
} from './statuses.ts';

describe('statuses', () => {
  it('lists the statuses and modes of the API contract', () => {
    expect(ORDER_STATUSES).toEqual(['pending', 'paid', 'failed', 'cancelled']);
    expect(CANDIDATE_STATUSES).toEqual([
      'pending_payment',
      'awaiting_consent',
      'to_process',
      'processed',
      'card_received',
      'homologated',
      'rejected',
      'withdrawn',
    ]);
    expect(DELIVERY_MODES).toEqual(['postal', 'email', 'retrait']);
    expect(PAYMENT_MODES).toEqual(['card', 'wallet']);
  });

  it('recognises statuses', () => {
    expect(isOrderStatus('paid')).toBe(true);
    expect(isOrderStatus('to_process')).toBe(false);
    expect(isCandidateStatus('to_process')).toBe(true);
    expect(isCandidateStatus('paid')).toBe(false);
    expect(isCandidateStatus(undefined)).toBe(false);
  });
});

describe('canTransition', () => {
  it('lets a pending order end paid, failed or cancelled', () => {
    expect(canTransition('pending', 'paid')).toBe(true);
    expect(canTransition('pending', 'failed')).toBe(true);
    expect(canTransition('pending', 'cancelled')).toBe(true);
  });

  it('keeps a paid order paid', () => {
    for (const to of ORDER_STATUSES) expect(canTransition('paid', to)).toBe(false);
  });

  it('records money received after a failure or an expiry', () => {
    expect(canTransition('failed', 'paid')).toBe(true);
    expect(canTransition('cancelled', 'paid')).toBe(true);
    expect(canTransition('cancelled', 'failed')).toBe(false);
  });

  it('lets the buyer pay a failed order again, or give it up; a cancelled one stays closed', () => {
    expect(canTransition('failed', 'pending')).toBe(true);
    expect(canTransition('failed', 'cancelled')).toBe(true);
    expect(canTransition('cancelled', 'pending')).toBe(false);
  });

  it('walks a candidate through its life cycle', () => {
    expect(canTransition('pending_payment', 'to_process')).toBe(true);
    expect(canTransition('to_process', 'processed')).toBe(true);
    expect(canTransition('processed', 'card_received')).toBe(true);
    expect(canTransition('card_received', 'homologated')).toBe(true);
    expect(canTransition('card_received', 'rejected')).toBe(true);
  });

  it('lets a returned card be scanned before the kit was marked sent', () => {
    expect(canTransition('to_process', 'card_received')).toBe(true);
  });

  it('refuses skipping payment or homologating a card not received', () => {
    expect(canTransition('pending_payment', 'processed')).toBe(false);
    expect(canTransition('pending_payment', 'card_received')).toBe(false);
    expect(canTransition('processed', 'homologated')).toBe(false);
    expect(canTransition('to_process', 'homologated')).toBe(false);
  });

  it('keeps a homologation final but for a cancellation, and lets a rejection be reviewed', () => {
    for (const to of CANDIDATE_STATUSES) expect(canTransition('homologated', to)).toBe(to === 'rejected');
    expect(canTransition('rejected', 'card_received')).toBe(true);
    expect(canTransition('rejected', 'homologated')).toBe(false);
  });

  it('does not count staying in a status as a transition', () => {
    for (const status of ORDER_STATUSES) expect(canTransition(status, status)).toBe(false);
    for (const status of CANDIDATE_STATUSES) expect(canTransition(status, status)).toBe(false);
  });

  it('has a table entry, with known targets, for every status', () => {
    for (const status of ORDER_STATUSES) {
      for (const to of ORDER_TRANSITIONS[status]) expect(ORDER_STATUSES).toContain(to);
    }
    for (const status of CANDIDATE_STATUSES) {
      for (const to of CANDIDATE_TRANSITIONS[status]) expect(CANDIDATE_STATUSES).toContain(to);
    }
  });
});

describe('admin lists', () => {
  it('are the lists of docs/API.md', () => {
    expect(ADMIN_LIST_IDS).toEqual([
      'consent',
      'traitements',
      'email',
      'retrait',
      'traites',
      'in_progress',
      'history',
    ]);
    expect(ADMIN_LISTS.consent).toEqual({ statuses: ['awaiting_consent'], deliveryMode: null });
    expect(ADMIN_LISTS.traitements).toEqual({ statuses: ['to_process'], deliveryMode: 'postal' });
    expect(ADMIN_LISTS.email).toEqual({ statuses: ['to_process'], deliveryMode: 'email' });
    expect(ADMIN_LISTS.retrait).toEqual({ statuses: ['to_process'], deliveryMode: 'retrait' });
    expect(ADMIN_LISTS.traites).toEqual({ statuses: ['processed'], deliveryMode: null });
    expect(ADMIN_LISTS.in_progress).toEqual({ statuses: ['card_received'], deliveryMode: null });
    expect(ADMIN_LISTS.history).toEqual({
      statuses: ['homologated', 'rejected', 'withdrawn'],
      deliveryMode: null,
    });
  });

  it('place each paid candidate in exactly one list', () => {
    expect(adminListOf('awaiting_consent', 'email')).toBe('consent');
    expect(adminListOf('to_process', 'postal')).toBe('traitements');
    expect(adminListOf('to_process', 'email')).toBe('email');
    expect(adminListOf('to_process', 'retrait')).toBe('retrait');
    expect(adminListOf('processed', 'email')).toBe('traites');
    expect(adminListOf('card_received', 'postal')).toBe('in_progress');
    expect(adminListOf('homologated', 'retrait')).toBe('history');
    expect(adminListOf('rejected', 'postal')).toBe('history');
    expect(adminListOf('pending_payment', 'postal')).toBeNull();
    expect(adminListOf('withdrawn', 'postal')).toBe('history');
  });
});

describe('withdrawn', () => {
  it('follows a refund of any paid registration before its outcome, and is final', () => {
    for (const from of ['awaiting_consent', 'to_process', 'processed', 'card_received'] as const)
      expect(canTransition(from, 'withdrawn')).toBe(true);
    for (const from of ['pending_payment', 'homologated', 'rejected'] as const)
      expect(canTransition(from, 'withdrawn')).toBe(false);
    expect(CANDIDATE_TRANSITIONS.withdrawn).toEqual([]);
  });
});

describe('documentsReleased', () => {
  it('withholds the documents before payment and while a guardian has not confirmed', () => {
    expect(documentsReleased('pending_payment')).toBe(false);
    expect(documentsReleased('awaiting_consent')).toBe(false);
    for (const status of ['to_process', 'processed', 'card_received', 'homologated'] as const)
      expect(documentsReleased(status)).toBe(true);
  });
});
