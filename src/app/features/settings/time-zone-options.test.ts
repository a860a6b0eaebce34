import { describe, expect, it } from 'vitest';
import { NEAR_TIME_ZONES, timeZoneOption, timeZoneOptions } from './time-zone-options.ts';

// A winter day: Europe keeps standard time, the US too.
const now = new Date('2026-01-15T12:00:00Z');

describe('the time-zone choices', () => {
  it('name each zone in Russian by its offset and its place; the value stays the IANA id', () => {
    expect(timeZoneOption('Europe/Moscow', now)).toEqual({ value: 'Europe/Moscow', label: 'UTC+03:00 — Москва', offset: 180 });
    expect(timeZoneOption('Asia/Novosibirsk', now).label).toBe('UTC+07:00 — Новосибирск');
    expect(timeZoneOption('Asia/Kolkata', now).label).toMatch(/^UTC\+05:30 — \p{Script=Cyrillic}/u);
    expect(timeZoneOption('America/New_York', now)).toEqual({ value: 'America/New_York', label: 'UTC−05:00 — Нью-Йорк', offset: -300 });
    // No place to name: the id says it.
    expect(timeZoneOption('UTC', now).label).toBe('UTC+00:00 — UTC');
    expect(timeZoneOption('Etc/GMT-3', now).label).toBe('UTC+03:00 — Etc/GMT-3');
    // A zone this browser does not know is shown as it is.
    expect(timeZoneOption('Mars/Olympus', now)).toEqual({ value: 'Mars/Olympus', label: 'Mars/Olympus', offset: null });
  });

  it('put Russia and Belarus first, then every other zone west to east, each label in Russian', () => {
    const { near, all } = timeZoneOptions('Europe/Moscow', now);
    expect(near.map((zone) => zone.value)).toEqual([...NEAR_TIME_ZONES]);
    expect(near.slice(0, 2).map((zone) => zone.label)).toEqual(['UTC+03:00 — Москва', 'UTC+03:00 — Беларусь']);
    const offsets = all.map((zone) => zone.offset!);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    expect(all.map((zone) => zone.value)).toContain('UTC');
    expect(all.map((zone) => zone.value)).not.toContain('Europe/Moscow');
    // No English place names and no bare ids where Intl knows the place.
    const english = all.filter((zone) => !/^UTC[+−]\d\d:\d\d — /.test(zone.label) || /^(Europe|America|Asia|Africa)\//.test(zone.label.split(' — ')[1]!));
    expect(english).toEqual([]);
    expect(all.find((zone) => zone.value === 'Europe/Berlin')!.label).toBe('UTC+01:00 — Германия');
  });

  it('keep a saved zone the browser does not list, at the end', () => {
    const { all } = timeZoneOptions('Mars/Olympus', now);
    expect(all.at(-1)!.value).toBe('Mars/Olympus');
  });
});
