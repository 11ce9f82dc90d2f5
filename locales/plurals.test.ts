/** Counted texts agree with their number in each language (issue 48: "1 candidats prêts" in the print dialog). */
import { describe, expect, it } from 'vitest';
import { translator } from '../server/i18n.ts';

describe('counted texts', () => {
  it('write the print job’s progress in the singular for one candidate', () => {
    const fr = translator('fr', 'admin');
    expect(fr('batch.printProgress', { count: 1, total: 3 })).toBe('1 candidat prêt sur 3');
    expect(fr('batch.printProgress', { count: 0, total: 3 })).toBe('0 candidat prêt sur 3');
    expect(fr('batch.printProgress', { count: 2, total: 3 })).toBe('2 candidats prêts sur 3');
    const es = translator('es', 'admin');
    expect(es('batch.printProgress', { count: 1, total: 3 })).toBe('1 participante listo de 3');
    expect(es('batch.printProgress', { count: 2, total: 3 })).toBe('2 participantes listos de 3');
    expect(translator('it', 'admin')('batch.printProgress', { count: 1, total: 2 })).toBe(
      '1 partecipante pronto su 2',
    );
    expect(translator('gb', 'admin')('batch.printProgress', { count: 2, total: 3 })).toBe(
      '2 of 3 candidates ready',
    );
  });
});
