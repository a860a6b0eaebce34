// Dates and periods as the group page writes them (Russian, numeric: a table cell is narrow).
import { groupsMessages } from '#core';

const t = groupsMessages;

/** "01.11.2026"; the text as it came when it is not a date. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString('ru-RU');
}

/** "01.11.2026, 10:00"; '—' for none. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return t.none;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** Days of access left: 'Без ограничения', 'Доступ закончился' or "12 дней". */
export function formatRemaining(days: number | null): string {
  if (days === null) return t.unlimited;
  return days <= 0 ? t.accessOver : t.days(days);
}
