import { describe, expect, it } from 'vitest';
import { isWithdrawable, refundAfterFee, refundableCents } from './refunds.ts';
import { CANDIDATE_TRANSITIONS } from './statuses.ts';

describe('refundableCents', () => {
  const order = { paidCents: 5000, unitPriceCents: 2500, candidateStatuses: [], refunds: [] } as const;

  it('is what was paid less every refund that moved or may still move money', () => {
    expect(refundableCents(order)).toBe(5000);
    expect(
      refundableCents({
        ...order,
        refunds: [
          { amountCents: 2500, status: 'succeeded' },
          { amountCents: 1000, status: 'pending' },
          { amountCents: 1500, status: 'failed' },
        ],
      }),
    ).toBe(1500);
  });

  it('never goes below nothing, even after refunds made at the provider beyond it', () => {
    expect(
      refundableCents({ ...order, paidCents: 2500, refunds: [{ amountCents: 3000, status: 'succeeded' }] }),
    ).toBe(0);
  });

  it('keeps back the share of every homologated rider', () => {
    expect(refundableCents({ ...order, candidateStatuses: ['homologated', 'card_received'] })).toBe(2500);
    expect(refundableCents({ ...order, candidateStatuses: ['homologated', 'homologated'] })).toBe(0);
    // A rejected or withdrawn rider's share is not kept back by this rule (withdrawn ones were refunded).
    expect(refundableCents({ ...order, candidateStatuses: ['rejected', 'withdrawn'] })).toBe(5000);
  });

  it('counts both the refunds and the homologated share, never below nothing', () => {
    expect(
      refundableCents({
        ...order,
        candidateStatuses: ['homologated', 'to_process'],
        refunds: [{ amountCents: 1000, status: 'succeeded' }],
      }),
    ).toBe(1500);
    expect(
      refundableCents({
        ...order,
        candidateStatuses: ['homologated', 'withdrawn'],
        refunds: [{ amountCents: 3000, status: 'succeeded' }],
      }),
    ).toBe(0);
  });
});

describe('refundAfterFee', () => {
  it('takes the club’s fee once per request', () => {
    expect(refundAfterFee(2500, 2, 300)).toEqual({ priceCents: 5000, feeCents: 300, refundCents: 4700 });
    expect(refundAfterFee(2500, 1, 0)).toEqual({ priceCents: 2500, feeCents: 0, refundCents: 2500 });
  });

  it('never keeps more than the price, so the refund never goes below nothing', () => {
    expect(refundAfterFee(2500, 1, 4000)).toEqual({ priceCents: 2500, feeCents: 2500, refundCents: 0 });
    expect(refundAfterFee(2500, 0, 300)).toEqual({ priceCents: 0, feeCents: 0, refundCents: 0 });
  });

  it('adds up: what is given back and what is kept make the price', () => {
    for (const fee of [0, 1, 299, 2500, 9999]) {
      const { priceCents, feeCents, refundCents } = refundAfterFee(2500, 3, fee);
      expect(feeCents + refundCents).toBe(priceCents);
    }
  });
});

describe('isWithdrawable', () => {
  it('agrees with the transitions to withdrawn', () => {
    for (const [from, targets] of Object.entries(CANDIDATE_TRANSITIONS))
      expect(isWithdrawable(from as keyof typeof CANDIDATE_TRANSITIONS), from).toBe(
        targets.includes('withdrawn'),
      );
  });
});
