/**
 * How public tables name a laureate (the ranking, a palmarès, the home page, a diploma's check page): the name in
 * full (the default), the first name with the surname's initial, or initials only, the town of the ride beside
 * them as every table already shows it. A laureate with a verified address chooses (PUT /api/me/public-name);
 * hiding the results altogether is the separate display restriction.
 */
export const NAME_DISPLAYS = ['full', 'initial', 'initials'] as const;
export type NameDisplay = (typeof NAME_DISPLAYS)[number];

export function isNameDisplay(value: unknown): value is NameDisplay {
  return typeof value === 'string' && (NAME_DISPLAYS as readonly string[]).includes(value);
}

/** "Jean-Pierre" → "J.-P.", "de La Tour" → "d. L. T.": the initial of every word and of every part of a word. */
export function initialsOf(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) =>
      word
        .split('-')
        .filter(Boolean)
        .map((piece) => `${[...piece][0]}.`)
        .join('-'),
    )
    .join(' ');
}

/** The first name and surname as a public table shows them. */
export function publicName(
  person: { prenom: string; nom: string },
  display: NameDisplay,
): { prenom: string; nom: string } {
  switch (display) {
    case 'full':
      return { prenom: person.prenom, nom: person.nom };
    case 'initial':
      return { prenom: person.prenom, nom: initialsOf(person.nom) };
    case 'initials':
      return { prenom: initialsOf(person.prenom), nom: initialsOf(person.nom) };
  }
}

/** The same as one line: "Jean-Pierre L.", "J.-P. L.". */
export function publicFullName(person: { prenom: string; nom: string }, display: NameDisplay): string {
  const shown = publicName(person, display);
  return [shown.prenom, shown.nom].filter(Boolean).join(' ');
}
