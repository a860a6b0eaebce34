import { fieldError } from '../../shared/errors.ts';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * An ISO 8601 date (its midnight, UTC) or date-time (UTC when it names no offset). A day that its
 * month lacks (2025-02-30) is refused rather than rolled over into the next month.
 */
export function parseInstant(field: string, value: string): Date {
  const text = value.trim();
  const invalid = () => fieldError(field, 'Укажите дату в формате ISO 8601, например 2025-01-31 или 2025-01-31T10:00:00Z.');
  if (!DATE_ONLY.test(text) && !DATE_TIME.test(text)) throw invalid();
  const [year, month, day] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  if (month < 1 || month > 12 || new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day) throw invalid();
  const at = new Date(DATE_ONLY.test(text) ? `${text}T00:00:00Z` : /(?:Z|[+-]\d{2}:?\d{2})$/i.test(text) ? text : `${text}Z`);
  if (Number.isNaN(at.getTime())) throw invalid();
  return at;
}
