import { and, count, desc, eq, gte, ilike, lt, lte, sql, type SQL } from 'drizzle-orm';
import { Type } from 'typebox';
import type { App } from '../../context.ts';
import { accessLogs } from './tables.ts';
import { users } from '../../shared/db/core-tables.ts';
import { fieldError } from '../../shared/errors.ts';
import { pageEnvelope } from '../../shared/http/pagination.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import { errors, Id, Page, PageQuery, SchoolName, Text } from '../../shared/http/schemas.ts';
import { containsPattern } from '../../shared/db/like-pattern.ts';

const LogItem = Type.Object({
  id: Type.Integer(),
  user_id: Type.Union([Type.Integer(), Type.Null()]),
  user_email: Type.Union([Type.String(), Type.Null()]),
  impersonator_id: Type.Union([Type.Integer(), Type.Null()]),
  method: Type.String(),
  path: Type.String(),
  status: Type.Integer(),
  duration_ms: Type.Integer(),
  ip: Type.String(),
  event: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
});

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2})?$/i;
const DAY_MS = 86_400_000;

/**
 * An ISO date or date-time. A bare date means the whole day (UTC), so `date_to=2025-01-31` still
 * includes that day: for the upper bound it gives the next midnight, compared with '<'.
 */
function parseBound(field: 'date_from' | 'date_to', value: string): { at: Date; exclusive: boolean } {
  const invalid = () => fieldError(field, 'Укажите дату в формате ISO 8601, например 2025-01-31 или 2025-01-31T10:00:00Z.');
  if (!DATE_ONLY.test(value) && !DATE_TIME.test(value)) throw invalid();
  const at = new Date(DATE_ONLY.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(at.getTime())) throw invalid();
  if (field === 'date_to' && DATE_ONLY.test(value)) return { at: new Date(at.getTime() + DAY_MS), exclusive: true };
  return { at, exclusive: false };
}

/** The most rows a filter is counted up to (and so paged through). */
export const COUNT_CAP = 10_000;

/** '%' and '_' typed by the user are searched for literally. */

/** The school's request log (spec §6: admins only), newest first, filtered and paginated in SQL. */
export async function accessLogRoutes(app: App): Promise<void> {
  const { ctx } = app;

  app.get(
    '/api-request-logs/',
    {
      schema: {
        tags: ['access-logs'],
        summary: 'Журнал запросов к API по школе, новые сверху (администратор); count не больше 10 000, дальше сузьте период',
        querystring: Type.Object({
          school: SchoolName,
          ...PageQuery,
          user_id: Type.Optional(Id),
          method: Type.Optional(Type.String({ pattern: '^[A-Za-z]{3,7}$' })),
          status: Type.Optional(Type.Integer({ minimum: 100, maximum: 599 })),
          path: Type.Optional(Text({ minLength: 1, maxLength: 200 })),
          date_from: Type.Optional(Text({ maxLength: 40 })),
          date_to: Type.Optional(Text({ maxLength: 40 })),
        }),
        response: { 200: Page(LogItem), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const query = request.query;
      const from = query.date_from === undefined ? null : parseBound('date_from', query.date_from);
      const to = query.date_to === undefined ? null : parseBound('date_to', query.date_to);
      if (from && to && from.at > to.at) throw fieldError('date_to', 'Конец периода раньше его начала.');
      const { school } = await requireSchoolRole(app, request, { name: query.school }, ['Admin']);
      const page = query.p ?? 1;
      const size = query.s ?? 20;

      const filters: (SQL | undefined)[] = [eq(accessLogs.schoolId, school.id)];
      if (query.user_id !== undefined) filters.push(eq(accessLogs.userId, query.user_id));
      if (query.method !== undefined) filters.push(eq(accessLogs.method, query.method.toUpperCase()));
      if (query.status !== undefined) filters.push(eq(accessLogs.status, query.status));
      if (query.path !== undefined) filters.push(ilike(accessLogs.path, containsPattern(query.path)));
      if (from) filters.push(gte(accessLogs.createdAt, from.at));
      if (to) filters.push(to.exclusive ? lt(accessLogs.createdAt, to.at) : lte(accessLogs.createdAt, to.at));
      const where = and(...filters);

      // A bounded count: the log of a busy school has millions of rows, and counting them all would
      // walk the whole index on every page. Past the cap, a narrower period finds the rest.
      const capped = ctx.db.select({ one: sql`1` }).from(accessLogs).where(where).limit(COUNT_CAP).as('capped');
      const [total] = await ctx.db.select({ n: count() }).from(capped);
      const countAll = total?.n ?? 0;
      if ((page - 1) * size >= countAll) return pageEnvelope(request, [], countAll, page, size);
      const rows = await ctx.db
        .select({ log: accessLogs, email: users.email })
        .from(accessLogs)
        .leftJoin(users, eq(users.id, accessLogs.userId))
        .where(where)
        .orderBy(desc(accessLogs.createdAt), desc(accessLogs.id))
        .limit(size)
        .offset((page - 1) * size);
      const results = rows.map(({ log, email }) => ({
        id: log.id,
        user_id: log.userId,
        user_email: email,
        impersonator_id: log.impersonatorId,
        method: log.method,
        path: log.path,
        status: log.status,
        duration_ms: log.durationMs,
        ip: log.ip,
        event: log.event,
        created_at: log.createdAt.toISOString(),
      }));
      return pageEnvelope(request, results, countAll, page, size);
    },
  );
}
