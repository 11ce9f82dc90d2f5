/** A service's "no such thing" (an error with status 404), which a page's loader turns into the not-found page. */
export function isNotFound(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { statusCode?: unknown }).statusCode === 404
  );
}
