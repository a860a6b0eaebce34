import { eq } from 'drizzle-orm';
import type { FastifyRequest, RouteOptions } from 'fastify';
import { Type, type TObject, type TSchema } from 'typebox';
import type { App } from '../../context.ts';
import { schoolMembers, schools } from '../db/core-tables.ts';
import { fieldError } from '../errors.ts';
import { requireAuth } from '../security/auth.ts';
import { SchoolName } from './schemas.ts';

/**
 * Spec §7 lists some school calls without the school in the path (`chats/…`, `payment_method`,
 * `courses/{id}/clone/`), where this server has them under `/{school}/…`. Each route under a
 * prefix here is served at the spec's path too: the same route (handler, schema, hooks), its
 * school taken from `?school=` or, when absent, the caller's only school. The handler then checks
 * the school and the role in the database as on its own path.
 */
export const SPEC_PATHS: readonly { school: string; spec: string }[] = [
  { school: '/:school/chats/', spec: '/chats/' },
  { school: '/:school/payment_method/', spec: '/payment_method/' },
  { school: '/:school/courses/:id/clone/', spec: '/courses/:id/clone/' },
];

export const SCHOOL_REQUIRED = 'Вы состоите в нескольких школах: укажите школу в параметре school.';
export const NO_SCHOOL = 'Вы не состоите ни в одной школе.';

/** The school of a spec-path request: `?school=`, else the caller's only school (401 with no token). */
async function schoolOf(app: App, request: FastifyRequest): Promise<string> {
  const given = (request.query as { school?: string } | undefined)?.school;
  if (given !== undefined) return given;
  const { userId } = requireAuth(request);
  const rows = await app.ctx.db
    .select({ name: schools.name })
    .from(schoolMembers)
    .innerJoin(schools, eq(schools.id, schoolMembers.schoolId))
    .where(eq(schoolMembers.userId, userId))
    .limit(2);
  if (rows.length === 1) return rows[0]!.name;
  throw fieldError('school', rows.length === 0 ? NO_SCHOOL : SCHOOL_REQUIRED, 'SCHOOL_REQUIRED');
}

const isObject = (schema: unknown): schema is TObject => typeof schema === 'object' && schema !== null && 'properties' in schema;

/**
 * A path parameter only matches what its schema allows (a uuid, a number), so that the spec's
 * `/chats/:id/` does not swallow `/{school}/courses/` of a school named «chats»: the router falls
 * back to the `/:school/` routes.
 */
function constrained(path: string, params: TObject | undefined): string {
  return path.replace(/:([a-z_]+)/g, (whole, name: string) => {
    const schema = params?.properties[name] as { format?: string; type?: string } | undefined;
    if (schema?.format === 'uuid') return `:${name}(^[0-9a-fA-F-]{36}$)`;
    if (schema?.type === 'integer') return `:${name}(^\\d+$)`;
    return whole;
  });
}

/** Without `school` in the path; with it, optional, in the query. */
function specSchema(schema: RouteOptions['schema']): RouteOptions['schema'] {
  const params = isObject(schema?.params) ? schema.params : undefined;
  const { school: _school, ...rest } = params?.properties ?? {};
  const query = isObject(schema?.querystring) ? schema.querystring : undefined;
  const summary = (schema as { summary?: string } | undefined)?.summary;
  // A key set to undefined makes Fastify warn (FSTWRN001) that the schema is missing: leave it out.
  const { params: _params, ...others } = schema ?? {};
  return {
    ...others,
    summary: `${summary ?? ''} — путь спецификации: школа в параметре school или единственная школа пользователя`.replace(/^ — /, ''),
    ...(params && Object.keys(rest).length > 0 ? { params: { ...params, properties: rest, required: (params.required ?? []).filter((key) => key !== 'school') } } : {}),
    querystring: query
      ? { ...query, properties: { ...query.properties, school: Type.Optional(SchoolName) } }
      : Type.Object({ school: Type.Optional(SchoolName) }),
  } as RouteOptions['schema'];
}

/** Adds the spec's twin of each route registered from here on under a prefix of SPEC_PATHS. */
export function serveSpecPaths(app: App): void {
  app.addHook('onRoute', (route) => {
    // HEAD is added by Fastify for each GET (the twin's too); a websocket stays on its own path.
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((method) => method === 'HEAD') || (route as { websocket?: boolean }).websocket) return;
    const path = route.routePath ?? route.url;
    const alias = SPEC_PATHS.find((entry) => path.startsWith(entry.school));
    if (!alias) return;
    const params = isObject(route.schema?.params) ? (route.schema.params as TObject) : undefined;
    const resolve = async (request: FastifyRequest) => {
      (request.params as Record<string, string>).school = await schoolOf(app, request);
    };
    const own = route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler];
    const { url: _url, path: _path, routePath: _routePath, prefix: _prefix, ...options } = route as RouteOptions & { path?: string; routePath?: string; prefix?: string };
    app.route({
      ...options,
      url: constrained(alias.spec + path.slice(alias.school.length), params),
      schema: specSchema(route.schema as TSchema & RouteOptions['schema']),
      preHandler: [resolve, ...own],
    } as RouteOptions);
  });
}
