import { and, count, desc, eq, gte, lt, ne, sql } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { App } from '../../context.ts';
import { users, schools } from '../../shared/db/core-tables.ts';
import type { Db } from '../../shared/db/database.ts';
import { fieldError } from '../../shared/errors.ts';
import { httpLink } from '../../shared/http/http-link.ts';
import { pageEnvelope, pageSlice } from '../../shared/http/pagination.ts';
import { errors, Id, Page, PageQuery, SchoolName, Text } from '../../shared/http/schemas.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import { allSchoolGroupIds, bannerNotFound, BannerSchema, bannerView, bannerViews, schoolGroupIds } from './banner-views.ts';
import { bannerClicks, bannerGroups, banners } from './tables.ts';

const BannerFields = {
  title: Text({ minLength: 1, maxLength: 255 }),
  description: Text({ maxLength: 5000 }),
  link: Text({ maxLength: 2000, description: 'Адрес http(s); "" — без ссылки' }),
  is_active: Type.Boolean({ description: 'Включить баннер: остальные баннеры школы выключаются' }),
  groups: Type.Array(Id, { maxItems: 1000, description: 'Группы школы, ученики которых видят баннер' }),
};
const CreateBody = Type.Object({ ...Type.Partial(Type.Object(BannerFields)).properties, title: BannerFields.title }, { description: 'Без groups — все группы школы' });
const PatchBody = Type.Partial(Type.Object(BannerFields));
type BannerInput = Static<typeof PatchBody>;

const BannerParams = Type.Object({ school: SchoolName, id: Id });
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** How many clicks the statistics list one by one (newest first); the totals count them all. */
export const CLICK_DETAILS_LIMIT = 1000;

const StatisticsSchema = Type.Object({
  total_clicks: Type.Integer(),
  unique_clicks: Type.Integer(),
  click_details: Type.Array(
    Type.Object({ timestamp: Type.String(), user_id: Type.Integer(), user_email: Type.String(), user_name: Type.String() }),
    { description: `Клики за период, сначала новые, не больше ${CLICK_DETAILS_LIMIT}` },
  ),
});

/** The columns a body sets, every check made before anything is written. */
async function bannerChanges(db: Db, schoolId: number, body: BannerInput) {
  const changes: Partial<typeof banners.$inferInsert> = {};
  if (body.title !== undefined) {
    changes.title = body.title.trim();
    if (!changes.title) throw fieldError('title', 'Поле не может быть пустым.');
  }
  if (body.description !== undefined) changes.description = body.description.trim();
  if (body.link !== undefined) changes.link = body.link.trim() ? httpLink('link', body.link) : '';
  if (body.is_active !== undefined) changes.isActive = body.is_active;
  const groups = body.groups === undefined ? undefined : await schoolGroupIds(db, schoolId, body.groups, 'groups');
  return { changes, groups };
}

/** A calendar day (UTC) from the query, or a field error; `end` gives the next day's start. */
function day(field: string, value: string | undefined, end: boolean): Date | undefined {
  if (value === undefined || value === '') return undefined;
  const invalid = () => fieldError(field, 'Укажите дату в формате ГГГГ-ММ-ДД.');
  if (!DAY.test(value)) throw invalid();
  const at = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== value) throw invalid();
  return end ? new Date(at.getTime() + 24 * 3_600_000) : at;
}

/**
 * The school's banners (reference §1.9, §4.14; spec: banner, accept), for its admins: list,
 * create, change, delete, and a banner's clicks over a period. At most one banner of a school is
 * active: turning one on turns the others off in the same transaction, under the school's row
 * lock (a partial unique index holds the rule in the database too). A new banner without groups
 * is shown to every group the school has then.
 */
