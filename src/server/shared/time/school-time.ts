// Date-times in what the server writes to people (mails, Telegram): in the school's time zone
// (schools.time_zone), with the offset, since the server does not know each reader's zone.

/** The zone a school has when its own is unknown to this runtime's ICU. */
export const DEFAULT_TIME_ZONE = 'Europe/Moscow';

const ZONES = new Set(Intl.supportedValuesOf('timeZone'));

/**
 * The canonical IANA name of `value` ('europe/moscow' → 'Europe/Moscow', 'Etc/UTC' → 'UTC'), or null
 * when it is not a zone this runtime knows. Offsets ('+03:00') and abbreviations ICU maps to some
 * city ('EST') are refused: only names of the supported list, and UTC.
 */
export function canonicalTimeZone(value: string): string | null {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(value)) return null;
  let zone: string;
  try {
    zone = new Intl.DateTimeFormat('en', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  if (zone === 'UTC') return zone;
  // Every listed name is Area/Place; ICU also takes bare legacy names ('EST' → America/Panama).
  return ZONES.has(zone) && value.includes('/') ? zone : null;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('ru-RU', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'shortOffset',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/**
 * «25.11.2026, 18:00 (GMT+3)»: `at` in the school's zone with its offset then («(UTC)» for offset
 * zero). ICU's Russian short names are offsets anyway («GMT+3» for Moscow and Minsk alike), so the
 * offset is what the reader gets. A zone this runtime does not know is written in UTC.
 */
export function schoolDateTime(at: Date, timeZone: string): string {
  const zone = canonicalTimeZone(timeZone) ?? 'UTC';
  const parts = Object.fromEntries(formatIn(zone).formatToParts(at).map((part) => [part.type, part.value])) as Partial<Record<Intl.DateTimeFormatPartTypes, string>>;
  const offset = parts.timeZoneName === 'GMT' || parts.timeZoneName === 'GMT+0' || parts.timeZoneName === undefined ? 'UTC' : parts.timeZoneName;
  return `${parts.day}.${parts.month}.${parts.year}, ${parts.hour}:${parts.minute} (${offset})`;
}
