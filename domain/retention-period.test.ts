import { describe, expect, it } from 'vitest';
import { periodBefore } from './retention-period.ts';

describe('periodBefore', () => {
  const now = new Date('2026-03-31T10:00:00Z');

  it('goes back whole days', () => {
    expect(periodBefore(now, { amount: 30, unit: 'day' }).toISOString()).toBe('2026-03-01T10:00:00.000Z');
  });

  it('goes back calendar months and years', () => {
    expect(periodBefore(now, { amount: 12, unit: 'month' }).toISOString()).toBe('2025-03-31T10:00:00.000Z');
    expect(periodBefore(now, { amount: 5, unit: 'year' }).toISOString()).toBe('2021-03-31T10:00:00.000Z');
  });

  it('leaves the given date alone', () => {
    periodBefore(now, { amount: 1, unit: 'year' });
    expect(now.toISOString()).toBe('2026-03-31T10:00:00.000Z');
  });
});
