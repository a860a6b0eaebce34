// Every API route declares its request and response schemas (they validate input and produce the
// OpenAPI document). This reads the generated document and fails on any route that does not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';

interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses?: Record<string, { content?: unknown }>;
}

let t: TestApp;
let paths: Record<string, Record<string, Operation>>;
beforeAll(async () => {
  t = await createTestApp();
  paths = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: typeof paths }>().paths;
});
afterAll(() => t.close());

describe('the OpenAPI document', () => {
  it('lists the API', () => {
    expect(Object.keys(paths).length).toBeGreaterThan(5);
  });

  it('has a success response schema and the error responses for every operation', () => {
    const missing: string[] = [];
    for (const [path, operations] of Object.entries(paths)) {
      if (path === '/api/health/' || path.startsWith('/api/docs') || path.startsWith('/api/dev/') || path.startsWith('/api/uploads/')) continue;
      for (const [method, operation] of Object.entries(operations)) {
        const responses = operation.responses ?? {};
        // A redirect (the sandbox payment forms answer 303) is a success without a body, like 204.
        const success = Object.entries(responses).find(([status]) => /^[23]\d\d$/.test(status));
        // A route kept only to refuse a method (GET courses/{id}/clone/: 405, Allow: POST) has no success.
        if (!success && responses['405']) continue;
        if (!success) missing.push(`${method.toUpperCase()} ${path}: no success response`);
        else if (!/^(204|3\d\d)$/.test(success[0]) && !success[1].content) missing.push(`${method.toUpperCase()} ${path}: no success schema`);
        if (!Object.keys(responses).some((status) => /^[45]\d\d$/.test(status))) missing.push(`${method.toUpperCase()} ${path}: no error response`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('declares the body of every write that takes one', () => {
    const missing: string[] = [];
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (['post', 'put', 'patch'].includes(method) && !operation.requestBody && !/logout|stop|dev\/|user-invitations|decline/.test(path)) {
          missing.push(`${method.toUpperCase()} ${path}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
