import { afterEach, describe, expect, it } from 'vitest';
import { startHttpTestServer, type HttpTestServer } from '../../tests/helpers/http-test-server.ts';
import { ApiError } from './api-error.ts';
import { createPublicClient } from './public-client.ts';

let server: HttpTestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('createPublicClient over real HTTP', () => {
  it('GETs with the query, sends no cookie or token, and parses JSON', async () => {
    server = await startHttpTestServer((req) => ({ body: { url: req.url, cookie: req.headers.cookie ?? null, auth: req.headers.authorization ?? null } }));
    const client = createPublicClient(`${server.url}/api/`);
    await expect(client.get('/course_catalog/', { p: 2, query: '', school: 'Coursehub' })).resolves.toEqual({
      url: '/api/course_catalog/?p=2&school=Coursehub',
      cookie: null,
      auth: null,
    });
  });

  it('POSTs JSON', async () => {
    server = await startHttpTestServer((req) => ({ status: 201, body: { type: req.headers['content-type'], body: JSON.parse(req.body) as unknown } }));
    const client = createPublicClient(server.url);
    await expect(client.post('course-appeals/', { name: 'Анна' })).resolves.toEqual({ type: 'application/json', body: { name: 'Анна' } });
  });

  it('rejects with the server error, or a network error', async () => {
    server = await startHttpTestServer(() => ({ status: 400, body: { code: 'CERT_INVALID', message: 'Ошибка при расшифровке данных сертификата' } }));
    const error = await createPublicClient(server.url).get('certificate/x/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'CERT_INVALID' });
    await expect(createPublicClient('http://127.0.0.1:9').get('x/')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('reads empty and plain-text answers', async () => {
    server = await startHttpTestServer((req) => (req.url === '/empty/' ? { status: 204 } : { body: 'просто текст', headers: { 'content-type': 'text/plain; charset=utf-8' } }));
    const client = createPublicClient(server.url);
    await expect(client.get('empty/')).resolves.toBeUndefined();
    await expect(client.get('text/')).resolves.toBe('просто текст');
  });
});
