// Every JSON route also takes application/x-www-form-urlencoded and multipart/form-data (the spec
// sends some calls as forms, and clients commonly post forms). Form fields are text; they are
// turned into the body the route's JSON schema describes, so validation is exactly the JSON one.
import type { FastifyRequest } from 'fastify';
import type { App } from '../context.ts';
import { AppError, fieldError } from '../errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads multipart files itself (request.parts()); its form is left alone. */
    files?: boolean;
  }
}

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  content?: Record<string, { schema?: Schema }>;
}

/** The fields of a posted form, before they are shaped by the route's schema. */
export class FormFields {
  constructor(readonly entries: [string, string][]) {}
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
type Tree = { [key: string]: Tree | string | (Tree | string)[] };

/** 'user[first_name]', 'user.first_name' and 'tags[]' → ['user', 'first_name'], ['tags']. */
function keyPath(key: string): string[] {
  return key
    .replace(/\[\]$/, '')
    .split(/\[|\]\.?|\./)
    .filter((part) => part !== '');
}

/** Nested objects from the field names; a repeated name becomes a list. */
export function formTree(entries: [string, string][]): Tree {
  const root: Tree = Object.create(null) as Tree;
  for (const [key, value] of entries) {
    const path = keyPath(key);
    if (path.length === 0 || path.some((part) => FORBIDDEN_KEYS.has(part))) continue;
    let node = root;
    for (const part of path.slice(0, -1)) {
      const next = node[part];
      if (next && typeof next === 'object' && !Array.isArray(next)) node = next;
      else node = node[part] = Object.create(null) as Tree;
    }
    const last = path.at(-1)!;
    const existing = node[last];
    if (existing === undefined) node[last] = key.endsWith('[]') ? [value] : value;
    else node[last] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return root;
}

const typesOf = (schema: Schema): string[] => (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);
const NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?$/;

/**
 * The form value shaped as `schema` expects where the text allows it; anything that does not fit
 * is left as it is, so the schema's validation answers it with its usual field error.
 */
export function shape(value: unknown, schema: Schema | undefined): unknown {
  if (!schema) return value;
  if (schema.anyOf) {
    // Numbers and flags first ('5' for integer | string is the number), then text, null last
    // ('' for string | null stays text).
    const rank = (branch: Schema) => (typesOf(branch).includes('null') ? 2 : typesOf(branch).includes('string') ? 1 : 0);
    const branches = [...schema.anyOf].sort((a, b) => rank(a) - rank(b));
    for (const branch of branches) {
      const shaped = shape(value, branch);
      if (shaped !== value || typesOf(branch).includes('string')) return shaped;
    }
    return value;
  }
  const types = typesOf(schema);
  if (types.includes('array')) return (Array.isArray(value) ? value : [value]).map((item) => shape(item, schema.items));
  if (Array.isArray(value)) return value.length === 1 ? shape(value[0], schema) : value;
  if (types.includes('object') && value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = shape(item, schema.properties?.[key]);
    return out;
  }
  if (typeof value !== 'string') return value;
  if ((types.includes('integer') || types.includes('number')) && NUMBER.test(value)) return Number(value);
  if (types.includes('boolean')) {
    if (['true', '1', 'on'].includes(value)) return true;
    if (['false', '0', 'off'].includes(value)) return false;
  }
  if (types.includes('null') && value === '') return null;
  return value;
}

/** The route's JSON body schema (a plain schema, or the JSON one of per-media-type schemas). */
function bodySchema(request: FastifyRequest): Schema | undefined {
  const body = request.routeOptions.schema?.body as Schema | undefined;
  return body?.content ? body.content['application/json']?.schema : body;
}

async function multipartFields(request: FastifyRequest): Promise<[string, string][]> {
  const entries: [string, string][] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        await part.toBuffer();
        throw fieldError(part.fieldname.slice(0, 100), 'Файлы здесь не принимаются.');
      }
      entries.push([part.fieldname, typeof part.value === 'string' ? part.value : String(part.value)]);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    // A broken or oversized multipart body is the client's mistake.
    throw fieldError('non_field_errors', 'Не удалось прочитать данные формы.');
  }
  return entries;
}

export function registerFormBodies(app: App): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, new FormFields([...new URLSearchParams(body as string)]));
  });
  app.addHook('preValidation', async (request) => {
    let fields: [string, string][] | null = null;
    if (request.body instanceof FormFields) fields = request.body.entries;
    else if (request.isMultipart() && request.routeOptions.config?.files !== true) fields = await multipartFields(request);
    if (fields === null) return;
    request.body = shape(formTree(fields), bodySchema(request) ?? { type: 'object' });
  });
}
