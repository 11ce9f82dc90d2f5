import { describe, expect, it } from 'vitest';
import { roadById } from '../../../domain/ventoux.ts';
import { ROAD_FIGURE_KEYS, roadFigures } from './road-figures.ts';

describe('roadFigures', () => {
  it('gives the six headline figures of a measured road, none of them estimated', () => {
    const figures = roadFigures(roadById('bedoin'));
    expect(figures.map((figure) => figure.key)).toEqual(ROAD_FIGURE_KEYS);
    expect(figures.map((figure) => figure.value)).toEqual([290, 1910, 21.5, 1620, 7.5, 12.5]);
    expect(figures.some((figure) => figure.approximate)).toBe(false);
  });

  it('marks the forest road figures that follow from its estimated length', () => {
    const approximate = roadFigures(roadById('forest'))
      .filter((figure) => figure.approximate)
      .map((figure) => figure.key);
    expect(approximate).toEqual(['length', 'gain', 'avgGradient', 'maxGradient']);
  });
});
