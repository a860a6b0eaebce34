// The Content-Security-Policy lets the lesson's video players in (issue 25) and nothing else more:
// frames only from this site and the video hosts' player origins; the rest stays 'self'.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The policy's directives by name. */
function directives(header: string): Map<string, string[]> {
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('Content-Security-Policy', () => {
  it("frames only this site and the video hosts' players", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/' });
    const policy = directives(String(res.headers['content-security-policy']));
    expect(policy.get('frame-src')).toEqual([
      "'self'",
      'https://www.youtube-nocookie.com',
      'https://player.vimeo.com',
      'https://rutube.ru',
      'https://vk.com',
      'https://vkvideo.ru',
    ]);
    // Everything else as strict as before.
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    expect(policy.has('media-src')).toBe(false);
  });
});
