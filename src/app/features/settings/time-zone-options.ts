// The choices of the school's time zone («Основные»), in Russian: each zone is its offset now and the
// place Intl names in Russian («UTC+03:00 — Москва», «UTC+01:00 — Германия»). The zones of Russia and
// Belarus come first, then every zone the browser knows, by offset. The value stays the IANA id.

/** West to east; Europe/Minsk after Moscow, the platform's two main audiences. */
export const NEAR_TIME_ZONES = [
  'Europe/Moscow',
  'Europe/Minsk',
  'Europe/Kaliningrad',
  'Europe/Samara',
  'Asia/Yekaterinburg',
  'Asia/Omsk',
  'Asia/Novosibirsk',
  'Asia/Krasnoyarsk',
  'Asia/Irkutsk',
  'Asia/Yakutsk',
  'Asia/Vladivostok',
  'Asia/Magadan',
  'Asia/Kamchatka',
] as const;

export interface TimeZoneOption {
  value: string;
  label: string;
  /** Minutes east of UTC now; null when this browser does not know the zone. */
  offset: number | null;
}

function zoneName(zone: string, style: 'longOffset' | 'shortGeneric', now: Date): string | null {
  try {
    const parts = new Intl.DateTimeFormat('ru', { timeZone: zone, timeZoneName: style }).formatToParts(now);
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? null;
  } catch {
    return null;
  }
}

/** «GMT+05:30» → 330; «GMT» (UTC itself) → 0. */
function minutesOf(longOffset: string | null): number | null {
  if (longOffset === 'GMT') return 0;
  const match = /^GMT([+-−])(\d\d):(\d\d)$/.exec(longOffset ?? '');
  if (!match) return null;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '+' ? minutes : -minutes;
}

function utcOffset(minutes: number): string {
  const abs = Math.abs(minutes);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `UTC${minutes < 0 ? '−' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

export function timeZoneOption(zone: string, now = new Date()): TimeZoneOption {
  const offset = minutesOf(zoneName(zone, 'longOffset', now));
  // The generic location: the city («Новосибирск»), or the country when it has one zone («Германия»).
  // Zones with no place (UTC, Etc/GMT-3) come back as «GMT+3»: the id says more.
  const place = zoneName(zone, 'shortGeneric', now);
  const where = place && !/^(GMT|UTC)/.test(place) ? place : zone;
  return { value: zone, offset, label: offset === null ? zone : `${utcOffset(offset)} — ${where}` };
}

const collator = new Intl.Collator('ru');

/** By offset west to east, then by name; zones of unknown offset last. */
function byOffset(a: TimeZoneOption, b: TimeZoneOption): number {
  if (a.offset !== b.offset) return a.offset === null ? 1 : b.offset === null ? -1 : a.offset - b.offset;
  return collator.compare(a.label, b.label);
}

/**
 * `near` (Russia and Belarus) and `all` (the others, by offset, UTC among them). `current` is kept
 * even if this browser does not list it (an older ICU spells some zones otherwise).
 */
export function timeZoneOptions(current: string, now = new Date()): { near: TimeZoneOption[]; all: TimeZoneOption[] } {
  const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const near = new Set<string>(NEAR_TIME_ZONES);
  const rest = new Set([...listed, 'UTC', current].filter((zone) => zone && !near.has(zone)));
  return {
    near: NEAR_TIME_ZONES.map((zone) => timeZoneOption(zone, now)),
    all: [...rest].map((zone) => timeZoneOption(zone, now)).sort(byOffset),
  };
}
