interface DriverError {
  code?: unknown;
  constraint?: unknown;
  message?: unknown;
}

/** The error and its causes: Drizzle wraps driver errors, whose PostgreSQL fields sit on a cause. */
function* chain(error: unknown): Generator<DriverError> {
  let depth = 0;
  for (let e: unknown = error; e && typeof e === 'object' && depth < 8; e = (e as { cause?: unknown }).cause, depth += 1) yield e as DriverError;
}

/**
 * An error's own message, for the driver errors that have no code. Not Drizzle's wrapper: its
 * message quotes the query's parameters, which the client chose.
 */
const ownMessage = (e: DriverError) => (typeof e.message === 'string' && !e.message.startsWith('Failed query: ') ? e.message : '');

/** Whether a database error is a unique-constraint violation (PostgreSQL 23505), optionally of one index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (const e of chain(error)) {
    if (e.code === '23505') return constraint === undefined || e.constraint === constraint;
  }
  return false;
}

const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', '57P01', '57P02', '57P03', '53300']);

// The pg driver's and pool's own errors carry no code.
const UNAVAILABLE_MESSAGE = /^Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error/i;

/**
 * Whether a query failed because the database could not be reached: refused, dropped or
 * terminated connections (SQLSTATE class 08, admin shutdown 57P0x, too many connections) and the
 * pg driver's own "Connection terminated" errors.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of chain(error)) {
    if (typeof e.code === 'string' && (CONNECTION_CODES.has(e.code) || e.code.startsWith('08'))) return true;
    if (UNAVAILABLE_MESSAGE.test(ownMessage(e))) return true;
  }
  return false;
}

// Out of space in class 53 (insufficient resources) by its message: 53000 also means too many
// open files, which is not the disk's fault.
const NO_SPACE_MESSAGE = /no space left on device|disk quota exceeded|disk full/i;

/**
 * Whether PostgreSQL could not write for want of disk: disk_full (53100), or another code of
 * class 53 whose message says so (53000 insufficient_resources with ENOSPC or EDQUOT).
 */
export function isDatabaseDiskFull(error: unknown): boolean {
  for (const e of chain(error)) {
    if (e.code === '53100') return true;
    if (typeof e.code === 'string' && e.code.startsWith('53') && NO_SPACE_MESSAGE.test(ownMessage(e))) return true;
  }
  return false;
}

// A NUL byte PostgreSQL cannot store, in text (22021) or in JSON (22P05), by message as well:
// a wrapper that drops the code keeps the message.
const NUL_MESSAGE = /invalid byte sequence for encoding|unsupported Unicode escape sequence|null character not permitted|\\u0000 cannot be converted to text/i;

/** Whether PostgreSQL refused a value (SQLSTATE class 22: a NUL byte in text, a number out of range, a bad date…). */
export function isDataError(error: unknown): boolean {
  for (const e of chain(error)) {
    if (typeof e.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code)) return true;
    if (NUL_MESSAGE.test(ownMessage(e))) return true;
  }
  return false;
}
