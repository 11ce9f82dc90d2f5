/**
 * Addresses the site served before it took the club's own: they answer 301 to the club's address, keeping the
 * locale and the query, so bookmarks and links in old emails still lead to the right list.
 */
const MOVED: ReadonlyArray<readonly [from: RegExp, to: string]> = [
  [/^\/([a-z]{2})\/administration\/homologations\/in-progress\/?$/, '/$1/administration/homologations'],
  [
    /^\/([a-z]{2})\/administration\/homologations\/history\/?$/,
    '/$1/administration/homologations/historique',
  ],
];

/** The club's address for an earlier one, or null when the path has not moved. */
export function movedTo(url: string): string | null {
  const queryStart = url.indexOf('?');
  const pathname = queryStart === -1 ? url : url.slice(0, queryStart);
  const query = queryStart === -1 ? '' : url.slice(queryStart);
  for (const [from, to] of MOVED) {
    if (from.test(pathname)) return pathname.replace(from, to) + query;
  }
  return null;
}
