/**
 * The rule for a remembered path (the page to return to after signing in): only a path of this site is kept, so
 * that a crafted link cannot send a user elsewhere after login (open redirect).
 */

/** Longer values are refused: no page path of the site comes close, and the value ends up in a header. */
const MAX_LENGTH = 2048;

/** Path characters: letters, digits and @ - % _ ~ / . (anything else must be percent-encoded). */
const PATH = /^[A-Za-z0-9@\-%_~/.]*$/;
/** Query and fragment: printable ASCII except space and backslash. */
const QUERY_OR_FRAGMENT = /^[\x21-\x5b\x5d-\x7e]*$/;
// eslint-disable-next-line no-control-regex -- control characters are exactly what must be found
const CONTROL = /[\x00-\x1f\x7f]/;

/**
 * Checks the path part, before and after one percent-decoding: exactly one leading slash, no empty segment (which
 * a later normalisation could turn into a leading '//'), no dot segment ('/..//evil' normalises to '//evil'), no
 * backslash (browsers read '/\evil' as '//evil'), no control character.
 */
function isSafePathShape(path: string): boolean {
  if (!path.startsWith('/') || path.includes('\\') || CONTROL.test(path)) return false;
  if (path === '/') return true;
  const segments = path.slice(1).split('/');
  return segments.every((segment, index) => {
    if (segment === '.' || segment === '..') return false;
    // A trailing slash ('/account/') leaves one empty last segment, which is harmless.
    return segment !== '' || index === segments.length - 1;
  });
}

/** The value when it is a path of this site (with an optional ?query and #fragment), else null. */
export function safeRedirectPath(value: unknown): string | null {
  if (typeof value !== 'string' || value === '' || value.length > MAX_LENGTH) return null;

  const hashAt = value.indexOf('#');
  const beforeFragment = hashAt === -1 ? value : value.slice(0, hashAt);
  const fragment = hashAt === -1 ? '' : value.slice(hashAt + 1);
  const queryAt = beforeFragment.indexOf('?');
  const path = queryAt === -1 ? beforeFragment : beforeFragment.slice(0, queryAt);
  const query = queryAt === -1 ? '' : beforeFragment.slice(queryAt + 1);

  if (!PATH.test(path) || !isSafePathShape(path)) return null;
  if (!QUERY_OR_FRAGMENT.test(query) || !QUERY_OR_FRAGMENT.test(fragment)) return null;

  // '/%2F%2Fevil' or '/%5Cevil' pass the checks above but become '//evil' or '/\evil' once a router decodes them.
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null;
  }
  return isSafePathShape(decoded) ? value : null;
}
