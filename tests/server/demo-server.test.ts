import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildDemoServer } from '../../src/server/demo-server.ts';

let demo: FastifyInstance;
beforeAll(async () => {
  demo = await buildDemoServer({ demoDir: fileURLToPath(new URL('../../demo/', import.meta.url)), platformOrigin: 'http://platform.test:3000' });
});
afterAll(() => demo.close());

describe('the demo site', () => {
  it('serves its pages with the platform origin filled in', async () => {
    const res = await demo.inject({ method: 'GET', url: '/school-site.html' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<script src="http://platform.test:3000/widgets/ch.js" async></script>');
    expect(res.body).not.toContain('{{PLATFORM}}');
    expect((await demo.inject({ method: 'GET', url: '/' })).body).toContain('school-site.html');
  });

  it.each(['/missing.html', '/../package.json', '/%2e%2e/package.json', '/demo.txt'])('answers %s with 404', async (url) => {
    expect((await demo.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('sends the strict CSP page with its policy and no inline script or style', async () => {
    const body = (await demo.inject({ method: 'GET', url: '/strict-csp.html' })).body;
    expect(body).toContain("default-src 'none'");
    expect(body).not.toMatch(/<script>(?!<\/script>)|<style|style="/);
  });
});
