import { LANDING_BLOCK_KEYS, type LandingBlockKey } from '#core/landing-blocks';
import { and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { Type, type TSchema } from 'typebox';
import type { App } from '../../context.ts';
import { courseFiles, courses, coverJoin } from '../courses/index.ts';
import { schools } from '../../shared/db/core-tables.ts';
import { AppError } from '../../shared/errors.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import { pageEnvelope, pageSlice } from '../../shared/http/pagination.ts';
import { publicRead } from '../../shared/http/public-routes.ts';
import { courseBody, courseNotFound, courseWithSchool, landingBody, mergeLanding, saveLanding, storedLanding, visibleCourseSql } from './course-landing.ts';
import { errors, Id, Page, SchoolName, Text } from '../../shared/http/schemas.ts';
import { containsPattern } from '../../shared/db/like-pattern.ts';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const CATALOG_PAGE_SIZE = 12;

export const CatalogCourse = Type.Object({
  course_id: Type.Integer(),
  name: Type.String(),
  description: Type.String({ description: 'Описание обычным текстом (в каталоге — начало, до 300 символов, в одну строку)' }),
  duration_days: Nullable(Type.Integer()),
  format: Type.String(),
  /** Major units (the price column keeps minor units). */
  price: Type.Number(),
  currency: Type.String({ description: 'Валюта школы, ISO 4217 (например "BYN")' }),
  photo_url: Nullable(Type.String()),
  school: Type.String(),
  school_title: Type.String(),
});

/** Each block of the core Landing: its frame plus the fields of its content type. */
const LandingBlock = Type.Object(
  {
    id: Type.Integer(),
    content: Type.String(),
    visible: Type.Boolean(),
    canUp: Type.Boolean(),
    canDown: Type.Boolean(),
    onlyShow: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: true },
);
const landingBlocks = {} as { [K in LandingBlockKey]: typeof LandingBlock };
for (const key of LANDING_BLOCK_KEYS) landingBlocks[key] = LandingBlock;
export const LandingSchema = Type.Object(landingBlocks, { description: 'Лендинг курса: 17 блоков (core Landing), ключи по имени блока' });

/** A course shown whole: its description also as the sanitised HTML. */
export const CatalogCourseDetail = Type.Object({
  ...CatalogCourse.properties,
  description: Type.String({ description: 'Описание обычным текстом, полностью' }),
  description_html: Type.String({ description: 'Описание в HTML, очищенном сервером' }),
});

export const CourseLanding = Type.Object({
  course: CatalogCourseDetail,
  landing: LandingSchema,
  theme: Type.Optional(Type.Object({ accent: Type.Union([Type.String(), Type.Null()]), accent_text: Type.Union([Type.String(), Type.Null()]) }, { description: 'Цвета школы (#rrggbb), null — цвета платформы' })),
});


/** The public course catalogue, course previews and the landing editor (spec §7 Catalogue, Landing). */
export async function catalogRoutes(app: App): Promise<void> {
  const { ctx } = app;

  app.get(
    '/course_catalog/',
    {
      config: publicRead(app),
      schema: {
        tags: ['public'],
        summary: 'Каталог курсов: опубликованные курсы всех школ или одной школы, с поиском (без входа)',
        querystring: Type.Object({
          p: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
          // Up to 12 per page, as the original; a larger size is read as 12, not refused.
          s: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: CATALOG_PAGE_SIZE })),
          query: Type.Optional(Text({ maxLength: 200 })),
          school: Type.Optional(Text({ maxLength: 100 })),
        }),
        response: { 200: Page(CatalogCourse), ...errors(400, 429) },
      },
    },
    async (request) => {
      const page = request.query.p ?? 1;
      const size = Math.min(request.query.s ?? CATALOG_PAGE_SIZE, CATALOG_PAGE_SIZE);
      const text = request.query.query?.trim();
      const school = request.query.school?.trim();
      const where = and(
        visibleCourseSql(ctx.now(), { catalog: true }),
        // A description is sanitised HTML: its tags are not words («strong» finds nothing) and a
        // phrase may span them («цвет и форма» in «Цвет и <strong>форма</strong>»).
        text ? or(ilike(courses.name, containsPattern(text)), sql`regexp_replace(${courses.description}, '<[^>]*>', '', 'g') ilike ${containsPattern(text)}`) : undefined,
        // An unknown school simply matches nothing.
        school ? sql`lower(${schools.name}) = lower(${school})` : undefined,
      );
      const [total] = await ctx.db.select({ n: count() }).from(courses).innerJoin(schools, eq(schools.id, courses.schoolId)).where(where);
      const countAll = total?.n ?? 0;
      const slice = pageSlice(page, size, countAll);
      if (!slice) return pageEnvelope(request, [], countAll, page, size);
      // The catalogue's order is the partial index courses_catalog_order_idx, read either way.
      const rows = await ctx.db
        .select(courseWithSchool())
        .from(courses)
        .innerJoin(schools, eq(schools.id, courses.schoolId))
        .leftJoin(courseFiles, coverJoin)
        .where(where)
        .orderBy(...(slice.fromEnd ? [desc(courses.order), asc(courses.id)] : [asc(courses.order), desc(courses.id)]))
        .limit(slice.limit)
        .offset(slice.offset);
      if (slice.fromEnd) rows.reverse();
      return pageEnvelope(request, rows.map((row) => courseBody(ctx, row)), countAll, page, size);
    },
  );

  // The original client asks without the trailing slash; both forms answer.
  for (const url of ['/course_catalog/:id', '/course_catalog/:id/']) {
    app.get(
      url,
      {
        config: publicRead(app),
        schema: {
          tags: ['public'],
          summary: 'Курс каталога с его лендингом (без входа)',
          params: Type.Object({ id: Id }),
          response: { 200: CourseLanding, ...errors(400, 404, 429) },
        },
      },
      async (request) => landingBody(ctx, and(eq(courses.id, request.params.id), visibleCourseSql(ctx.now(), { catalog: true }))!),
    );
  }

  app.get(
    '/:school/course_landing/:id/',
    {
      config: publicRead(app),
      schema: {
        tags: ['public'],
        summary: 'Лендинг курса школы (без входа — опубликованный курс; администратор школы видит и черновик)',
        params: Type.Object({ school: SchoolName, id: Id }),
        response: { 200: CourseLanding, ...errors(400, 401, 404, 429) },
      },
    },
    async (request) => {
      const { school, id } = request.params;
      const ofSchool = and(eq(courses.id, id), sql`lower(${schools.name}) = lower(${school})`)!;
      // The school's admin edits the landing before the course is published.
      if (request.auth && (await isSchoolAdmin(app, request, school))) return landingBody(ctx, ofSchool);
      return landingBody(ctx, and(ofSchool, visibleCourseSql(ctx.now(), { catalog: false }))!);
    },
  );

  app.patch(
    '/:school/course_landing/:id/',
    {
      // A little over the stored cap, so an oversize landing gets the clear message below.
      bodyLimit: 256 * 1024,
      schema: {
        tags: ['public'],
        summary: 'Изменить лендинг курса (администратор школы): переданные блоки и поля, null — блок по умолчанию',
        params: Type.Object({ school: SchoolName, id: Id }),
        body: Type.Object({ landing: Type.Object({}, { additionalProperties: true }) }),
        security: [{ bearer: [] }],
        response: { 200: CourseLanding, ...errors(400, 401, 403, 404, 413) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const [course] = await ctx.db
        .select({ id: courses.id })
        .from(courses)
        .where(and(eq(courses.id, request.params.id), eq(courses.schoolId, school.id)));
      if (!course) throw courseNotFound();
      const blocks = mergeLanding(await storedLanding(ctx.db, course.id), request.body.landing as Record<string, unknown>);
      await saveLanding(ctx, course.id, blocks);
      return landingBody(ctx, eq(courses.id, course.id));
    },
  );
}

/** Whether the signed-in caller administers the school (no error when not: the route is public). */
async function isSchoolAdmin(app: App, request: Parameters<typeof requireSchoolRole>[1], school: string): Promise<boolean> {
  try {
    await requireSchoolRole(app, request, { name: school }, ['Admin']);
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}
