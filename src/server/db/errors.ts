/** Whether a database error is a unique-constraint violation (PostgreSQL 23505), optionally of one index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  // Drizzle wraps driver errors; the PostgreSQL fields sit on the error or its cause.
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === undefined || name === constraint;
  }
  return false;
}
