import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';
import { schemaCompilers } from './schema-compilers.ts';

describe('route schemas compiled on first use', () => {
  it('compiles a validator at its first call, and reports the errors of each call', () => {
    const compilers = schemaCompilers();
    const validate = compilers.validator({ schema: { type: 'object', properties: { a: { type: 'integer' } }, required: ['a'] }, httpPart: 'body' });
    expect(validate({ a: 'x' })).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({ instancePath: '/a', keyword: 'type' });
    expect(validate({ a: 1 })).toBe(true);
    expect(validate.errors).toBeNull();
    // Used, so nothing is left to compile.
    expect(compilers.compilePending()).toBe(0);
  });

  it('coerces text parts and not bodies, as before', () => {
    const compilers = schemaCompilers();
    const schema = { type: 'object', properties: { page: { type: 'integer' } } };
    const query = { page: '2' };
    expect(compilers.validator({ schema, httpPart: 'querystring' })(query)).toBe(true);
    expect(query.page).toBe(2);
    expect(compilers.validator({ schema, httpPart: 'body' })({ page: '2' })).toBe(false);
  });

  it('serializes with the response schema, dropping what it does not name', () => {
    const serialize = schemaCompilers().serializer({ schema: { type: 'object', properties: { id: { type: 'integer' } } } });
    expect(serialize({ id: 3, secret: 'x' })).toBe('{"id":3}');
  });

  it('throws at compilePending for a schema that cannot compile, which a first request would meet', () => {
    const compilers = schemaCompilers();
    compilers.validator({ schema: { type: 'no-such-type' }, httpPart: 'body' });
    expect(() => compilers.compilePending()).toThrow(/type/);
  });
});

describe("the app's routes", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('have schemas that all compile', async () => {
    await t.app.ready();
    // Hundreds of validators and serializers, none compiled while the app started.
    expect(t.app.compileSchemas()).toBeGreaterThan(500);
    expect(t.app.compileSchemas()).toBe(0);
  });
});
