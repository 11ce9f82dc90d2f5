/** How long a kind of personal data is kept: an amount of days, months or years (the retention settings). */
export const PERIOD_UNITS = ['day', 'month', 'year'] as const;
export type PeriodUnit = (typeof PERIOD_UNITS)[number];

export interface Period {
  amount: number;
  unit: PeriodUnit;
}

/** The instant `period` before `now`: what is older than it has been kept long enough. Calendar months and years. */
export function periodBefore(now: Date, period: Period): Date {
  const cutoff = new Date(now);
  if (period.unit === 'day') cutoff.setUTCDate(cutoff.getUTCDate() - period.amount);
  if (period.unit === 'month') cutoff.setUTCMonth(cutoff.getUTCMonth() - period.amount);
  if (period.unit === 'year') cutoff.setUTCFullYear(cutoff.getUTCFullYear() - period.amount);
  return cutoff;
}
