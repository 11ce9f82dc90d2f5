import { describe, expect, it } from 'vitest';
import { CONTROLS, type ControlId, controlById, distanceToControlM, footOf } from './controls.ts';
import { type SequenceStamp, routeCardProgress } from './sequence.ts';

/** Stamps an hour apart from 02:00 Paris time (00:00 UTC in summer), in the order given. */
const stamps = (...controls: ControlId[]): SequenceStamp[] =>
  controls.map((control, index) => ({ control, at: new Date(Date.UTC(2026, 6, 14, index)) }));

const ascent = (foot: ControlId): ControlId[] => [foot, 'summit'];

describe('the controls', () => {
  it('stand on the road model’s landmarks, 500 m wide but the forest road’s', () => {
    expect(CONTROLS.map((control) => [control.id, control.kind, control.road, control.radiusM])).toEqual([
      ['foot-bedoin', 'foot', 'bedoin', 500],
      ['foot-malaucene', 'foot', 'malaucene', 500],
      ['foot-sault', 'foot', 'sault', 500],
      ['forest', 'road', 'forest', 800],
      ['summit', 'summit', null, 500],
    ]);
    expect(controlById('summit')).toMatchObject({ landmark: 'summit', lat: 44.174, lon: 5.2786 });
    expect(controlById('foot-bedoin')).toMatchObject({ landmark: 'bedoin-start', lat: 44.1253, lon: 5.1805 });
    expect(footOf('forest')).toBe('foot-bedoin');
    expect(distanceToControlM('summit', { lat: 44.174, lon: 5.2786 })).toBe(0);
  });
});

describe('the Cinglé', () => {
  it('starts at any of the three feet', () => {
    const progress = routeCardProgress('cingle', []);
    expect(progress.expected).toEqual(['foot-bedoin', 'foot-malaucene', 'foot-sault']);
    expect(progress.complete).toBe(false);
  });

  it('expects the summit after a foot, and the other feet', () => {
    const progress = routeCardProgress('cingle', stamps('foot-malaucene'));
    expect(progress.open?.roads).toEqual(['malaucene']);
    expect(progress.expected).toEqual(['summit', 'foot-bedoin', 'foot-malaucene', 'foot-sault']);
  });

  it('is complete with the three roads in any order', () => {
    const progress = routeCardProgress(
      'cingle',
      stamps(...ascent('foot-sault'), ...ascent('foot-bedoin'), ...ascent('foot-malaucene')),
    );
    expect(progress.ascents.map((done) => done.road)).toEqual(['sault', 'bedoin', 'malaucene']);
    expect(progress).toMatchObject({ complete: true, expected: [], remaining: [], open: null });
  });

  it('takes the stamps by their time, whatever order they arrive in', () => {
    const sent = stamps(...ascent('foot-sault'), ...ascent('foot-bedoin'), ...ascent('foot-malaucene'));
    expect(routeCardProgress('cingle', sent.reverse()).complete).toBe(true);
  });

  it('counts a summit without a foot, or a road ridden twice, for nothing', () => {
    const progress = routeCardProgress(
      'cingle',
      stamps('summit', ...ascent('foot-bedoin'), ...ascent('foot-bedoin')),
    );
    expect(progress.ascents.map((done) => done.road)).toEqual(['bedoin']);
    expect(progress.remaining).toEqual(['malaucene', 'sault']);
    expect(progress.expected).toEqual(['foot-malaucene', 'foot-sault']);
  });

  it('starts an ascent afresh at a new foot', () => {
    const progress = routeCardProgress('cingle', stamps('foot-bedoin', 'foot-sault', 'summit'));
    expect(progress.ascents.map((done) => done.road)).toEqual(['sault']);
  });
});

describe('the Galérien', () => {
  it('tells the forest road from Bédoin’s by its control', () => {
    const afterFoot = routeCardProgress('galerien', stamps('foot-bedoin'));
    expect(afterFoot.expected).toEqual(['summit', 'forest', 'foot-bedoin', 'foot-malaucene', 'foot-sault']);
    const inTheForest = routeCardProgress('galerien', stamps('foot-bedoin', 'forest'));
    expect(inTheForest.expected).toEqual(['summit', 'foot-bedoin', 'foot-malaucene', 'foot-sault']);
    const progress = routeCardProgress(
      'galerien',
      stamps('foot-bedoin', 'forest', 'summit', ...ascent('foot-bedoin')),
    );
    expect(progress.ascents.map((done) => done.road)).toEqual(['forest', 'bedoin']);
  });

  it('is complete with the four roads', () => {
    const progress = routeCardProgress(
      'galerien',
      stamps(
        ...ascent('foot-bedoin'),
        ...ascent('foot-malaucene'),
        ...ascent('foot-sault'),
        'foot-bedoin',
        'forest',
        'summit',
      ),
    );
    expect(progress.complete).toBe(true);
  });

  it('wants the forest control once only the forest road is left', () => {
    const progress = routeCardProgress(
      'galerien',
      stamps(...ascent('foot-bedoin'), ...ascent('foot-malaucene'), ...ascent('foot-sault'), 'foot-bedoin'),
    );
    expect(progress.expected).toEqual(['forest', 'foot-bedoin']);
    const withoutForest = routeCardProgress(
      'galerien',
      stamps(
        ...ascent('foot-bedoin'),
        ...ascent('foot-malaucene'),
        ...ascent('foot-sault'),
        ...ascent('foot-bedoin'),
      ),
    );
    expect(withoutForest.complete).toBe(false);
    expect(withoutForest.remaining).toEqual(['forest']);
  });

  it('ignores the forest control for a Cinglé', () => {
    const progress = routeCardProgress('cingle', stamps('foot-bedoin', 'forest', 'summit'));
    expect(progress.ascents.map((done) => done.road)).toEqual(['bedoin']);
  });
});

describe('the Bicinglé', () => {
  it('rides each road twice', () => {
    const once = [...ascent('foot-bedoin'), ...ascent('foot-malaucene'), ...ascent('foot-sault')];
    const half = routeCardProgress('bicingle', stamps(...once));
    expect(half.complete).toBe(false);
    expect(half.remaining).toEqual(['bedoin', 'malaucene', 'sault']);
    expect(half.expected).toEqual(['foot-bedoin', 'foot-malaucene', 'foot-sault']);
    expect(routeCardProgress('bicingle', stamps(...once, ...once)).complete).toBe(true);
  });

  it('may ride a road twice in a row', () => {
    const progress = routeCardProgress('bicingle', stamps(...ascent('foot-sault'), ...ascent('foot-sault')));
    expect(progress.remaining).toEqual(['bedoin', 'bedoin', 'malaucene', 'malaucene']);
    expect(progress.expected).toEqual(['foot-bedoin', 'foot-malaucene']);
  });
});
