import { describe, expect, it } from 'vitest';
import { amountAfterFee, isWithdrawable, refundableCents } from './refunds.ts';
import { CANDIDATE_TRANSITIONS } from './statuses.ts';

describe('refundableCents', () => {
  it('is what was paid less every refund that moved or may still move money', () => {
    expect(refundableCents(5000, [])).toBe(5000);
    expect(
      refundableCents(5000, [
        { amountCents: 2500, status: 'succeeded' },
        { amountCents: 1000, status: 'pending' },
        { amountCents: 1500, status: 'failed' },
      ]),
    ).toBe(1500);
  });

  it('never goes below nothing, even after refunds made at the provider beyond it', () => {
    expect(refundableCents(2500, [{ amountCents: 3000, status: 'succeeded' }])).toBe(0);
  });
});

describe('amountAfterFee', () => {
  it('takes the club’s fee once per request, never below nothing', () => {
    expect(amountAfterFee(2500, 2, 300)).toBe(4700);
    expect(amountAfterFee(2500, 1, 0)).toBe(2500);
    expect(amountAfterFee(2500, 1, 4000)).toBe(0);
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
