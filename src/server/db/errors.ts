interface DriverError {
  code?: unknown;
  constraint?: unknown;
  message?: unknown;
}

/** The error and its causes: Drizzle wraps driver errors, whose PostgreSQL fields sit on a cause. */
function* chain(error: unknown): Generator<DriverError> {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) yield e as DriverError;
}

/** Whether a database error is a unique-constraint violation (PostgreSQL 23505), optionally of one index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (const e of chain(error)) {
    if (e.code === '23505') return constraint === undefined || e.constraint === constraint;
  }
  return false;
}

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', '57P01', '57P02', '57P03', '53300']);

/**
 * Whether a query failed because the database could not be reached: refused, dropped or
 * terminated connections (SQLSTATE class 08, admin shutdown 57P0x, too many connections) and the
 * pg driver's own "Connection terminated" errors.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of chain(error)) {
    if (typeof e.code === 'string' && (CONNECTION_CODES.has(e.code) || e.code.startsWith('08'))) return true;
    if (typeof e.message === 'string' && /^Connection terminated|connection timeout|Client has encountered a connection error/i.test(e.message)) return true;
  }
  return false;
}

/** Whether PostgreSQL refused a value (SQLSTATE class 22: a NUL byte in text, a number out of range, a bad date…). */
export function isDataError(error: unknown): boolean {
  for (const e of chain(error)) {
    if (typeof e.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code)) return true;
  }
  return false;
}
