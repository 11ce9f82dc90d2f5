import { describe, expect, it } from 'vitest';

import { priceOrder, priceSchema } from './prices.ts';

describe('priceOrder', () => {
  it('multiplies the unit price in cents, in euros by default', () => {
    expect(priceOrder(1, 2500)).toEqual({ unit_price: 2500, count: 1, total: 2500, currency: 'EUR' });
    expect(priceOrder(3, 2500)).toEqual({ unit_price: 2500, count: 3, total: 7500, currency: 'EUR' });
    expect(priceOrder(20, 2500).total).toBe(50000);
  });

  it('takes another currency and a zero count', () => {
    expect(priceOrder(2, 3000, 'CHF')).toEqual({ unit_price: 3000, count: 2, total: 6000, currency: 'CHF' });
    expect(priceOrder(0, 2500).total).toBe(0);
  });

  it('answers the API shape', () => {
    expect(priceSchema.parse(priceOrder(2, 2500))).toEqual(priceOrder(2, 2500));
  });

  it('refuses fractions of cents, negative values and bad currencies', () => {
    expect(() => priceOrder(1, 25.5)).toThrow(RangeError);
    expect(() => priceOrder(-1, 2500)).toThrow(RangeError);
    expect(() => priceOrder(1.5, 2500)).toThrow(RangeError);
    expect(() => priceOrder(1, -2500)).toThrow(RangeError);
    expect(() => priceOrder(1, 2500, 'eur')).toThrow(RangeError);
    expect(() => priceOrder(Number.MAX_SAFE_INTEGER, 2500)).toThrow(RangeError);
  });
});
