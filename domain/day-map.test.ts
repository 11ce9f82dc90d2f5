import { describe, expect, it } from 'vitest';
import { MAP_LANDMARK_IDS, mapLandmarks } from './day-map.ts';

describe('mapLandmarks', () => {
  it('places every landmark of the list, in its order', () => {
    expect(mapLandmarks().map((landmark) => landmark.id)).toEqual([...MAP_LANDMARK_IDS]);
  });

  it('gives each the roads it lies on, with the km from each foot', () => {
    const reynard = mapLandmarks().find((landmark) => landmark.id === 'chalet-reynard')!;
    expect(reynard).toMatchObject({ altitudeM: 1417, lat: 44.152, lon: 5.319 });
    expect(reynard.on).toEqual(
      expect.arrayContaining([
        { road: 'bedoin', km: 15.1 },
        { road: 'sault', km: 19.6 },
      ]),
    );
    const rejoin = mapLandmarks().find((landmark) => landmark.id === 'forest-rejoin')!;
    expect(rejoin.on.map((entry) => entry.road).sort()).toEqual(['forest', 'malaucene']);
  });
});
