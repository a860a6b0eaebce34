import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { httpLink } from './http-link.ts';

describe('httpLink', () => {
  it('normalises absolute http(s) addresses', () => {
    expect(httpLink('link', ' https://coursehub.ru ')).toBe('https://coursehub.ru/');
    expect(httpLink('link', 'http://example.com/a?b=1')).toBe('http://example.com/a?b=1');
  });

  it('refuses other schemes and relative or empty links under the field', () => {
    for (const value of ['javascript:alert(1)', 'data:text/html,x', '/relative', '', 'ftp://example.com/', 'https://']) {
      let error: unknown;
      try {
        httpLink('site', value);
      } catch (cause) {
        error = cause;
      }
      expect(error, value).toBeInstanceOf(AppError);
      expect((error as AppError).fields).toEqual({ site: ['Укажите ссылку, начинающуюся с http:// или https://.'] });
    }
  });
});
