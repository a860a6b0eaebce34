import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ch-widgets-'));
  mkdirSync(join(dir, 'widgets', 'chunks'), { recursive: true });
  writeFileSync(join(dir, 'widgets', 'ch.js'), '/* loader */');
  writeFileSync(join(dir, 'widgets', 'chunks', 'runtime-Ab3_x-9Z.js'), '/* runtime */');
  t = await createTestApp({ staticDir: dir });
});
afterAll(() => t.close());

describe('widget files for other sites', () => {
  it('serves the loader to any origin, embeddable cross-origin, revalidated', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/widgets/ch.js', headers: { origin: 'https://school.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
    expect(res.headers['content-type']).toContain('javascript');
  });

  it('lets browsers keep content-hashed chunks forever', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/widgets/chunks/runtime-Ab3_x-9Z.js' });
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("serves the demo webinar's video to other sites", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/demo/webinar.webm' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('video/webm');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
  });
});
