// HSTS only where the platform runs on https; a client that trickles its request in is cut off;
// request.ip follows X-Forwarded-For only behind a trusted proxy.
import { connect } from 'node:net';
import { desc } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { accessLogs } from '../../src/server/features/access-logs/tables.ts';
import { registerOwner } from './fixtures.ts';
import { call, createTestApp, type TestApp } from './test-app.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('transport security headers', () => {
  it('are sent when PUBLIC_URL is https', async () => {
    t = await createTestApp({ publicUrl: 'https://coursehub.example' });
    const res = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  it('are not sent over plain http, where they would break every later visit', async () => {
    t = await createTestApp({ publicUrl: 'http://127.0.0.1:3000' });
    const res = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });
});

describe('a slow client', () => {
  it('is cut off when the request does not arrive within REQUEST_TIMEOUT', async () => {
    t = await createTestApp({ requestTimeoutMs: 500 });
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = new URL(address);
    const socket = connect(Number(port), '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    // Headers that never end.
    socket.write('GET /api/health/ HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await new Promise<void>((resolve) => socket.on('close', () => resolve()));
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });
});

describe('the client address', () => {
  const lastLoggedIp = async (app: TestApp['app']) => (await app.ctx.db.select().from(accessLogs).orderBy(desc(accessLogs.id)).limit(1))[0]?.ip;
  const seenFrom = async (app: TestApp['app'], access: string) => {
    await app.inject({ method: 'GET', url: '/api/user/', remoteAddress: '10.0.0.2', headers: { authorization: `Bearer ${access}`, 'x-forwarded-for': '198.51.100.7' } });
    await app.ctx.jobs.idle();
    await expect.poll(() => lastLoggedIp(app)).toBeDefined();
    return lastLoggedIp(app);
  };

  it('ignores X-Forwarded-For by default: anyone can write it', async () => {
    t = await createTestApp();
    const owner = await registerOwner(t.app);
    expect(await seenFrom(t.app, owner.access)).toBe('10.0.0.2');
  });

  it('follows X-Forwarded-For from a trusted proxy', async () => {
    t = await createTestApp({ trustProxy: ['10.0.0.0/8'] });
    const owner = await registerOwner(t.app);
    expect(await seenFrom(t.app, owner.access)).toBe('198.51.100.7');
    expect((await call(t.app, 'GET', '/api/user/', { token: owner.access })).status).toBe(200);
  });
});
