import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers.ts';

describe('securityHeaders', () => {
  it("works helmet's headers out once, as plain name → value pairs", () => {
    const headers = securityHeaders({ hsts: false, contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], upgradeInsecureRequests: null } } });
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'cross-origin-resource-policy': 'same-origin' });
    expect(headers).not.toHaveProperty('strict-transport-security');
    expect(Object.values(headers).every((value) => typeof value === 'string')).toBe(true);
  });

  it('sends HSTS when asked', () => {
    expect(securityHeaders({ hsts: true })['strict-transport-security']).toMatch(/^max-age=\d+/);
  });
});
