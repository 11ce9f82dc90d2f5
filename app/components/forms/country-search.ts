/**
 * Searching a country select: accents, case and punctuation ignored ('etats unis' finds 'États-Unis'), names
 * starting with the text first, then names with a word starting with it, then the rest that contain it.
 */
import type { ComboboxItem, ComboboxParsedItem } from '@mantine/core';

export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function rank(label: string, query: string): number | null {
  const folded = foldForSearch(label);
  if (folded.startsWith(query)) return 0;
  if (` ${folded}`.includes(` ${query}`)) return 1;
  return folded.includes(query) ? 2 : null;
}

const isItem = (option: ComboboxParsedItem): option is ComboboxItem => 'value' in option;

/** A Mantine `filter` for country options; the disabled separator only shows while nothing is typed. */
export function filterCountries({
  options,
  search,
}: {
  options: ComboboxParsedItem[];
  search: string;
}): ComboboxParsedItem[] {
  const query = foldForSearch(search);
  if (query === '') return options;
  return options
    .filter(isItem)
    .filter((option) => !option.disabled)
    .map((option) => ({ option, rank: rank(option.label, query) }))
    .filter((entry): entry is { option: ComboboxItem; rank: number } => entry.rank !== null)
    .sort((a, b) => a.rank - b.rank)
    .map((entry) => entry.option);
}
