import { and, count, eq, ilike, inArray, isNull } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { App } from '../../context.ts';
import type { Db } from '../../shared/db/database.ts';
import { isUniqueViolation } from '../../shared/db/errors.ts';
import { containsPattern } from '../../shared/db/like-pattern.ts';
import { fieldError } from '../../shared/errors.ts';
import { pageEnvelope, pageSlice } from '../../shared/http/pagination.ts';
import { errors, Id, Page, PageQuery, SchoolName, Text } from '../../shared/http/schemas.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import { courses } from '../courses/index.ts';
import { promoNotFoundById, SchoolPromoSchema, promoViews } from './promo-views.ts';
import { schoolPromoCodeCourses, schoolPromoCodes } from './tables.ts';

export const COURSES_NOT_IN_SCHOOL = 'Не все указанные курсы относятся к вашей школе';
export const CODE_TAKEN = 'Такой промокод в школе уже есть.';
const CODE_FORMAT = 'Промокод может содержать только буквы, цифры, дефис и подчёркивание.';
const PERCENT_RANGE = 'Скидка в процентах — от 1 до 100.';
const CODE = /^[\p{L}\p{N}_-]+$/u;

// Null first, as everywhere: a form's '' then reads as "no end" / "no limit".
const PromoFields = {
  code: Text({ minLength: 1, maxLength: 50, description: 'Буквы, цифры, дефис, подчёркивание; без учёта регистра' }),
  discount_type: Type.Union([Type.Literal('percent'), Type.Literal('fixed')]),
  discount: Type.Integer({ minimum: 1, maximum: 100_000_000, description: 'Проценты (1–100) или сумма в копейках валюты школы' }),
  courses: Type.Array(Id, { maxItems: 1000, description: 'Курсы школы; пустой список — все курсы' }),
  expires_at: Type.Union([Type.Null(), Type.Literal(''), Type.String({ format: 'date-time', maxLength: 40 })], { description: 'ISO 8601 с часовым поясом; null или "" — без срока' }),
  max_uses: Type.Union([Type.Null(), Type.Integer({ minimum: 1, maximum: 1_000_000_000 })], { description: 'null — без ограничения' }),
  is_active: Type.Boolean(),
};
const PatchBody = Type.Partial(Type.Object(PromoFields));
const CreateBody = Type.Object({ ...PatchBody.properties, code: PromoFields.code, discount_type: PromoFields.discount_type, discount: PromoFields.discount });
type PromoInput = Static<typeof PatchBody>;

const PromoParams = Type.Object({ school: SchoolName, id: Id });

/** The ids without repeats, each a course of the school (not in the bin), or a field error. */
async function schoolCourses(db: Db, schoolId: number, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  const rows = await db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.schoolId, schoolId), inArray(courses.id, unique), isNull(courses.removedAt)));
  if (rows.length !== unique.length) throw fieldError('courses', COURSES_NOT_IN_SCHOOL, 'COURSES_NOT_IN_SCHOOL');
  return unique;
}

/** The columns a body sets (the discount checked against its kind by the caller), and the courses. */
async function promoChanges(db: Db, schoolId: number, body: PromoInput) {
  const changes: Partial<typeof schoolPromoCodes.$inferInsert> = {};
  if (body.code !== undefined) {
    const code = body.code.trim();
    if (!code) throw fieldError('code', 'Поле не может быть пустым.');
    if (!CODE.test(code)) throw fieldError('code', CODE_FORMAT);
    changes.code = code;
  }
  if (body.discount_type !== undefined) changes.kind = body.discount_type;
  if (body.discount !== undefined) changes.value = body.discount;
  if (body.expires_at !== undefined) changes.expiresAt = body.expires_at ? new Date(body.expires_at) : null;
  if (body.max_uses !== undefined) changes.maxUses = body.max_uses;
  if (body.is_active !== undefined) changes.isActive = body.is_active;
  const courseIds = body.courses === undefined ? undefined : await schoolCourses(db, schoolId, body.courses);
  if (courseIds) changes.allCourses = courseIds.length === 0;
  return { changes, courseIds };
}

function assertDiscount(kind: string, value: number): void {
  if (kind === 'percent' && value > 100) throw fieldError('discount', PERCENT_RANGE);
}

/** A taken code (the (school, lower(code)) unique index, also under a race) as its field error. */
async function uniqueCode<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error, 'school_promo_codes_code_unique')) throw fieldError('code', CODE_TAKEN, 'PROMO_CODE_EXISTS');
    throw error;
  }
}

/**
 * A school's own promo codes for its courses (issue 14, settings tab `promo`): the admin lists,
 * creates, changes and deletes them. A code is unique in the school whatever its case; a percent
 * or a fixed sum in the school's currency; for every course or some; with an optional end and
 * number of uses. Purchases apply them with applySchoolPromo (promo-apply.ts).
 */
