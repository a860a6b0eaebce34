import { describe, expect, it } from 'vitest';
import { isDirectLocalRequest } from './direct-local-only.ts';

const request = (remoteAddress: string, headers: Record<string, string> = {}) => ({ socket: { remoteAddress }, headers: { host: '127.0.0.1:3000', ...headers } }) as never;

describe('a direct request from this machine', () => {
  it('is a loopback peer naming a loopback host, with nothing a proxy adds', () => {
    for (const host of ['127.0.0.1:3000', 'localhost:3000', 'LOCALHOST', '[::1]:3000', '127.0.0.1']) {
      expect(isDirectLocalRequest(request('127.0.0.1', { host })), host).toBe(true);
    }
    expect(isDirectLocalRequest(request('::1'))).toBe(true);
    expect(isDirectLocalRequest(request('::ffff:127.0.0.1'))).toBe(true);
  });

  it('is not a request from elsewhere, whatever it claims', () => {
    expect(isDirectLocalRequest(request('203.0.113.9'))).toBe(false);
    expect(isDirectLocalRequest(request('10.0.0.5', { 'x-forwarded-for': '127.0.0.1' }))).toBe(false);
  });

  it('is not a request through a proxy on this host: its headers or a public Host give it away', () => {
    const proxied: Record<string, string>[] = [
      { 'x-forwarded-for': '203.0.113.9' },
      { 'x-forwarded-proto': 'https' },
      { 'x-forwarded-host': 'school.example' },
      { forwarded: 'for=203.0.113.9;proto=https' },
      { 'x-real-ip': '203.0.113.9' },
      { via: '1.1 caddy' },
      { host: 'school.example' },
      { host: 'school.example:443' },
      { host: 'localhost.school.example' },
      { host: '' },
    ];
    for (const headers of proxied) expect(isDirectLocalRequest(request('127.0.0.1', headers)), JSON.stringify(headers)).toBe(false);
  });
});
