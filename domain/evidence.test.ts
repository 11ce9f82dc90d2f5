import { describe, expect, it } from 'vitest';
import { type EvidenceFacts, batchDecision } from './evidence.ts';

const ride = { complete: true, flagCount: 0, day: '2026-07-14' };
const stamps = { complete: true, flagCount: 0, day: '2026-07-15' };
const facts = (overrides: Partial<EvidenceFacts> = {}): EvidenceFacts => ({
  cardReceived: true,
  track: null,
  stamps: null,
  requestOpen: false,
  ...overrides,
});

describe('what a batch may homologate', () => {
  it('takes the complete ride’s day, else the complete stamps’, else the day given', () => {
    expect(batchDecision(facts({ track: ride }), undefined)).toEqual({ day: '2026-07-14' });
    expect(batchDecision(facts({ stamps }), undefined)).toEqual({ day: '2026-07-15' });
    expect(batchDecision(facts({ track: ride, stamps }), undefined)).toEqual({ day: '2026-07-14' });
    expect(batchDecision(facts({ track: { ...ride, complete: false }, stamps }), undefined)).toEqual({
      day: '2026-07-15',
    });
    expect(batchDecision(facts({ stamps }), '2026-07-16')).toEqual({ day: '2026-07-16' });
    expect(batchDecision(facts(), '2026-07-16')).toEqual({ day: '2026-07-16' });
    expect(batchDecision(facts(), undefined)).toEqual({ refused: 'date_missing' });
  });

  it('leaves a flag, an open request, evidence short of the challenge or a card not back to a person', () => {
    expect(batchDecision(facts({ cardReceived: false, track: ride }), undefined)).toEqual({
      refused: 'card_missing',
    });
    expect(batchDecision(facts({ track: { ...ride, flagCount: 1 } }), undefined)).toEqual({
      refused: 'track_flagged',
    });
    expect(batchDecision(facts({ track: ride, stamps: { ...stamps, flagCount: 2 } }), undefined)).toEqual({
      refused: 'stamps_flagged',
    });
    expect(batchDecision(facts({ stamps, requestOpen: true }), undefined)).toEqual({
      refused: 'request_open',
    });
    expect(batchDecision(facts({ track: { ...ride, complete: false } }), '2026-07-16')).toEqual({
      refused: 'track_not_complete',
    });
    expect(batchDecision(facts({ stamps: { ...stamps, complete: false } }), '2026-07-16')).toEqual({
      refused: 'stamps_not_complete',
    });
  });
});
