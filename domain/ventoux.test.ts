import { describe, expect, it } from 'vitest';

import {
  BREVET_COUNTS,
  CHALLENGES,
  GRADIENT_BANDS,
  ROADS,
  SUMMIT_ALTITUDE_M,
  CLUB_FACTS,
  challengeById,
  challengeExistedOn,
  gradientBand,
  kilometreSegments,
  roadById,
} from './ventoux.ts';

describe('roads', () => {
  it('lists the four roads, all arriving at the headline summit altitude', () => {
    expect(ROADS.map((road) => road.id)).toEqual(['bedoin', 'malaucene', 'sault', 'forest']);
    for (const road of ROADS) expect(road.arrivalAltitudeM).toBe(SUMMIT_ALTITUDE_M);
    expect(SUMMIT_ALTITUDE_M).toBe(1910);
  });

  it('has km-ordered profiles and landmarks', () => {
    for (const road of ROADS) {
      const kms = road.profile.map((point) => point.km);
      expect(kms).toEqual([...kms].sort((a, b) => a - b));
      const landmarkKms = road.landmarks.map((landmark) => landmark.km);
      expect(landmarkKms).toEqual([...landmarkKms].sort((a, b) => a - b));
      expect(new Set(road.landmarks.map((landmark) => landmark.id)).size).toBe(road.landmarks.length);
    }
  });

  it('knows only the first 9 km of the forest road', () => {
    const forest = roadById('forest');
    expect(forest.profileComplete).toBe(false);
    expect(forest.profile.at(-1)).toEqual({ km: 9, altitudeM: 860 });
    expect(ROADS.filter((road) => !road.profileComplete).map((road) => road.id)).toEqual(['forest']);
  });
});

describe('kilometreSegments', () => {
  it('gives one segment per pair of profile points', () => {
    expect(roadById('bedoin').profile).toHaveLength(23);
    expect(kilometreSegments(roadById('bedoin'))).toHaveLength(22);
    expect(kilometreSegments(roadById('malaucene'))).toHaveLength(21);
    expect(kilometreSegments(roadById('sault'))).toHaveLength(26);
    expect(kilometreSegments(roadById('forest'))).toHaveLength(9);
  });

  it('computes the gradient of each kilometre', () => {
    const bedoin = kilometreSegments(roadById('bedoin'));
    // km 6 -> 7: 567 m -> 662 m, 95 m over 1000 m = 9.5 %.
    expect(bedoin[6]).toEqual({ fromKm: 6, toKm: 7, fromAltitudeM: 567, toAltitudeM: 662, gradientPct: 9.5 });
    // The last, partial segment: 21 -> 21.28 km, 1853 m -> 1876 m, 23 m over 280 m = 8.21... %.
    expect(bedoin.at(-1)).toMatchObject({ fromKm: 21, toKm: 21.28, gradientPct: 8.2 });
    // Malaucène km 10 -> 11: 1004 m -> 1120 m = 11.6 %.
    expect(kilometreSegments(roadById('malaucene'))[10]?.gradientPct).toBe(11.6);
  });

  it('gives a negative gradient where the road descends (leaving Sault)', () => {
    // 764 m -> 707 m over the first kilometre.
    expect(kilometreSegments(roadById('sault'))[0]?.gradientPct).toBe(-5.7);
  });

  it('never returns -0', () => {
    const flat = kilometreSegments({
      profile: [
        { km: 0, altitudeM: 500 },
        { km: 1, altitudeM: 499.9 },
      ],
    });
    expect(Object.is(flat[0]?.gradientPct, 0)).toBe(true);
  });
});

describe('gradientBand', () => {
  it('puts each gradient in its band', () => {
    expect(gradientBand(-5.7)).toBe('easy');
    expect(gradientBand(0)).toBe('easy');
    expect(gradientBand(3.9)).toBe('easy');
    expect(gradientBand(4)).toBe('moderate');
    expect(gradientBand(6.9)).toBe('moderate');
    expect(gradientBand(7)).toBe('hard');
    expect(gradientBand(8.9)).toBe('hard');
    expect(gradientBand(9)).toBe('steep');
    expect(gradientBand(10.9)).toBe('steep');
    expect(gradientBand(11)).toBe('extreme');
    expect(gradientBand(14)).toBe('extreme');
  });

  it('agrees with the published band bounds', () => {
    for (const { band, min, max } of GRADIENT_BANDS) {
      if (min !== null) expect(gradientBand(min)).toBe(band);
      if (max !== null) expect(gradientBand(max - 0.1)).toBe(band);
    }
  });
});

describe('challenges', () => {
  it('began in 1988, 1998 and 2007, and the club with the first', () => {
    expect(CHALLENGES.map(({ id, since }) => [id, since])).toEqual([
      ['cingle', 1988],
      ['galerien', 1998],
      ['bicingle', 2007],
    ]);
    expect(CLUB_FACTS.foundedYear).toBe(1988);
  });

  it('knows no ride before its challenge existed', () => {
    expect(challengeExistedOn('cingle', '1987-12-31')).toBe(false);
    expect(challengeExistedOn('cingle', '1988-01-01')).toBe(true);
    expect(challengeExistedOn('galerien', '1997-07-14')).toBe(false);
    expect(challengeExistedOn('galerien', '1998-07-14')).toBe(true);
    expect(challengeExistedOn('bicingle', '2006-08-01')).toBe(false);
    expect(challengeExistedOn('bicingle', '2007-08-01')).toBe(true);
  });

  it('has the published distances and height gains', () => {
    expect(CHALLENGES.map(({ id, distanceKm, gainM }) => [id, distanceKm, gainM])).toEqual([
      ['cingle', 137, 4400],
      ['galerien', 183, 6020],
      ['bicingle', 274, 8800],
    ]);
  });

  it('lists every ascent', () => {
    expect(challengeById('cingle').ascents).toHaveLength(3);
    expect(challengeById('galerien').ascents).toContain('forest');
    expect(challengeById('bicingle').ascents).toHaveLength(6);
  });

  it('has brevet totals that add up', () => {
    expect(BREVET_COUNTS.cingle + BREVET_COUNTS.galerien + BREVET_COUNTS.bicingle).toBe(BREVET_COUNTS.total);
  });
});
