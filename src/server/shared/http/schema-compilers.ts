// The route schemas' validators and serializers, compiled once per process rather than once per
// app. Production builds one app per process and gains nothing; the server suite builds about 200
// apps in each worker, and compiling every route's schemas again (Ajv and fast-json-stringify) was
// most of an app's 0.9 s of start-up CPU. What Ajv and fast-json-stringify generate depends only on
// the schema's JSON and the fixed options below, so a cache keyed by that JSON is exact (routes
// that build their schema objects while registering get new objects with every app).
import Ajv from 'ajv';
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

export const compileValidator = ({ schema, httpPart }: { schema: object; httpPart?: string }) => (httpPart === 'body' ? bodyValidator : textValidator)(schema);

export const compileSerializer = ({ schema }: { schema: object }) => serializer(schema);
