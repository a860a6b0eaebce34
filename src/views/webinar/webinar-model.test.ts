import { describe, expect, it } from 'vitest';
import { countdownParts, dueCount, isStaffRole, resolveVideoUrl, sortChat, youtubeEmbedUrl, type ChatMessage } from './webinar-model.ts';

const msg = (timeshift_ms: number, message = String(timeshift_ms)): ChatMessage => ({ username: 'Анна', message, role: 'viewer', timeshift_ms });

describe('countdownParts', () => {
  it('splits the time left into days, hours, minutes and seconds', () => {
    expect(countdownParts(((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 });
  });

  it('rounds a part of a second up and stops at zero', () => {
    expect(countdownParts(59_001)).toEqual({ days: 0, hours: 0, minutes: 1, seconds: 0 });
    expect(countdownParts(0)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
    expect(countdownParts(-5000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});

describe('resolveVideoUrl', () => {
  const API = 'https://platform.example';

  it('puts the platform origin in front of a path', () => {
    expect(resolveVideoUrl('/demo/webinar.mp4', API)).toBe('https://platform.example/demo/webinar.mp4');
    expect(resolveVideoUrl('media/v.mp4', API)).toBe('https://platform.example/media/v.mp4');
    expect(resolveVideoUrl('/demo/webinar.mp4', '')).toBe('/demo/webinar.mp4');
  });

  it('keeps absolute http(s) addresses', () => {
    expect(resolveVideoUrl('https://cdn.example/v.mp4', API)).toBe('https://cdn.example/v.mp4');
    expect(resolveVideoUrl('//cdn.example/v.mp4', API)).toBe('//cdn.example/v.mp4');
  });

  it('has no video for blanks and other schemes', () => {
    expect(resolveVideoUrl(null, API)).toBeNull();
    expect(resolveVideoUrl('  ', API)).toBeNull();
    expect(resolveVideoUrl('javascript:alert(1)', API)).toBeNull();
    expect(resolveVideoUrl('data:video/mp4;base64,AAAA', API)).toBeNull();
  });
});

describe('youtubeEmbedUrl', () => {
  it('embeds from youtube-nocookie at a whole second', () => {
    expect(youtubeEmbedUrl('dQw4w9WgXcQ', 90.9)).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=90');
    expect(youtubeEmbedUrl('a/b?c', -3)).toBe('https://www.youtube-nocookie.com/embed/a%2Fb%3Fc?start=0');
  });
});

describe('sortChat and dueCount', () => {
  it('orders by time, keeps the server order for equal times and drops malformed entries', () => {
    const sorted = sortChat([msg(3000, 'c'), msg(1000, 'a'), msg(3000, 'd'), null as unknown as ChatMessage, { ...msg(0), timeshift_ms: 'x' as unknown as number }, msg(2000, 'b')]);
    expect(sorted.map((m) => m.message)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('has no messages for a missing list', () => {
    expect(sortChat(undefined)).toEqual([]);
    expect(sortChat(null)).toEqual([]);
  });

  it('counts the messages due at a position, inclusive', () => {
    const sorted = sortChat([msg(1000), msg(2000), msg(3000)]);
    expect(dueCount(sorted, 0)).toBe(0);
    expect(dueCount(sorted, 1999)).toBe(1);
    expect(dueCount(sorted, 2000)).toBe(2);
    expect(dueCount(sorted, 10_000)).toBe(3);
  });
});

describe('isStaffRole', () => {
  it('highlights moderators and admins only', () => {
    expect(isStaffRole('moderator')).toBe(true);
    expect(isStaffRole('Admin')).toBe(true);
    expect(isStaffRole('administrator')).toBe(true);
    expect(isStaffRole('viewer')).toBe(false);
    expect(isStaffRole('')).toBe(false);
    expect(isStaffRole(undefined)).toBe(false);
  });
});
