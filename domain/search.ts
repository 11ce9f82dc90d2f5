/**
 * Text normalization for searching and matching people: lower case, no accents, no punctuation, so that
 * 'Benoit' finds 'Benoît' and 'jean pierre' finds 'Jean-Pierre'. The same function fills
 * `laureates.search_text` and turns the search box into words, so both sides always agree.
 */

/** Letters that NFD does not decompose into a base letter plus a mark. */
const LIGATURES: Record<string, string> = {
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};

const LIGATURE_PATTERN = new RegExp(`[${Object.keys(LIGATURES).join('')}]`, 'g');

/** Lower case, accents removed, anything but letters and digits turned into single spaces, trimmed. */
export function normalizeSearchText(value: string | null | undefined): string {
  if (!value) return '';
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(LIGATURE_PATTERN, (letter) => LIGATURES[letter] ?? letter)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The distinct words of a search, normalized; at most `max` so that a pasted paragraph stays cheap. */
export function searchWords(query: string | null | undefined, max = 6): string[] {
  const words = normalizeSearchText(query).split(' ').filter(Boolean);
  return [...new Set(words)].slice(0, max);
}

/** What `laureates.search_text` holds: the words of the name and the town. */
export function laureateSearchText(person: { nom: string; prenom: string; ville?: string | null }): string {
  return [person.nom, person.prenom, person.ville].map(normalizeSearchText).filter(Boolean).join(' ');
}

/**
 * `laureates.identity_key`: normalized nom|prenom|date_naissance. Rows of the same person without an email are
 * linked by it, and only when the date of birth is known (two riders called Jean Martin are not one person).
 */
export function laureateIdentityKey(person: {
  nom: string;
  prenom: string;
  date_naissance?: string | null;
}): string {
  return [
    normalizeSearchText(person.nom),
    normalizeSearchText(person.prenom),
    person.date_naissance ?? '',
  ].join('|');
}

/** A LIKE pattern that matches `word` anywhere, with LIKE's wildcards in the word taken literally. */
export function containsPattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
