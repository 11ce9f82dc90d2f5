/**
 * Where the flag pictures are served (flag-icons' 4:3 SVGs, server/app.ts): the address the pages, the service
 * worker and the flags service (server/services/laureates/flags.ts) agree on.
 */
export const FLAGS_PATH = '/flags/';

/** A country's (or a language's) flag file, by its lowercase code. */
export function flagFile(code: string): string {
  return `${FLAGS_PATH}${code}.svg`;
}
