// What a list's filters may send (the homework queue, the students table): typed or restored from
// storage, a value goes to the server only when well formed, so a filter never makes a malformed
// request.

/** A database id: a positive integer of at most ten digits. */
export const isPositiveId = (value: string): boolean => /^[1-9]\d{0,9}$/.test(value);

/** A real calendar day written YYYY-MM-DD (not 2026-02-30). */
export function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A search text as sent: control characters (a NUL byte among them) as spaces, trimmed, at most `max` characters. */
export const searchText = (value: string, max: number): string =>
  // eslint-disable-next-line no-control-regex
  value.replace(/[\u0000-\u001f\u007f]/g, ' ').trim().slice(0, max).trim();
