import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { startHttpTestServer, type HttpTestServer } from '../../tests/helpers/http-test-server.ts';
import { apiCall, type ApiAnswer, type ApiBody, type ApiOperation } from './api-call.ts';
import { createApiClient } from './api-client.ts';

let server: HttpTestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('apiCall', () => {
  it('fills the path parameters in, escaped, and sends the query and the body', async () => {
    server = await startHttpTestServer((req) => ({ body: { enabled: req.method === 'PATCH' } }));
    const api = createApiClient({ baseURL: `${server.url}/api` });
    await expect(apiCall(api, 'PATCH {school}/rating_settings/', { path: { school: 'a b/c' }, body: { enabled: true } })).resolves.toEqual({ enabled: true });
    await apiCall(api, 'GET {school}/student_rating/all_rating/', { path: { school: 'demo' }, query: { lessons_flag: 'True', p: 2 } });
    expect(server.requests.map((r) => `${r.method} ${r.url} ${r.body}`)).toEqual([
      'PATCH /api/a%20b%2Fc/rating_settings/ {"enabled":true}',
      'GET /api/demo/student_rating/all_rating/?lessons_flag=True&p=2 ',
    ]);
  });

  it('takes every type from the contract', () => {
    expectTypeOf<ApiAnswer<'GET {school}/rating_settings/'>>().toEqualTypeOf<{ enabled: boolean }>();
    expectTypeOf<ApiBody<'PATCH {school}/rating_settings/'>>().toEqualTypeOf<{ enabled: boolean }>();
    expectTypeOf<'GET health/'>().toExtend<ApiOperation>();
    const api = createApiClient();
    const typeErrors = () => {
      // @ts-expect-error a field the route does not take
      void apiCall(api, 'PATCH {school}/rating_settings/', { path: { school: 'x' }, body: { enable: true } });
      // @ts-expect-error a path the server does not serve
      void apiCall(api, 'GET {school}/rating_setting/', { path: { school: 'x' } });
      // @ts-expect-error the path parameter is missing
      void apiCall(api, 'GET {school}/rating_settings/');
      // @ts-expect-error a query parameter the route does not read
      void apiCall(api, 'GET {school}/student_rating/all_rating/', { path: { school: 'x' }, query: { page: 2 } });
    };
    expect(typeErrors).toBeTypeOf('function');
  });
});
