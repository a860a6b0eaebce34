// Figures and dates as the students table writes them: Russian, in figures (a table's columns).

const day = new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric' });
const dayTime = new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const number = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 });

function format(iso: string, how: Intl.DateTimeFormat): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : how.format(date);
}

/** "05.03.2026"; the text as it came when it is not a date. */
export const formatDay = (iso: string) => format(iso, day);

/** "05.03.2026, 10:00". */
export const formatDayTime = (iso: string) => format(iso, dayTime);

/** "4,5" (two decimals at most, a decimal comma). */
export const formatNumber = (value: number) => number.format(value);

/** "42,5 %" with a no-break space. */
export const formatPercent = (value: number) => `${number.format(value)}\u00a0%`;

/** Today as YYYY-MM-DD on the user's clock: an exported file's name. */
export function localDay(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