export async function schoolPromoRoutes(app: App): Promise<void> {
  const { ctx } = app;

  app.get(
    '/:school/promo_codes/',
    {
      schema: {
        tags: ['school-promo'],
        summary: 'Промокоды школы на её курсы, новые сначала (администратор)',
        params: Type.Object({ school: SchoolName }),
        querystring: Type.Object({
          ...PageQuery,
          search: Type.Optional(Text({ maxLength: 50, description: 'Часть промокода' })),
          is_active: Type.Optional(Type.Boolean()),
        }),
        response: { 200: Page(SchoolPromoSchema), ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const page = request.query.p ?? 1;
      const size = request.query.s ?? 20;
      const search = request.query.search?.trim();
      // By the (school_id, id) index: a count, then the page with each code's courses.
      const where = and(
        eq(schoolPromoCodes.schoolId, school.id),
        search ? ilike(schoolPromoCodes.code, containsPattern(search)) : undefined,
        request.query.is_active === undefined ? undefined : eq(schoolPromoCodes.isActive, request.query.is_active),
      )!;
      const [total] = await ctx.db.select({ n: count() }).from(schoolPromoCodes).where(where);
      const countAll = total?.n ?? 0;
      const slice = pageSlice(page, size, countAll);
      return pageEnvelope(request, slice ? await promoViews(ctx.db, where, slice) : [], countAll, page, size);
    },
  );

  app.post(
    '/:school/promo_codes/',
    {
      schema: {
        tags: ['school-promo'],
        summary: 'Создать промокод школы (администратор)',
        params: Type.Object({ school: SchoolName }),
        body: CreateBody,
        response: { 201: SchoolPromoSchema, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request, reply) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const { changes, courseIds } = await promoChanges(ctx.db, school.id, request.body);
      assertDiscount(request.body.discount_type, request.body.discount);
      const now = ctx.now();
      const id = await uniqueCode(() =>
        ctx.db.transaction(async (tx) => {
          const [row] = await tx
            .insert(schoolPromoCodes)
            .values({ ...changes, code: changes.code!, kind: changes.kind!, value: changes.value!, currency: school.currency, schoolId: school.id, createdAt: now, updatedAt: now })
            .returning({ id: schoolPromoCodes.id });
          if (courseIds?.length) await tx.insert(schoolPromoCodeCourses).values(courseIds.map((courseId) => ({ promoId: row!.id, courseId })));
          return row!.id;
        }),
      );
      const [view] = await promoViews(ctx.db, eq(schoolPromoCodes.id, id));
      return reply.code(201).send(view!);
    },
  );

  app.get(
    '/:school/promo_codes/:id/',
    {
      schema: {
        tags: ['school-promo'],
        summary: 'Промокод школы (администратор)',
        params: PromoParams,
        response: { 200: SchoolPromoSchema, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const [view] = await promoViews(ctx.db, and(eq(schoolPromoCodes.schoolId, school.id), eq(schoolPromoCodes.id, request.params.id))!);
      if (!view) throw promoNotFoundById();
      return view;
    },
  );

  app.patch(
    '/:school/promo_codes/:id/',
    {
      schema: {
        tags: ['school-promo'],
        summary: 'Изменить промокод школы; courses заменяет список курсов (администратор)',
        params: PromoParams,
        body: PatchBody,
        response: { 200: SchoolPromoSchema, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const { changes, courseIds } = await promoChanges(ctx.db, school.id, request.body);
      const id = request.params.id;
      await uniqueCode(() =>
        ctx.db.transaction(async (tx) => {
          // Locked, so the discount is checked against the kind it will be stored with.
          const [current] = await tx
            .select({ kind: schoolPromoCodes.kind, value: schoolPromoCodes.value })
            .from(schoolPromoCodes)
            .where(and(eq(schoolPromoCodes.id, id), eq(schoolPromoCodes.schoolId, school.id)))
            .for('update');
          if (!current) throw promoNotFoundById();
          assertDiscount(changes.kind ?? current.kind, changes.value ?? current.value);
          // A fixed sum is in the school's currency at the time it is set.
          const currency = changes.kind !== undefined || changes.value !== undefined ? { currency: school.currency } : {};
          await tx
            .update(schoolPromoCodes)
            .set({ ...changes, ...currency, updatedAt: ctx.now() })
            .where(eq(schoolPromoCodes.id, id));
          if (courseIds) {
            await tx.delete(schoolPromoCodeCourses).where(eq(schoolPromoCodeCourses.promoId, id));
            if (courseIds.length) await tx.insert(schoolPromoCodeCourses).values(courseIds.map((courseId) => ({ promoId: id, courseId })));
          }
        }),
      );
      const [view] = await promoViews(ctx.db, eq(schoolPromoCodes.id, id));
      return view!;
    },
  );

  app.delete(
    '/:school/promo_codes/:id/',
    {
      schema: {
        tags: ['school-promo'],
        summary: 'Удалить промокод школы (администратор)',
        params: PromoParams,
        response: { 204: Type.Null(), ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request, reply) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const deleted = await ctx.db
        .delete(schoolPromoCodes)
        .where(and(eq(schoolPromoCodes.id, request.params.id), eq(schoolPromoCodes.schoolId, school.id)))
        .returning({ id: schoolPromoCodes.id });
      if (deleted.length === 0) throw promoNotFoundById();
      return reply.code(204).send(null);
    },
  );
}
