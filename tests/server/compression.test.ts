// Responses travel compressed: API JSON above 1 KB on the fly (br, else gzip), the built files as
// their .br/.gz twins written by the build, the app's page compressed once.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressBoth } from '../../tools/precompress.mjs';
import { registerOwner } from './fixtures.ts';
import { addCourse } from './public-fixtures.ts';
import { createTestApp, type TestApp } from './test-app.ts';

const HASHED = '/app/chunks/login-page-Ab3_x-9Z.js';
const script = (name: string) => `export function ${name}(){return ${JSON.stringify('Войти в школу '.repeat(200))}}\n`;

let t: TestApp;
let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ch-compression-'));
  mkdirSync(join(dir, 'app', 'chunks'), { recursive: true });
  // As the build writes them, except that each twin carries a marker: the answer must come from it.
  for (const [path, source] of [
    [HASHED, script('login')],
    ['/app/main.js', script('main')],
  ] as const) {
    writeFileSync(join(dir, path), source);
    const { br } = await compressBoth(Buffer.from(`${source}// .br\n`));
    const { gz } = await compressBoth(Buffer.from(`${source}// .gz\n`));
    writeFileSync(join(dir, `${path}.br`), br);
    writeFileSync(join(dir, `${path}.gz`), gz);
  }
  t = await createTestApp({ staticDir: dir });
  const owner = await registerOwner(t.app);
  for (let i = 0; i < 8; i += 1) await addCourse(t.app, owner.schoolId, { name: `Курс ${i}`, description: 'Программирование с нуля: переменные, циклы, функции' });
});
afterAll(() => t.close());

const get = (url: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }), ...headers } });

describe('API JSON', () => {
  // The public course catalogue: eight courses make a few KB of JSON.
  const LARGE = '/api/course_catalog/';

  it('comes back br when the client accepts br, and says it varies with Accept-Encoding', async () => {
    const plain = await get(LARGE);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const res = await get(LARGE, 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toContain('accept-encoding');
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(plain.body);
  });

  it('comes back gzip when the client accepts only gzip', async () => {
    const plain = await get(LARGE);
    const res = await get(LARGE, 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(plain.body);
  });

  it('goes uncompressed when it is small', async () => {
    const res = await get('/api/health/', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toBeTruthy();
  });

  it('goes uncompressed when the client accepts no encoding', async () => {
    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const res = await get(LARGE, accept);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(() => res.json()).not.toThrow();
    }
  });

  it("keeps a public endpoint's ETag and its empty 304, and answers HEAD without a body", async () => {
    const first = await get(LARGE, 'br');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    // The ETag names the content, whatever the encoding.
    expect((await get(LARGE)).headers.etag).toBe(etag);
    const again = await get(LARGE, 'br', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers['content-encoding']).toBeUndefined();
    const head = await t.app.inject({ method: 'HEAD', url: LARGE, headers: { 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
  });
});

describe("the app's page (every other path)", () => {
  it('comes back compressed with br or gzip, and plain to a client that accepts neither', async () => {
    const plain = await get('/login');
    expect(plain.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<div id="root">');
    expect(plain.headers.vary).toContain('accept-encoding');
    expect(plain.headers['cache-control']).toBe('no-cache');

    const br = await get('/login', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await get('/school/Coursehub/courses', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });
});

describe('built app files', () => {
  it("sends a content-hashed chunk as its .br twin, cached for good", async () => {
    const res = await get(HASHED, 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toContain('accept-encoding');
    // Exactly the file the build wrote, not compressed again on the way.
    expect(res.rawPayload).toEqual(readFileSync(join(dir, `${HASHED}.br`)));
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(`${script('login')}// .br\n`);
  });

  it('sends the .gz twin to a client that accepts only gzip', async () => {
    const res = await get(HASHED, 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(`${script('login')}// .gz\n`);
  });

  it('revalidates a file whose name is not content-hashed', async () => {
    const res = await get('/app/main.js', 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(`${script('main')}// .br\n`);
  });

  it('sends the file itself, without an encoding, to a client that accepts none', async () => {
    const res = await get(HASHED);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toContain('accept-encoding');
    expect(res.body).toBe(script('login'));
  });
});
