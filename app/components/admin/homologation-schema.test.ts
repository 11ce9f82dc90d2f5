import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../../domain/schemas/common.ts';
import { correctionSchema, homologateSchema, registrationDay, rejectSchema } from './homologation-schema.ts';

// 10:00 in Provence on 14 July 2026.
const NOW = new Date('2026-07-14T08:00:00Z');

function errors(result: { success: boolean; error?: unknown }) {
  return result.success ? {} : fieldErrors(result.error as Parameters<typeof fieldErrors>[0]);
}

describe('registrationDay', () => {
  it('is the day in the club’s time zone, from a string or a Date', () => {
    expect(registrationDay('2026-03-31T22:30:00Z')).toBe('2026-04-01');
    expect(registrationDay(new Date('2026-03-31T12:00:00Z'))).toBe('2026-03-31');
  });
});

describe('homologateSchema', () => {
  const schema = homologateSchema('2026-05-02', NOW);

  it('accepts a ride between the registration and today, with another challenge than registered', () => {
    const result = schema.safeParse({
      date_passage: '2026-07-14',
      epreuve_realisee: 'cingle',
      commentaire: '',
    });
    expect(result.success).toBe(true);
    expect(schema.safeParse({ date_passage: '2026-05-02', epreuve_realisee: 'bicingle' }).success).toBe(true);
  });

  it('refuses a ride in the future or before the registration', () => {
    expect(errors(schema.safeParse({ date_passage: '2026-07-15', epreuve_realisee: 'cingle' }))).toEqual({
      date_passage: 'validation:date_passage_future',
    });
    expect(errors(schema.safeParse({ date_passage: '2026-05-01', epreuve_realisee: 'cingle' }))).toEqual({
      date_passage: 'validation:date_passage_before_registration',
    });
  });

  it('needs a date and a challenge', () => {
    expect(errors(schema.safeParse({ date_passage: '', epreuve_realisee: null }))).toEqual({
      date_passage: 'validation:date_passage_required',
      epreuve_realisee: 'validation:epreuve_required',
    });
  });
});

describe('rejectSchema and correctionSchema', () => {
  it('needs a reason to reject', () => {
    expect(errors(rejectSchema.safeParse({ reason: '   ' }))).toEqual({
      reason: 'validation:reason_required',
    });
    expect(rejectSchema.safeParse({ reason: 'The card has only two stamps.' }).success).toBe(true);
  });

  it('corrects the date with the same rules', () => {
    const schema = correctionSchema('2026-05-02', NOW);
    expect(schema.safeParse({ date_passage: '2026-06-01', commentaire: 'Date misread' }).success).toBe(true);
    expect(errors(schema.safeParse({ date_passage: '2027-01-01', commentaire: '' }))).toEqual({
      date_passage: 'validation:date_passage_future',
    });
  });

  it('names a day that does not exist as the API does', () => {
    const schema = correctionSchema('2026-01-02', NOW);
    expect(errors(schema.safeParse({ date_passage: '2026-02-30', commentaire: '' }))).toEqual({
      date_passage: 'validation:date_invalid',
    });
  });
});
