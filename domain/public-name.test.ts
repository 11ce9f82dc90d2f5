import { describe, expect, it } from 'vitest';
import { initialsOf, isNameDisplay, publicFullName, publicName } from './public-name.ts';

const rider = { prenom: 'Jean-Pierre', nom: 'de La Tour' };

describe('publicName', () => {
  it('shows the name in full by default', () => {
    expect(publicName(rider, 'full')).toEqual(rider);
  });

  it('shows the first name and the surname’s initials', () => {
    expect(publicName(rider, 'initial')).toEqual({ prenom: 'Jean-Pierre', nom: 'd. L. T.' });
    expect(publicFullName({ prenom: 'Benoît', nom: 'Lefèvre' }, 'initial')).toBe('Benoît L.');
  });

  it('shows initials only', () => {
    expect(publicName(rider, 'initials')).toEqual({ prenom: 'J.-P.', nom: 'd. L. T.' });
    expect(publicFullName({ prenom: 'Émile', nom: 'Zola' }, 'initials')).toBe('É. Z.');
  });
});

describe('initialsOf', () => {
  it('takes the first letter of each word and part, accents and surrogate pairs included', () => {
    expect(initialsOf('  Émile ')).toBe('É.');
    expect(initialsOf('Anne-Marie  Claire')).toBe('A.-M. C.');
    expect(initialsOf('𝒜lice')).toBe('𝒜.');
    expect(initialsOf('')).toBe('');
  });
});

describe('isNameDisplay', () => {
  it('knows the three choices only', () => {
    expect(['full', 'initial', 'initials', 'FULL', '', null].map(isNameDisplay)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});
