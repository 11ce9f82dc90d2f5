import { describe, expect, it } from 'vitest';
import { type DiplomaFacts, isDiplomaCode, statementClaims } from './diploma.ts';

describe('isDiplomaCode', () => {
  it('takes 43 base64url characters and nothing else', () => {
    expect(isDiplomaCode('a'.repeat(43))).toBe(true);
    expect(isDiplomaCode('Ab-_09'.padEnd(43, 'x'))).toBe(true);
    expect(isDiplomaCode('a'.repeat(42))).toBe(false);
    expect(isDiplomaCode('a'.repeat(44))).toBe(false);
    expect(isDiplomaCode(`${'a'.repeat(42)}=`)).toBe(false);
    expect(isDiplomaCode(`${'a'.repeat(42)}/`)).toBe(false);
    expect(isDiplomaCode('1234')).toBe(false);
  });
});

describe('statementClaims', () => {
  const facts: DiplomaFacts = {
    code: 'c'.repeat(43),
    status: 'valid',
    name: 'Jeanne Longo',
    epreuve: 'bicingle',
    numero: 1204,
    date_passage: '2026-07-14',
    homologated_at: '2026-08-01T09:30:00.000Z',
    revoked_at: null,
  };

  it('states the facts under the club’s address, with the page to check them again', () => {
    expect(statementClaims(facts, 'https://club.example')).toEqual({
      iss: 'https://club.example',
      sub: facts.code,
      status: 'valid',
      name: 'Jeanne Longo',
      epreuve: 'bicingle',
      numero: 1204,
      date_passage: '2026-07-14',
      homologated_at: '2026-08-01T09:30:00.000Z',
      revoked_at: null,
      check_url: `https://club.example/fr/diplomas/${facts.code}`,
    });
  });
});
