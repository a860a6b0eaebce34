import type { TestStart, TimerState } from './learning-api.ts';

/** "01:30:00" (the API's durations) or a number of seconds as text → seconds; null for none or nonsense. */
export function parseDuration(value: string | null | undefined): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value);
  const match = /^(\d{1,3}):([0-5]\d):([0-5]\d)$/.exec(value);
  return match ? Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]) : null;
}

/** What check-timer said: its answer, 'expired' for its 403 TIME_EXPIRED, or null when it could not be asked. */
export type TimerCheck = TimerState | 'expired' | null;

/**
 * When the attempt's time runs out, on this device's clock (ms), or null for no limit. The
 * server's remaining seconds (check-timer) count from the moment they arrived, so a device clock
 * set wrong changes nothing; only without them is the server's deadline read against the device's clock.
 */
export function countdownEnd(start: Pick<TestStart, 'deadline'>, check: TimerCheck, now: number): number | null {
  if (check === 'expired') return now;
  if (check?.status === 'Time Remaining') return now + Math.max(0, check.remaining_time) * 1000;
  if (!start.deadline) return null;
  const deadline = Date.parse(start.deadline);
  return Number.isNaN(deadline) ? null : deadline;
}

/** Whole seconds left, rounded up (the clock shows 00:01 until the very end), never below zero. */
export const secondsLeft = (end: number, now: number): number => Math.max(0, Math.ceil((end - now) / 1000));

/** "04:59", "1:02:03": a countdown clock. */
export function formatClock(total: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}
