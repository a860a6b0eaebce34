// Every JSON route also takes application/x-www-form-urlencoded and multipart/form-data (the spec
// sends some calls as forms, and clients commonly post forms). Form fields are text; they are
// turned into the body the route's JSON schema describes, so validation is exactly the JSON one.
import type { FastifyRequest } from 'fastify';
import type { App } from '../../context.ts';
import { AppError, fieldError } from '../errors.ts';
import { bodyTooDeep, valueTooDeep } from './json-bodies.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads multipart files itself (request.parts()); its multipart form is left alone. */
    files?: boolean;
  }
}

/** The part of a JSON schema the conversion reads. */
export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  patternProperties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  content?: Record<string, { schema?: Schema }>;
}

/** A form's fields in the order they came: text, or a multipart part's parsed application/json value. */
export type FormEntries = [string, unknown][];

/** What the urlencoded parser hands on: fields, shaped later by the route's schema. */
export class FormFields {
  constructor(readonly entries: FormEntries) {}
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
/** Deeper than any body schema of the API: such a name can only be an attempt to build a huge tree. */
const MAX_DEPTH = 8;
const BAD_NAME = 'Недопустимое имя поля.';

/** 'user[first_name]', 'user.first_name', 'tags[]' → ['user', 'first_name'], ['user', 'first_name'], ['tags']. */
function keyPath(key: string): string[] {
  return key
    .replace(/\[\]$/, '')
    .split(/\[|\]\.?|\./)
    .filter((part) => part !== '');
}

// Null-prototype nodes while the tree is built, so no field name can reach Object.prototype.
type Tree = { [key: string]: unknown };
const isTree = (value: unknown): value is Tree => typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === null;

/**
 * Nested objects from the field names; a repeated name, or one ending in [], becomes a list.
 * Prototype names are refused like JSON refuses them, not dropped quietly.
 */
export function formTree(entries: FormEntries): Tree {
  const root: Tree = Object.create(null) as Tree;
  for (const [key, value] of entries) {
    const path = keyPath(key);
    if (path.length === 0) continue;
    if (path.length > MAX_DEPTH || path.some((part) => FORBIDDEN_KEYS.has(part))) throw fieldError(key.slice(0, 100), BAD_NAME);
    let node = root;
    for (const part of path.slice(0, -1)) {
      const next = node[part];
      node = isTree(next) ? next : (node[part] = Object.create(null) as Tree);
    }
    const last = path.at(-1)!;
    const existing = node[last];
    // Pushed in place: copying the list for each repeat would make a 1 MB form quadratic.
    if (Array.isArray(existing)) existing.push(value);
    else if (existing === undefined) node[last] = key.endsWith('[]') ? [value] : value;
    else node[last] = [existing, value];
  }
  return root;
}

const typesOf = (schema: Schema): string[] => (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []);
const own = <T>(record: Record<string, T> | undefined, key: string): T | undefined => (record && Object.hasOwn(record, key) ? record[key] : undefined);
/** JSON's number grammar: what a JSON body could have carried as a number. */
const NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;
const INDEX = /^(0|[1-9]\d{0,5})$/;

const patterns = new Map<string, RegExp>();
/** The schema of an object's property: declared, matched by a pattern (Type.Record), or additional. */
function propertySchema(schema: Schema, key: string): Schema | undefined {
  const declared = own(schema.properties, key);
  if (declared) return declared;
  for (const [source, item] of Object.entries(schema.patternProperties ?? {})) {
    let pattern = patterns.get(source);
    if (!pattern) patterns.set(source, (pattern = new RegExp(source, 'u')));
    if (pattern.test(key)) return item;
  }
  return typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
}

/** 'items[0][name]', 'items[1][name]' → a list in index order (compacted: indexes never size it). */
function indexedList(tree: Tree): unknown[] | null {
  const keys = Object.keys(tree);
  if (keys.length === 0 || !keys.every((key) => INDEX.test(key))) return null;
  return keys.sort((a, b) => Number(a) - Number(b)).map((key) => tree[key]);
}

/** Text as the scalar `schema` wants, or the text itself when it does not fit. */
function scalar(value: string, schema: Schema): unknown {
  const members = schema.enum ?? ('const' in schema ? [schema.const] : []);
  if (!members.includes(value)) {
    const member = members.find((item) => (typeof item === 'number' || typeof item === 'boolean') && String(item) === value);
    if (member !== undefined) return member;
  }
  const types = typesOf(schema);
  if ((types.includes('integer') || types.includes('number')) && NUMBER.test(value) && Number.isFinite(Number(value))) return Number(value);
  if (types.includes('boolean')) {
    if (['true', '1', 'on'].includes(value)) return true;
    if (['false', '0'].includes(value)) return false;
  }
  // An empty field is null only where text is not allowed anyway: '' stays '' for string | null.
  if (value === '' && types.includes('null') && !types.includes('string')) return null;
  return value;
}

/** Whether a branch of a union takes this text as it is. */
const takesText = (branch: Schema, value: string) => typesOf(branch).includes('string') || (branch.enum ?? []).includes(value) || branch.const === value;

/**
 * The form value shaped as `schema` expects where the text allows it; anything that does not fit
 * is left as it is, so the schema's validation answers it with its usual field error. Objects come
 * out as plain objects whatever the schema says.
 */
export function shape(value: unknown, schema: Schema = {}): unknown {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return shapeUnion(value, branches);
  const types = typesOf(schema);
  if (types.includes('array')) {
    // An empty form is an empty list; 'items[0][name]' fields an indexed one.
    const list = Array.isArray(value) ? value : isTree(value) && Object.keys(value).length === 0 ? [] : (isTree(value) && indexedList(value)) || [value];
    return list.map((item) => shape(item, schema.items));
  }
  if (Array.isArray(value)) return value.length === 1 ? shape(value[0], schema) : value.map((item) => shape(item));
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      // A multipart JSON part is parsed with prototype keys refused; this keeps it so.
      if (!FORBIDDEN_KEYS.has(key)) out[key] = shape(item, propertySchema(schema, key));
    }
    return out;
  }
  return typeof value === 'string' ? scalar(value, schema) : value;
}

