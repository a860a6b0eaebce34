import { describe, expect, it } from 'vitest';
import { normaliseDomain } from './school-domain-name.ts';

const platform = { publicUrl: 'https://coursehub.ru', corsOrigins: ['https://admin.partner.example'], host: '0.0.0.0' };
const code = (input: string) => {
  try {
    normaliseDomain(input, platform);
    return 'ok';
  } catch (error) {
    return (error as { code: string }).code;
  }
};

describe('normaliseDomain', () => {
  it.each([
    ['learn.example.com', 'learn.example.com'],
    ['  HTTPS://Learn.Example.com/path?q#x ', 'learn.example.com'],
    ['learn.example.com.', 'learn.example.com'],
    ['школа.рф', 'xn--80atdl2c.xn--p1ai'],
    ['a-b.c-d.example', 'a-b.c-d.example'],
    ['coursehub.ru.evil.example', 'coursehub.ru.evil.example'],
  ])('%j → %s', (input, expected) => expect(normaliseDomain(input, platform)).toBe(expected));

  it.each([
    ['coursehub.ru', 'DOMAIN_NOT_ALLOWED'],
    ['school.coursehub.ru', 'DOMAIN_NOT_ALLOWED'],
    ['admin.partner.example', 'DOMAIN_NOT_ALLOWED'],
    ['10.0.0.1', 'DOMAIN_NOT_ALLOWED'],
    ['http://[fe80::1]/', 'DOMAIN_NOT_ALLOWED'],
    ['nas.internal', 'DOMAIN_NOT_ALLOWED'],
    ['1.0.0.127.in-addr.arpa', 'DOMAIN_NOT_ALLOWED'],
    ['example.c0m', 'INVALID_DOMAIN'],
    ['under_score.example', 'INVALID_DOMAIN'],
    ['https://', 'INVALID_DOMAIN'],
    ['a.b.example:443', 'INVALID_DOMAIN'],
    [`${'a.'.repeat(130)}example`, 'INVALID_DOMAIN'],
  ])('refuses %j (%s)', (input, expected) => expect(code(input)).toBe(expected));
});
