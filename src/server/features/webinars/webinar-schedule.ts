/**
 * When an autowebinar is on: its first show starts at `startsAt` and, with `repeatMinutes`, a new
 * show starts every that many minutes; each show lasts `durationMinutes`. Pure, so the public
 * page and its tests agree on the clock arithmetic.
 */
export interface WebinarSchedule {
  startsAt: Date;
  /** Null: a single show. */
  repeatMinutes: number | null;
  durationMinutes: number;
}

export type WebinarState =
  /** Before a show: `showStart` is when the next one begins. */
  | { status: 'countdown'; showStart: Date }
  /** Inside a show that began at `showStart`, `offsetSeconds` ago. */
  | { status: 'live'; showStart: Date; offsetSeconds: number }
  /** The single show is over. */
  | { status: 'ended'; showStart: Date };

const MINUTE_MS = 60_000;

export function webinarState(schedule: WebinarSchedule, now: Date): WebinarState {
  const first = schedule.startsAt.getTime();
  const duration = schedule.durationMinutes * MINUTE_MS;
  const elapsed = now.getTime() - first;
  if (elapsed < 0) return { status: 'countdown', showStart: new Date(first) };
  const period = schedule.repeatMinutes ? schedule.repeatMinutes * MINUTE_MS : null;
  // The latest show that has started (shows longer than the period overlap: the newest wins).
  const shows = period === null ? 0 : Math.floor(elapsed / period);
  const showStart = first + shows * (period ?? 0);
  const intoShow = now.getTime() - showStart;
  if (intoShow < duration) return { status: 'live', showStart: new Date(showStart), offsetSeconds: Math.floor(intoShow / 1000) };
  if (period === null) return { status: 'ended', showStart: new Date(showStart) };
  return { status: 'countdown', showStart: new Date(showStart + period) };
}

/** The chat replay id of one show: `${webinarId}-${show start in epoch seconds}`. */
export function playbackSessionId(webinarId: number, showStart: Date): string {
  return `${webinarId}-${Math.floor(showStart.getTime() / 1000)}`;
}

/** The webinar id of a playback session id (or of a bare webinar id); null when it is neither. */
export function webinarIdOfPlayback(sessionId: string): number | null {
  const match = /^([1-9][0-9]{0,9})(?:-[0-9]{1,12})?$/.exec(sessionId);
  const id = match ? Number(match[1]) : Number.NaN;
  return Number.isSafeInteger(id) && id <= 2147483647 ? id : null;
}
