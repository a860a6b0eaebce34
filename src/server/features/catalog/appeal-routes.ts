import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import { Type, type TSchema } from 'typebox';
import type { App } from '../../context.ts';
import { APPEAL_STATUSES, courseAppeals, type AppealStatus } from './tables.ts';
import { courses } from '../courses/index.ts';
import { schools, users } from '../../shared/db/core-tables.ts';
import { badRequest, fieldError, notFound } from '../../shared/errors.ts';
import { courseNotFound, visibleCourseSql } from './course-landing.ts';
import { pageEnvelope } from '../../shared/http/pagination.ts';
import { publicWrite } from '../../shared/http/public-routes.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import { normaliseEmail, normalisePhone } from '../../shared/contacts.ts';
import { Email, errors, Id, Page, Phone, SchoolName, Text } from '../../shared/http/schemas.ts';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const APPEAL_SENT = 'Заявка отправлена. Мы свяжемся с вами.';
export const CONTACT_REQUIRED = 'Укажите телефон или email.';

const AppealBody = Type.Object({
  course: Id,
  name: Text({ minLength: 1, maxLength: 100 }),
  email: Type.Optional(Email),
  phone: Type.Optional(Phone),
  message: Type.Optional(Text({ maxLength: 2000 })),
});

const Appeal = Type.Object({
  id: Type.Integer(),
  course_id: Type.Integer(),
  course_name: Type.String(),
  name: Type.String(),
  email: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  message: Type.String(),
  is_read: Type.Boolean(),
  status: Type.Enum([...APPEAL_STATUSES]),
  created_at: Type.String(),
});

/** An admin's change: read or unread, and where the appeal stands; at least one of them. */
const AppealPatch = Type.Object(
  { is_read: Type.Optional(Type.Boolean()), status: Type.Optional(Type.Enum([...APPEAL_STATUSES])) },
  { additionalProperties: false, minProperties: 1 },
);

const AppealParams = Type.Object({ school: SchoolName, id: Id });

const appealColumns = {
  id: courseAppeals.id,
  courseId: courseAppeals.courseId,
  courseName: courses.name,
  name: courseAppeals.name,
  email: courseAppeals.email,
  phone: courseAppeals.phone,
  message: courseAppeals.message,
  isRead: courseAppeals.isRead,
  status: courseAppeals.status,
  createdAt: courseAppeals.createdAt,
};

interface AppealRow {
  id: number;
  courseId: number;
  courseName: string;
  name: string;
  email: string | null;
  phone: string | null;
  message: string;
  isRead: boolean;
  status: AppealStatus;
  createdAt: Date;
}

const appealBody = (row: AppealRow) => ({
  id: row.id,
  course_id: row.courseId,
  course_name: row.courseName,
  name: row.name,
  email: row.email,
  phone: row.phone,
  message: row.message,
  is_read: row.isRead,
  status: row.status,
  created_at: row.createdAt.toISOString(),
});

const appealNotFound = () => notFound('Заявка не найдена.', 'APPEAL_NOT_FOUND');

const OPTIONAL_TEXT = ['email', 'phone', 'message'] as const;

