// Bad input gives 4xx, never 5xx: every route of the OpenAPI document gets a NUL byte in each of
// its strings (path, query and body, one at a time), signed in as an admin of a real school so the
// request gets as deep as it can.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOwner, type Owner } from './fixtures.ts';
import { createTestApp, type TestApp } from './test-app.ts';

interface Schema {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  minimum?: number;
}
interface Parameter {
  in: 'path' | 'query';
  name: string;
  schema: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

const NUL = 'fuzz\u0000value';
let t: TestApp;
let owner: Owner;
let operations: { method: string; path: string; op: Operation }[];

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerOwner(t.app);
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, Operation>> }>();
  operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })));
});
afterAll(() => t.close());

/** A plausible value for a schema: what a well-meaning client would send. */
function sample(schema: Schema, name = ''): unknown {
  if (schema.anyOf) return sample(schema.anyOf.find((s) => s.type !== 'null') ?? schema.anyOf[0]!, name);
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((key) => [key, sample(schema.properties?.[key] ?? {}, key)]));
    default:
      if (schema.format === 'email') return 'fuzz@example.com';
      if (schema.format === 'uuid') return randomUUID();
      if (name === 'school' || schema.pattern === '^[A-Za-z0-9_-]+$') return owner.schoolName;
      return 'fuzz';
  }
}

/** Every string within a body schema, as a path of keys. */
function stringPaths(schema: Schema, prefix: string[] = []): string[][] {
  if (schema.anyOf) return schema.anyOf.flatMap((s) => stringPaths(s, prefix)).filter((p, i, all) => all.findIndex((q) => q.join('.') === p.join('.')) === i);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'string' && !schema.enum) return [prefix];
  if (type === 'object') return Object.entries(schema.properties ?? {}).flatMap(([key, s]) => stringPaths(s, [...prefix, key]));
  return [];
}

function withValue(body: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = { ...(body as Record<string, unknown>) };
  copy[path[0]!] = withValue(copy[path[0]!] ?? {}, path.slice(1), value);
  return copy;
}

describe('a NUL byte in any string of any route', () => {
  it('is answered with 4xx, never 5xx', async () => {
    const failures: string[] = [];
    let requests = 0;
    for (const { method, path, op } of operations) {
      if (path.startsWith('/api/docs')) continue;
      const params = op.parameters ?? [];
      const jsonSchema = op.requestBody?.content?.['application/json']?.schema;
      const base = jsonSchema ? sample(jsonSchema) : undefined;
      const url = (overrides: Record<string, string>) => {
        let filled = path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(overrides[name] ?? String(sample(params.find((p) => p.name === name)?.schema ?? {}, name))));
        const query = params.filter((p) => p.in === 'query' && overrides[p.name] !== undefined);
        if (query.length) filled += `?${query.map((p) => `${p.name}=${encodeURIComponent(overrides[p.name]!)}`).join('&')}`;
        return filled;
      };
      const tries: { label: string; url: string; body: unknown }[] = [];
      for (const param of params) {
        if (stringPaths(param.schema).length) tries.push({ label: `${param.in} ${param.name}`, url: url({ [param.name]: NUL }), body: base });
      }
      for (const field of jsonSchema ? stringPaths(jsonSchema) : []) {
        tries.push({ label: `body ${field.join('.')}`, url: url({}), body: withValue(base, field, NUL) });
      }
      for (const attempt of tries) {
        requests += 1;
        const res = await t.app.inject({
          method: method as 'GET',
          url: attempt.url,
          headers: { authorization: `Bearer ${owner.access}` },
          ...(attempt.body === undefined || method === 'GET' ? {} : { payload: attempt.body as object }),
        });
        if (res.statusCode >= 500) failures.push(`${method} ${path} (${attempt.label}): ${res.statusCode} ${res.body}`);
      }
    }
    expect(failures).toEqual([]);
    // The walk really reached the routes: dozens of strings were tried.
    expect(requests).toBeGreaterThan(60);
  });
});