function shapeUnion(value: unknown, branches: Schema[]): unknown {
  if (typeof value !== 'string') {
    // A list or an object goes to the branch of its kind.
    const kind = Array.isArray(value) ? 'array' : typeof value === 'object' && value !== null ? 'object' : null;
    const branch = kind ? branches.find((item) => typesOf(item).includes(kind)) : undefined;
    return shape(value, branch);
  }
  // Numbers, flags and enum members first ('5' for integer | string is the number), then text,
  // null last ('' for string | null stays text).
  const rank = (branch: Schema) => (typesOf(branch).includes('null') ? 2 : typesOf(branch).includes('string') ? 1 : 0);
  for (const branch of [...branches].sort((a, b) => rank(a) - rank(b))) {
    const shaped = shape(value, branch);
    if (shaped !== value || takesText(branch, value)) return shaped;
  }
  return value;
}

/** The schema the body is validated with: the plain one, or the one for this media type. */
function bodySchema(request: FastifyRequest): Schema | undefined {
  const body = request.routeOptions.schema?.body as Schema | undefined;
  if (!body?.content) return body;
  const schema = own(body.content, request.mediaType ?? '')?.schema;
  // Fastify validates a per-media-type body only with that media type's schema: a form the route
  // does not list would reach the handler unchecked.
  if (!schema) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Отправьте данные в формате JSON.');
  return schema;
}

/** As the app answers a JSON body over the limit (errors.ts). */
const tooLarge = () => new AppError(413, 'BODY_TOO_LARGE', 'Некорректный запрос.');

async function multipartFields(request: FastifyRequest, limit: number): Promise<FormEntries> {
  const entries: FormEntries = [];
  // Multipart has no body limit of its own: the fields together get the JSON body's.
  let size = 0;
  try {
    for await (const part of request.parts({ limits: { fieldSize: limit, fieldNameSize: 200 } })) {
      if (part.type === 'file') {
        // Discarded as it arrives rather than buffered (up to 7 MB) just to be refused.
        part.file.resume();
        throw fieldError(part.fieldname.slice(0, 100), 'Файлы здесь не принимаются.');
      }
      if (part.fieldnameTruncated) throw fieldError(part.fieldname.slice(0, 100), BAD_NAME);
      // A JSON part is parsed by the multipart reader; measuring and shaping it walk it recursively.
      if (valueTooDeep(part.value)) throw bodyTooDeep();
      size += Buffer.byteLength(part.fieldname) + Buffer.byteLength(typeof part.value === 'string' ? part.value : JSON.stringify(part.value));
      if (part.valueTruncated || size > limit) throw tooLarge();
      entries.push([part.fieldname, part.value]);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    // Too many parts or fields; or a broken body, which is the client's mistake.
    if ((error as { statusCode?: unknown }).statusCode === 413) throw tooLarge();
    throw fieldError('non_field_errors', 'Не удалось прочитать данные формы.');
  }
  return entries;
}

export function registerFormBodies(app: App): void {
  const bodyLimit = app.initialConfig.bodyLimit ?? 1024 * 1024;
  // Encapsulated parsers (the payment routes' PHP-style one) replace this one for their routes.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit }, (_request, body, done) => {
    done(null, new FormFields([...new URLSearchParams(body as string)]));
  });
  // Before validation, so Ajv checks the shaped body exactly as it checks JSON.
  app.addHook('preValidation', async (request) => {
    let entries: FormEntries;
    if (request.body instanceof FormFields) entries = request.body.entries;
    else if (request.isMultipart() && request.routeOptions.config?.files !== true) entries = await multipartFields(request, bodyLimit);
    else return;
    request.body = shape(formTree(entries), bodySchema(request));
  });
}
