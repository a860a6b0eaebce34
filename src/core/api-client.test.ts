import { afterEach, describe, expect, it } from 'vitest';
import { startHttpTestServer, type HttpTestServer } from '../../tests/helpers/http-test-server.ts';
import { createApiClient } from './api-client.ts';
import { ApiError } from './api-error.ts';

let server: HttpTestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('createApiClient over real HTTP', () => {
  it('sends the bearer token, the origin header and repeated query values', async () => {
    server = await startHttpTestServer(() => ({ body: { ok: true } }));
    const client = createApiClient({ baseURL: `${server.url}/api`, getAccessToken: () => 'abc', origin: 'https://school.example' });
    await expect(client.get('/coursehub/all_users/', { query: { p: 1, role: ['Admin', 'Student'], s: '' }, fields: ['id'] })).resolves.toEqual({ ok: true });
    const [request] = server.requests;
    expect(request?.url).toBe('/api/coursehub/all_users/?p=1&role=Admin&role=Student&fields=id');
    expect(request?.headers.authorization).toBe('Bearer abc');
    expect(request?.headers['x-origin']).toBe('https://school.example');
  });

  it('sends JSON bodies with every verb', async () => {
    server = await startHttpTestServer((req) => ({ body: { method: req.method, body: req.body } }));
    const client = createApiClient({ baseURL: server.url });
    await expect(client.post('a/', { x: 1 })).resolves.toEqual({ method: 'POST', body: '{"x":1}' });
    await expect(client.put('a/', { x: 2 })).resolves.toEqual({ method: 'PUT', body: '{"x":2}' });
    await expect(client.patch('a/', { x: 3 })).resolves.toEqual({ method: 'PATCH', body: '{"x":3}' });
    await expect(client.delete('a/')).resolves.toEqual({ method: 'DELETE', body: '' });
    expect(server.requests[0]?.headers['content-type']).toContain('application/json');
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('sends no token when auth is off', async () => {
    server = await startHttpTestServer(() => ({ body: {} }));
    const client = createApiClient({ baseURL: server.url, getAccessToken: () => 'abc' });
    await client.get('course_catalog/', { auth: false });
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('uploads video forms to the video base', async () => {
    server = await startHttpTestServer((req) => ({ body: { url: req.url, type: req.headers['content-type'] } }));
    const client = createApiClient({ baseURL: `${server.url}/api`, videoBaseURL: `${server.url}/video/` });
    const form = new FormData();
    form.append('video', new Blob(['bytes']), 'clip.mp4');
    const reply = await client.uploadVideo<{ url: string; type: string }>('coursehub/block_video/5/', form);
    expect(reply.url).toBe('/video/coursehub/block_video/5/');
    expect(reply.type).toMatch(/^multipart\/form-data/);
    expect(server.requests[0]?.method).toBe('PATCH');
  });

  it('rejects with a typed error carrying status, code and fields', async () => {
    server = await startHttpTestServer(() => ({ status: 400, body: { code: 'VALIDATION_ERROR', message: 'Проверьте данные', fields: { email: 'Неверный адрес' } } }));
    const seen: ApiError[] = [];
    const client = createApiClient({ baseURL: server.url, onRejected: (e) => seen.push(e) });
    const error = await client.post('register/', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', message: 'Проверьте данные' });
    expect((error as ApiError).fieldMessage('email')).toBe('Неверный адрес');
    expect(seen).toEqual([error]);
  });

  it('reports an unreachable server as a network error', async () => {
    const client = createApiClient({ baseURL: 'http://127.0.0.1:9' });
    await expect(client.get('user/')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('replays a 401 once when the session says so, with the new token', async () => {
    let token = 'old';
    server = await startHttpTestServer((req) => (req.headers.authorization === 'Bearer new' ? { body: { ok: 1 } } : { status: 401, body: { code: 'TOKEN_EXPIRED', message: 'Сессия истекла' } }));
    const stale: (string | null)[] = [];
    const client = createApiClient({
      baseURL: server.url,
      getAccessToken: () => token,
      onUnauthorized: async (staleToken) => {
        stale.push(staleToken);
        token = 'new';
        return true;
      },
    });
    await expect(client.get('user/')).resolves.toEqual({ ok: 1 });
    expect(stale).toEqual(['old']);
  });

  it('does not replay the refresh call, nor a replayed request, nor when the session declines', async () => {
    server = await startHttpTestServer(() => ({ status: 401, body: {} }));
    let calls = 0;
    const client = createApiClient({ baseURL: server.url, getAccessToken: () => 't', onUnauthorized: async () => ++calls === 1 });
    await expect(client.post('/token/refresh/', { refresh: 'r' })).rejects.toMatchObject({ status: 401 });
    expect(calls).toBe(0);
    await expect(client.get('user/')).rejects.toMatchObject({ status: 401 });
    expect(calls).toBe(1); // replayed once, then the second 401 is final
    await expect(client.get('user/')).rejects.toMatchObject({ status: 401 });
    expect(calls).toBe(2);
  });
});