/** Course appeals: the catalogue's request form and the school's list of them (spec §7 Catalogue). */
export async function appealRoutes(app: App): Promise<void> {
  const { ctx } = app;

  app.post(
    '/course-appeals/',
    {
      config: publicWrite(app),
      bodyLimit: 16 * 1024,
      // Forms send untouched optional fields as ''; they mean "not given", not "invalid".
      preValidation: async (request) => {
        const body = request.body as Record<string, unknown> | null;
        if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
        for (const key of OPTIONAL_TEXT) {
          const value = body[key];
          if (value === null || (typeof value === 'string' && value.trim() === '')) delete body[key];
        }
      },
      schema: {
        tags: ['appeals'],
        summary: 'Оставить заявку на курс каталога: имя и телефон или email (без входа)',
        body: AppealBody,
        response: { 201: Type.Object({ id: Type.Integer(), detail: Type.String() }), ...errors(400, 404, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const name = body.name.trim();
      if (!name) throw fieldError('name', 'Поле не может быть пустым.');
      if (!body.email && !body.phone) throw badRequest(CONTACT_REQUIRED, { email: [CONTACT_REQUIRED], phone: [CONTACT_REQUIRED] });
      const [course] = await ctx.db
        .select({ id: courses.id, name: courses.name, schoolId: schools.id, schoolName: schools.name, ownerEmail: users.email })
        .from(courses)
        .innerJoin(schools, eq(schools.id, courses.schoolId))
        .leftJoin(users, eq(users.id, schools.ownerId))
        .where(and(eq(courses.id, body.course), visibleCourseSql(ctx.now(), { catalog: true })));
      if (!course) throw courseNotFound();
      const appeal = {
        schoolId: course.schoolId,
        courseId: course.id,
        name,
        email: body.email ? normaliseEmail(body.email) : null,
        phone: body.phone ? normalisePhone(body.phone) : null,
        message: body.message?.trim() ?? '',
        createdAt: ctx.now(),
      };
      const [row] = await ctx.db.insert(courseAppeals).values(appeal).returning({ id: courseAppeals.id });
      if (course.ownerEmail) {
        // Best effort: the appeal is stored and listed whether or not the mail goes out.
        await ctx.mailer
          .send({
            to: course.ownerEmail,
            subject: `Новая заявка на курс «${course.name}»`,
            text:
              `Здравствуйте!\n\nНа курс «${course.name}» пришла заявка.\n\nИмя: ${appeal.name}\n` +
              `Email: ${appeal.email ?? '—'}\nТелефон: ${appeal.phone ?? '—'}\n` +
              (appeal.message ? `Сообщение:\n${appeal.message}\n` : '') +
              `\nВсе заявки: ${ctx.config.publicUrl}/school/${course.schoolName}/school-appeals\n`,
          })
          .catch((error: unknown) => request.log.error({ err: error }, 'appeal mail failed'));
      }
      return reply.code(201).send({ id: row!.id, detail: APPEAL_SENT });
    },
  );

  app.get(
    '/:school/course-appeals/',
    {
      schema: {
        tags: ['appeals'],
        summary: 'Заявки на курсы школы: непрочитанные сверху, затем новые (администратор)',
        params: Type.Object({ school: SchoolName }),
        querystring: Type.Object({
          p: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
          s: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, default: 20 })),
          status: Type.Optional(Type.Enum([...APPEAL_STATUSES])),
          is_read: Type.Optional(Type.Boolean()),
        }),
        security: [{ bearer: [] }],
        response: { 200: Page(Appeal), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const { status, is_read: isRead } = request.query;
      const page = request.query.p ?? 1;
      const size = request.query.s ?? 20;
      const filters: SQL[] = [eq(courseAppeals.schoolId, school.id)];
      if (status !== undefined) filters.push(eq(courseAppeals.status, status));
      if (isRead !== undefined) filters.push(eq(courseAppeals.isRead, isRead));
      const where = and(...filters);
      const [total] = await ctx.db.select({ n: count() }).from(courseAppeals).where(where);
      const countAll = total?.n ?? 0;
      if ((page - 1) * size >= countAll) return pageEnvelope(request, [], countAll, page, size);
      const rows = await ctx.db
        .select(appealColumns)
        .from(courseAppeals)
        .innerJoin(courses, eq(courses.id, courseAppeals.courseId))
        .where(where)
        // The (school, is_read, created_at desc, id desc) index gives this order without sorting.
        .orderBy(asc(courseAppeals.isRead), desc(courseAppeals.createdAt), desc(courseAppeals.id))
        .limit(size)
        .offset((page - 1) * size);
      return pageEnvelope(request, rows.map(appealBody), countAll, page, size);
    },
  );

  app.get(
    '/:school/course-appeals/unread/',
    {
      schema: {
        tags: ['appeals'],
        summary: 'Сколько заявок школы ещё не прочитано: счётчик у пункта меню «Заявки» (администратор)',
        params: Type.Object({ school: SchoolName }),
        security: [{ bearer: [] }],
        response: { 200: Type.Object({ unread: Type.Integer() }), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const [row] = await ctx.db
        .select({ n: count() })
        .from(courseAppeals)
        .where(and(eq(courseAppeals.schoolId, school.id), eq(courseAppeals.isRead, false)));
      return { unread: row?.n ?? 0 };
    },
  );

  const oneAppeal = async (schoolId: number, id: number) => {
    const [row] = await ctx.db
      .select(appealColumns)
      .from(courseAppeals)
      .innerJoin(courses, eq(courses.id, courseAppeals.courseId))
      .where(and(eq(courseAppeals.id, id), eq(courseAppeals.schoolId, schoolId)));
    if (!row) throw appealNotFound();
    return appealBody(row);
  };

  // Reading changes nothing (the original's GET marked the appeal read): a prefetch, a crawler or
  // a retried request must not decide what the admin has seen. PATCH does that.
  app.get(
    '/:school/course-appeals/:id/',
    {
      schema: {
        tags: ['appeals'],
        summary: 'Одна заявка школы (администратор); прочитанной её отмечает PATCH',
        params: AppealParams,
        security: [{ bearer: [] }],
        response: { 200: Appeal, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      return oneAppeal(school.id, request.params.id);
    },
  );

  app.patch(
    '/:school/course-appeals/:id/',
    {
      schema: {
        tags: ['appeals'],
        summary: 'Отметить заявку прочитанной или нет, сменить её статус (новая, в работе, обработана); смена статуса отмечает её прочитанной (администратор)',
        params: AppealParams,
        body: AppealPatch,
        security: [{ bearer: [] }],
        response: { 200: Appeal, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const { is_read: isRead, status } = request.body;
      // Taking an appeal into work means it was read, unless the admin says otherwise in the same call.
      const changes = { ...(status !== undefined ? { status, isRead: true } : {}), ...(isRead !== undefined ? { isRead } : {}) };
      const [updated] = await ctx.db
        .update(courseAppeals)
        .set(changes)
        .where(and(eq(courseAppeals.id, request.params.id), eq(courseAppeals.schoolId, school.id)))
        .returning({ id: courseAppeals.id });
      if (!updated) throw appealNotFound();
      return oneAppeal(school.id, updated.id);
    },
  );
}