export async function bannerRoutes(app: App): Promise<void> {
  const { ctx } = app;

  /** Writes a banner's changes; turning it on turns the school's others off first. */
  async function save(schoolId: number, id: number | null, changes: Partial<typeof banners.$inferInsert>, groups: number[] | undefined): Promise<number> {
    return ctx.db.transaction(async (tx) => {
      const now = ctx.now();
      if (changes.isActive) {
        // Two admins turning on two banners at once take turns here.
        await tx.select({ id: schools.id }).from(schools).where(eq(schools.id, schoolId)).for('update');
        await tx
          .update(banners)
          .set({ isActive: false, updatedAt: now })
          .where(and(eq(banners.schoolId, schoolId), eq(banners.isActive, true), id === null ? undefined : ne(banners.id, id)));
      }
      let bannerId: number;
      if (id === null) {
        const [row] = await tx
          .insert(banners)
          .values({ ...changes, title: changes.title!, schoolId, createdAt: now, updatedAt: now })
          .returning({ id: banners.id });
        bannerId = row!.id;
      } else {
        const updated = await tx
          .update(banners)
          .set({ ...changes, updatedAt: now })
          .where(and(eq(banners.id, id), eq(banners.schoolId, schoolId)))
          .returning({ id: banners.id });
        if (updated.length === 0) throw bannerNotFound();
        bannerId = id;
        if (groups) await tx.delete(bannerGroups).where(eq(bannerGroups.bannerId, id));
      }
      if (groups?.length) await tx.insert(bannerGroups).values(groups.map((groupId) => ({ bannerId, groupId })));
      return bannerId;
    });
  }

  app.get(
    '/:school/banners/',
    {
      schema: {
        tags: ['banners'],
        summary: 'Баннеры школы с числом кликов, сначала новые (администратор)',
        params: Type.Object({ school: SchoolName }),
        querystring: Type.Object(PageQuery),
        response: { 200: Page(BannerSchema), ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const page = request.query.p ?? 1;
      const size = request.query.s ?? 20;
      const where = eq(banners.schoolId, school.id);
      const [total] = await ctx.db.select({ n: count() }).from(banners).where(where);
      const countAll = total?.n ?? 0;
      const slice = pageSlice(page, size, countAll);
      if (!slice) return pageEnvelope(request, [], countAll, page, size);
      return pageEnvelope(request, await bannerViews(ctx.db, where, slice), countAll, page, size);
    },
  );

  app.post(
    '/:school/banners/',
    {
      schema: {
        tags: ['banners'],
        summary: 'Создать баннер: заголовок, описание, ссылка, активность, группы (по умолчанию все группы школы) (администратор)',
        params: Type.Object({ school: SchoolName }),
        body: CreateBody,
        response: { 201: BannerSchema, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request, reply) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const { changes, groups } = await bannerChanges(ctx.db, school.id, request.body);
      const id = await save(school.id, null, changes, groups ?? (await allSchoolGroupIds(ctx.db, school.id)));
      return reply.code(201).send(await bannerView(ctx.db, school.id, id));
    },
  );

  app.get(
    '/:school/banners/:id/',
    {
      schema: {
        tags: ['banners'],
        summary: 'Баннер с числом кликов (администратор)',
        params: BannerParams,
        response: { 200: BannerSchema, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      return bannerView(ctx.db, school.id, request.params.id);
    },
  );

  app.patch(
    '/:school/banners/:id/',
    {
      schema: {
        tags: ['banners'],
        summary: 'Изменить баннер; groups заменяет список групп; is_active: true выключает остальные (администратор)',
        params: BannerParams,
        body: PatchBody,
        response: { 200: BannerSchema, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const { changes, groups } = await bannerChanges(ctx.db, school.id, request.body);
      await save(school.id, request.params.id, changes, groups);
      return bannerView(ctx.db, school.id, request.params.id);
    },
  );

  app.delete(
    '/:school/banners/:id/',
    {
      schema: {
        tags: ['banners'],
        summary: 'Удалить баннер с его кликами и отметками «Понятно» (администратор)',
        params: BannerParams,
        response: { 204: Type.Null(), ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request, reply) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const deleted = await ctx.db
        .delete(banners)
        .where(and(eq(banners.id, request.params.id), eq(banners.schoolId, school.id)))
        .returning({ id: banners.id });
      if (deleted.length === 0) throw bannerNotFound();
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/:school/banners/:id/statistics/',
    {
      schema: {
        tags: ['banners'],
        summary: 'Клики по баннеру за период: всего, уникальных, список (администратор)',
        params: BannerParams,
        querystring: Type.Object({
          start_date: Type.Optional(Text({ maxLength: 10, description: 'ГГГГ-ММ-ДД (UTC), включительно' })),
          end_date: Type.Optional(Text({ maxLength: 10, description: 'ГГГГ-ММ-ДД (UTC), включительно' })),
        }),
        response: { 200: StatisticsSchema, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const from = day('start_date', request.query.start_date, false);
      const until = day('end_date', request.query.end_date, true);
      if (from && until && until <= from) throw fieldError('end_date', 'Дата окончания не может быть раньше даты начала.');
      const [banner] = await ctx.db
        .select({ id: banners.id })
        .from(banners)
        .where(and(eq(banners.id, request.params.id), eq(banners.schoolId, school.id)));
      if (!banner) throw bannerNotFound();
      const where = and(eq(bannerClicks.bannerId, banner.id), from ? gte(bannerClicks.clickedAt, from) : undefined, until ? lt(bannerClicks.clickedAt, until) : undefined);
      // By the (banner, clicked_at) index: the totals, then the newest clicks with their users.
      const [totals] = await ctx.db
        .select({ total: count(), unique: sql<number>`count(distinct ${bannerClicks.userId})`.mapWith(Number) })
        .from(bannerClicks)
        .where(where);
      const rows = await ctx.db
        .select({ at: bannerClicks.clickedAt, userId: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
        .from(bannerClicks)
        .innerJoin(users, eq(users.id, bannerClicks.userId))
        .where(where)
        .orderBy(desc(bannerClicks.clickedAt), desc(bannerClicks.id))
        .limit(CLICK_DETAILS_LIMIT);
      return {
        total_clicks: totals?.total ?? 0,
        unique_clicks: totals?.unique ?? 0,
        click_details: rows.map((row) => ({
          timestamp: row.at.toISOString(),
          user_id: row.userId,
          user_email: row.email,
          user_name: [row.firstName, row.lastName].filter(Boolean).join(' '),
        })),
      };
    },
  );
}
