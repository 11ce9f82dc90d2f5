import { describe, expect, it } from 'vitest';
import {
  containsPattern,
  laureateIdentityKey,
  laureateSearchText,
  normalizeSearchText,
  searchWords,
} from './search.ts';

describe('normalizeSearchText', () => {
  it.each([
    ['Benoît', 'benoit'],
    ['BENOÎT', 'benoit'],
    ['Saint-Étienne', 'saint etienne'],
    ["L'Isle-sur-la-Sorgue", 'l isle sur la sorgue'],
    ['Œuvray Æbersold', 'oeuvray aebersold'],
    ['Müller Straße', 'muller strasse'],
    ['Søren Łukasz', 'soren lukasz'],
    ['  José   María ', 'jose maria'],
    ['Ñúñez Çelik', 'nunez celik'],
    ['', ''],
    [null, ''],
  ])('%j -> %j', (input, expected) => {
    expect(normalizeSearchText(input)).toBe(expected);
  });
});

describe('searchWords', () => {
  it('splits the query into distinct normalized words, at most six', () => {
    expect(searchWords('Jean-Pierre  jean MARTIN')).toEqual(['jean', 'pierre', 'martin']);
    expect(searchWords('  ')).toEqual([]);
    expect(searchWords('a b c d e f g h')).toHaveLength(6);
  });
});

describe('laureate keys', () => {
  it('puts name and town in the search text', () => {
    expect(laureateSearchText({ nom: 'Lefèvre', prenom: 'Benoît', ville: 'Bédoin' })).toBe(
      'lefevre benoit bedoin',
    );
    expect(laureateSearchText({ nom: 'Lefèvre', prenom: 'Benoît', ville: null })).toBe('lefevre benoit');
  });

  it('builds the identity from the normalized name and the date of birth', () => {
    expect(laureateIdentityKey({ nom: 'LEFÈVRE', prenom: 'benoit', date_naissance: '1960-05-20' })).toBe(
      'lefevre|benoit|1960-05-20',
    );
    expect(laureateIdentityKey({ nom: 'Lefèvre', prenom: 'Benoît' })).toBe('lefevre|benoit|');
  });

  it('takes LIKE wildcards literally', () => {
    expect(containsPattern('100%_\\')).toBe('%100\\%\\_\\\\%');
  });
});
