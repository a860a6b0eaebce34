// An appeal's date as the table and the dialog write it: Russian, in figures, with the time.

/** "05.03.2026, 10:00"; the text as it came when it is not a date. */
export function formatAppealDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }).format(date);
}
