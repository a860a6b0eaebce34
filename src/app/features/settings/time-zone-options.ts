// The choices of the school's time zone («Основные»): the zones of Russia and Belarus first, then
// every zone the browser knows, each with its offset now («Europe/Moscow (GMT+3)»).

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
}

function offsetOf(zone: string, now: Date): string | null {
  try {
    const parts = new Intl.DateTimeFormat('ru-RU', { timeZone: zone, timeZoneName: 'shortOffset' }).formatToParts(now);
    const name = parts.find((part) => part.type === 'timeZoneName')?.value;
    return name === 'GMT' ? 'GMT+0' : (name ?? null);
  } catch {
    return null;
  }
}

const option = (zone: string, now: Date): TimeZoneOption => {
  const offset = offsetOf(zone, now);
  return { value: zone, label: offset ? `${zone} (${offset})` : zone };
};

/**
 * `near` (Russia and Belarus) and `all` (the others, by name, UTC among them). `current` is kept
 * even if this browser does not list it (an older ICU spells some zones otherwise).
 */
export function timeZoneOptions(current: string, now = new Date()): { near: TimeZoneOption[]; all: TimeZoneOption[] } {
  const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const near = new Set<string>(NEAR_TIME_ZONES);
  const rest = new Set([...listed, 'UTC', current].filter((zone) => zone && !near.has(zone)));
  return {
    near: NEAR_TIME_ZONES.map((zone) => option(zone, now)),
    all: [...rest].sort().map((zone) => option(zone, now)),
  };
}
