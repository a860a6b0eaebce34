// The route schemas' validators and serializers, compiled when a route first needs them and then
// once per process. Fastify asks for every route's functions while the app starts; compiling them
// all there (Ajv and fast-json-stringify) was most of a start's CPU: 0.6 s of the server's 3 s,
// and of each of the server suite's 200 test apps, which use a few routes each. What Ajv and
// fast-json-stringify generate depends only on the schema's JSON and the fixed options below, so a
// cache keyed by that JSON is exact (routes that build their schema objects while registering get
// new objects with every app). A schema that cannot compile fails its route's first request, so
// the suite compiles every route's at once (app.compileSchemas, schema-compilers.test.ts).
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fastJsonStringify from 'fast-json-stringify';

// Bodies are JSON and must have the right types (a number is not a name); query strings, path
// parameters and headers are text, so they are coerced to the declared types.
const ajv = (coerceTypes: false | 'array') => addFormats.default(new Ajv.default({ allErrors: true, useDefaults: true, coerceTypes, strict: false }));
const bodyAjv = ajv(false);
const textAjv = ajv('array');

function remembered<T>(compile: (schema: object) => T): (schema: object) => T {
  const compiled = new Map<string, T>();
  return (schema) => {
    const key = JSON.stringify(schema);
    let result = compiled.get(key);
    if (result === undefined) compiled.set(key, (result = compile(schema)));
    return result;
  };
}

const bodyValidator = remembered((schema) => bodyAjv.compile(schema));
const textValidator = remembered((schema) => textAjv.compile(schema));
// Fastify's default serializer: fast-json-stringify with no shared schemas.
const serializer = remembered((schema) => fastJsonStringify(schema, {}) as (data: unknown) => string);

/** What Ajv's own validators take after the data (Fastify passes the request as the part's parent). */
type DataContext = Parameters<ValidateFunction>[1];

interface LazyValidator {
  (data: unknown, context?: DataContext): boolean;
  errors: ErrorObject[] | null | undefined;
  schemaEnv: true;
}

/** One app's compilers, and what its routes have asked for and not yet used. */
export function schemaCompilers() {
  const pending = new Set<() => unknown>();
  /** A function that compiles on its first use (or at compilePending). */
  function onFirstUse<T>(compile: () => T): () => T {
    let compiled: T | undefined;
    const get = () => {
      if (compiled === undefined) {
        compiled = compile();
        pending.delete(get);
      }
      return compiled;
    };
    pending.add(get);
    return get;
  }
  return {
    validator({ schema, httpPart }: { schema: object; httpPart?: string }): LazyValidator {
      const compiled: () => ValidateFunction = onFirstUse(() => (httpPart === 'body' ? bodyValidator : textValidator)(schema));
      const validate: LazyValidator = Object.assign(
        (data: unknown, context?: DataContext) => {
          const check = compiled();
          const valid = check(data, context);
          validate.errors = check.errors;
          return valid;
        },
        // Fastify passes the request as the part's parent to a function with schemaEnv (as Ajv's
        // own have), which lets Ajv's coercion and defaults replace the part itself.
        { errors: null, schemaEnv: true as const },
      );
      return validate;
    },
    serializer({ schema }: { schema: object }): (data: unknown) => string {
      const compiled = onFirstUse(() => serializer(schema));
      return (data) => compiled()(data);
    },
    /** Compiles every schema not yet used, throwing as its route's first request would; how many it compiled. */
    compilePending(): number {
      const all = [...pending];
      for (const compile of all) compile();
      return all.length;
    },
  };
}
