import { describe, expect, it } from 'vitest';
import { isSafeLink } from './safe-link.ts';

describe('isSafeLink', () => {
  it.each(['https://example.com', 'http://example.com/a?b=1#c', 'HTTPS://Example.COM/Курс', ' https://example.com ', '/courses/1', '/', '/course-catalog?x=1', '/a/b\\c', '/%D0%BA%D1%83%D1%80%D1%81', '/a%2F%2Fb', '/%E0%A4%A'])(
    'takes %j',
    (link) => expect(isSafeLink(link)).toBe(true),
  );

  it.each([
    // Protocol-relative: another site, however it is spelled.
    '//evil.com', '/\\evil.com', '\\\\evil.com', '\\/evil.com', '/%5Cevil.com', '/%5cevil.com', '/%2Fevil.com', '/%2f%2fevil.com', '/%255Cevil.com',
    ' //evil.com', '\t//evil.com', '\u0000//evil.com', '/\t/evil.com', '/\n/evil.com', '/\r\n\\evil.com', '/%09/evil.com', '/%0A/evil.com',
    // Script and other schemes, also split by tabs or line breaks as browsers read them.
    'javascript:alert(1)', 'java\tscript:alert(1)', 'java\nscript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x', 'file:///etc/passwd',
    // Not a link at all, or relative to the page it is on.
    '', '   ', 'courses/1', 'example.com', '?x=1', '#top', 'https://',
  ])('refuses %j', (link) => expect(isSafeLink(link)).toBe(false));

  it('takes other schemes only where asked, paths unless refused', () => {
    expect(isSafeLink('mailto:school@example.com')).toBe(false);
    expect(isSafeLink('mailto:school@example.com', { schemes: ['mailto:', 'tg:'] })).toBe(true);
    expect(isSafeLink('tg://resolve?domain=school', { schemes: ['mailto:', 'tg:'] })).toBe(true);
    expect(isSafeLink('java\tscript:alert(1)', { schemes: ['mailto:', 'tg:'] })).toBe(false);
    expect(isSafeLink('/courses/1', { paths: false })).toBe(false);
    expect(isSafeLink('https://example.com', { paths: false })).toBe(true);
  });
});
