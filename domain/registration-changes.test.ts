import { describe, expect, it } from 'vitest';
import { canChangeDelivery, candidateChangeScope, keepsAgeCategory } from './registration-changes.ts';

const started = new Date('2026-06-01T08:00:00Z');

describe('candidateChangeScope', () => {
  it('opens everything on a paid kit nobody has started', () => {
    for (const mode of ['postal', 'retrait', 'email'] as const) {
      expect(
        candidateChangeScope({ statut: 'to_process', mode_livraison: mode, processingStartedAt: null }),
      ).toBe('all');
    }
  });

  it('closes a kit a volunteer printed or processed', () => {
    expect(
      candidateChangeScope({ statut: 'to_process', mode_livraison: 'postal', processingStartedAt: started }),
    ).toBe(null);
    expect(
      candidateChangeScope({ statut: 'processed', mode_livraison: 'postal', processingStartedAt: null }),
    ).toBe(null);
    expect(
      candidateChangeScope({ statut: 'processed', mode_livraison: 'retrait', processingStartedAt: null }),
    ).toBe(null);
  });

  it('leaves identity and contact open on a kit emailed, until its route card comes back', () => {
    expect(
      candidateChangeScope({ statut: 'processed', mode_livraison: 'email', processingStartedAt: null }),
    ).toBe('identity');
    for (const statut of ['card_received', 'homologated', 'rejected', 'pending_payment'] as const) {
      expect(candidateChangeScope({ statut, mode_livraison: 'email', processingStartedAt: null })).toBe(null);
    }
  });
});

describe('canChangeDelivery', () => {
  const untouched = { statut: 'to_process' as const, processingStartedAt: null };

  it('needs a paid order whose kits are all untouched', () => {
    expect(
      canChangeDelivery({ status: 'paid', mode_livraison: 'postal', candidates: [untouched, untouched] }),
    ).toBe(true);
    expect(
      canChangeDelivery({
        status: 'paid',
        mode_livraison: 'postal',
        candidates: [untouched, { statut: 'to_process', processingStartedAt: started }],
      }),
    ).toBe(false);
    expect(canChangeDelivery({ status: 'pending', mode_livraison: 'postal', candidates: [untouched] })).toBe(
      false,
    );
    expect(canChangeDelivery({ status: 'paid', mode_livraison: 'postal', candidates: [] })).toBe(false);
  });

  it('keeps the delivery of kits already emailed', () => {
    expect(
      canChangeDelivery({
        status: 'paid',
        mode_livraison: 'email',
        candidates: [{ statut: 'processed', processingStartedAt: null }],
      }),
    ).toBe(false);
  });
});

describe('keepsAgeCategory', () => {
  const orderDate = '2026-05-10';

  it('allows a correction within the same age group', () => {
    expect(keepsAgeCategory('1980-01-01', '1981-02-03', orderDate)).toBe(true);
    expect(keepsAgeCategory('2010-01-01', '2009-06-01', orderDate)).toBe(true);
  });

  it('refuses one that makes a minor an adult or an adult a minor, on the day of the order', () => {
    expect(keepsAgeCategory('2010-01-01', '2008-05-10', orderDate)).toBe(false);
    expect(keepsAgeCategory('2008-05-10', '2008-05-11', orderDate)).toBe(false);
  });
});
