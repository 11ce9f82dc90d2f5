import { describe, expect, it } from 'vitest';
import { chartScale } from './chart-scale.ts';

describe('chartScale', () => {
  it('ends on a round figure at or above the largest value', () => {
    expect(chartScale(87)).toEqual({ max: 100, ticks: [0, 25, 50, 75, 100] });
    expect(chartScale(1234)).toEqual({ max: 1500, ticks: [0, 500, 1000, 1500] });
    expect(chartScale(4)).toEqual({ max: 4, ticks: [0, 1, 2, 3, 4] });
    expect(chartScale(3)).toEqual({ max: 3, ticks: [0, 1, 2, 3] });
  });

  it('draws an empty axis for nothing', () => {
    expect(chartScale(0)).toEqual({ max: 1, ticks: [0, 1] });
  });
});
