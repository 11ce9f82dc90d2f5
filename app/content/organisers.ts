/**
 * The club's organisers shown on the home page. Content, not code: the club edits this list. Names are proper
 * nouns and are not translated; `role` is a key of `home:organisers.roles`; `photoUrl` is optional (a path
 * under /public or an absolute URL of an image the club owns) and a neutral avatar stands in without it.
 *
 * The names below are placeholders until the club supplies the real list.
 */
export type OrganiserRole = 'president' | 'secretary' | 'treasurer' | 'homologation';

export interface Organiser {
  name: string;
  role: OrganiserRole;
  photoUrl?: string;
}

export const ORGANISERS: readonly Organiser[] = [
  { name: 'Jean-Marc Aubert', role: 'president' },
  { name: 'Sylvie Roux', role: 'secretary' },
  { name: 'Patrick Mercier', role: 'homologation' },
];
