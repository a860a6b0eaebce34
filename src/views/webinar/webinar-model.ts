// The shapes of the public webinar endpoints (from the API contract) and the small pure rules the
// widget applies to them.
import type { ApiAnswer } from '#core';

/** GET public/webinar/{slug}/: a countdown, or a show that is live (where in the video a viewer joining now comes in) or ended. */
export type WebinarData = ApiAnswer<'GET public/webinar/{slug}/'>;
export type WebinarCountdown = Extract<WebinarData, { status: 'countdown' }>;
/** Its uploaded_video_url may be a path relative to the platform's origin, e.g. '/demo/webinar.mp4'. */
export type WebinarShow = Exclude<WebinarData, WebinarCountdown>;

/** The show's scripted chat (GET public/webinar_chat/playback/{id}/messages/). */
export type ChatPlayback = ApiAnswer<'GET public/webinar_chat/playback/{id}/messages/'>;
/** A message, timeshift_ms after the video's start. */
export type ChatMessage = ChatPlayback['all_scripted_messages'][number];

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Whole days, hours, minutes and seconds left (rounded up to the second; zero once past). */
export function countdownParts(remainingMs: number): CountdownParts {
  const total = Math.max(0, Math.ceil(remainingMs / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/**
 * A video address from the server as the browser should load it: absolute http(s) addresses as they
 * are, paths against the platform's origin; anything else (javascript:, data:…) is not a video.
 */
export function resolveVideoUrl(url: string | null | undefined, apiBase: string): string | null {
  const value = (url ?? '').trim();
  if (!value) return null;
  if (/^https?:\/\//i.test(value) || value.startsWith('//')) return value;
  if (/^[a-z][a-z\d+.-]*:/i.test(value)) return null;
  return `${apiBase}${value.startsWith('/') ? '' : '/'}${value}`;
}

/** The youtube-nocookie embed address starting at `offsetSeconds`. */
export function youtubeEmbedUrl(videoId: string, offsetSeconds: number): string {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?start=${Math.max(0, Math.floor(offsetSeconds))}`;
}

/** The scripted messages in playback order (stable for equal times); malformed entries dropped. */
export function sortChat(messages: readonly ChatMessage[] | null | undefined): ChatMessage[] {
  if (!Array.isArray(messages)) return [];
  return messages
    .filter((m): m is ChatMessage => typeof m === 'object' && m !== null && Number.isFinite(Number(m.timeshift_ms)))
    .map((m, index) => ({ m, index }))
    .sort((a, b) => Number(a.m.timeshift_ms) - Number(b.m.timeshift_ms) || a.index - b.index)
    .map(({ m }) => m);
}

/** How many of the sorted messages are due at `positionMs` of the video. */
export function dueCount(sorted: readonly ChatMessage[], positionMs: number): number {
  let count = 0;
  while (count < sorted.length && Number(sorted[count]!.timeshift_ms) <= positionMs) count += 1;
  return count;
}

const STAFF_ROLES = new Set(['moderator', 'admin', 'administrator']);

/** Moderators and admins are highlighted in the chat; everyone else is a viewer. */
export function isStaffRole(role: string | null | undefined): boolean {
  return STAFF_ROLES.has((role ?? '').toLowerCase());
}
