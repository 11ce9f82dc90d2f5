/**
 * Whether a page needs the client (React, React Router and the page's modules in the browser). A route module
 * that needs none says so with `export const handle = WITHOUT_CLIENT`; the root then renders it without
 * `<Scripts />`, so the browser receives its HTML and CSS only (docs/decisions/0041-pages-without-scripts.md).
 * Pages that say nothing keep the client.
 */
import type { UIMatch } from 'react-router';

export interface PageHandle {
  /** False: the page is complete HTML that works with the web platform alone. */
  client?: boolean;
}

export const WITHOUT_CLIENT: PageHandle = { client: false };

/** Set on the `<html>` of a page rendered without the client, for the server's last touches and for tests. */
export const WITHOUT_CLIENT_ATTRIBUTE = 'data-client';

/** The deepest route decides: it is the page (a layout serves pages of both kinds). */
export function pageNeedsClient(matches: readonly Pick<UIMatch, 'handle'>[]): boolean {
  const handle = matches.at(-1)?.handle as PageHandle | undefined;
  return handle?.client !== false;
}
