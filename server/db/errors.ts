/** What a database error means, the same on PGlite and PostgreSQL (drizzle wraps the driver's error as `cause`). */

/** A unique index refused the row: another request (or instance) wrote the same thing first. */
export function isUniqueViolation(error: unknown): boolean {
  const candidate = error as { code?: string; cause?: { code?: string } } | null;
  return candidate?.code === '23505' || candidate?.cause?.code === '23505';
}
