import { describe, expect, it } from 'vitest';
import { ROADS, roadById } from '../../../domain/ventoux.ts';
import { DEFAULT_BOX, altitudeAt, profileGeometry, sharedAltitudeDomain } from './profile-geometry.ts';

const numbers = (points: string) => points.split(/[ ,]/).map(Number);

describe('sharedAltitudeDomain', () => {
  it('spans every road and the summit on whole 250 m steps', () => {
    expect(sharedAltitudeDomain(ROADS)).toEqual([250, 2000]);
  });
});

describe('altitudeAt', () => {
  it('interpolates between two kilometre points and knows nothing beyond the profile', () => {
    const bedoin = roadById('bedoin');
    expect(altitudeAt(bedoin, 0)).toBe(313);
    expect(altitudeAt(bedoin, 0.5)).toBe(324);
    expect(altitudeAt(roadById('forest'), 12)).toBeNull();
  });
});

describe('profileGeometry', () => {
  it('draws one coloured area per kilometre segment', () => {
    expect(profileGeometry(roadById('bedoin')).segments).toHaveLength(22);
    expect(profileGeometry(roadById('sault')).segments).toHaveLength(26);
    expect(profileGeometry(roadById('forest')).segments).toHaveLength(9);
  });

  it('colours each kilometre by its gradient band', () => {
    const [first, , , , , , , eighth] = profileGeometry(roadById('bedoin')).segments;
    expect(first).toMatchObject({ gradientPct: 2.2, band: 'easy' });
    expect(eighth).toMatchObject({ fromKm: 7, gradientPct: 9.3, band: 'steep' });
    const sault = profileGeometry(roadById('sault')).segments[0];
    expect(sault).toMatchObject({ gradientPct: -5.7, band: 'easy' });
  });

  it('keeps every point inside the plot, the start on the left edge and the top on the right', () => {
    const geometry = profileGeometry(roadById('malaucene'), [250, 2000]);
    const { plot } = geometry;
    for (const segment of geometry.segments) {
      const values = numbers(segment.points);
      for (let i = 0; i < values.length; i += 2) {
        expect(values[i]).toBeGreaterThanOrEqual(plot.left);
        expect(values[i]).toBeLessThanOrEqual(plot.right);
        expect(values[i + 1]).toBeGreaterThanOrEqual(plot.top);
        expect(values[i + 1]).toBeLessThanOrEqual(plot.bottom);
      }
    }
    const outline = numbers(geometry.outline);
    expect(outline[0]).toBe(plot.left);
    expect(outline.at(-2)).toBe(plot.right);
  });

  it('puts higher altitudes higher up and the summit line above the road top', () => {
    const geometry = profileGeometry(roadById('bedoin'), [250, 2000]);
    const outline = numbers(geometry.outline);
    expect(outline.at(-1)).toBeLessThan(outline[1]!);
    expect(geometry.summitY).toBeLessThan(outline.at(-1)!);
    expect(geometry.yTicks.map((tick) => tick.altitudeM)).toEqual([
      250, 500, 750, 1000, 1250, 1500, 1750, 2000,
    ]);
    expect(geometry.yTicks[0]!.y).toBe(DEFAULT_BOX.height - DEFAULT_BOX.margin.bottom);
  });

  it('numbers the landmarks in km order, leaving out the start town', () => {
    const landmarks = profileGeometry(roadById('bedoin')).landmarks;
    expect(landmarks.map((landmark) => [landmark.number, landmark.id])).toEqual([
      [1, 'saint-esteve'],
      [2, 'forest-turn-off'],
      [3, 'chalet-reynard'],
      [4, 'tom-simpson'],
      [5, 'col-des-tempetes'],
      [6, 'summit'],
    ]);
    expect(landmarks.every((landmark) => landmark.onProfile)).toBe(true);
    const xs = landmarks.map((landmark) => landmark.x);
    expect([...xs].sort((a, b) => a - b)).toEqual(xs);
  });

  it('marks the forest road as unknown after km 9 and still spans its whole length', () => {
    const geometry = profileGeometry(roadById('forest'));
    expect(geometry.unknown).toMatchObject({ fromKm: 9 });
    expect(geometry.unknown!.x + geometry.unknown!.width).toBeCloseTo(geometry.plot.right, 0);
    expect(geometry.xTicks.at(-1)!.km).toBe(24);
    const summit = geometry.landmarks.find((landmark) => landmark.id === 'summit');
    expect(summit).toMatchObject({ onProfile: false, x: geometry.plot.right });
    expect(profileGeometry(roadById('bedoin')).unknown).toBeNull();
  });
});
