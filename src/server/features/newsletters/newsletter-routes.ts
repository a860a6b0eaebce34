import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { App, AppContext } from '../../context.ts';
import { schools, users } from '../../shared/db/core-tables.ts';
import { fieldError, notFound } from '../../shared/errors.ts';
import { pageEnvelope, pageSlice, type PageSlice } from '../../shared/http/pagination.ts';
import { anonymous } from '../../shared/http/rate-limits.ts';
import { errors, Id, Page, PageQuery, SchoolName, Text } from '../../shared/http/schemas.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import { sanitizeRichText } from '../courses/index.ts';
import { requestNewsletterRun, scheduleNewsletters } from './newsletter-job.ts';
import { newsletterTemplates, newsletterUnsubscriptions, sentNewsletters } from './tables.ts';
import { checkUnsubscribe } from './unsubscribe-token.ts';

const templateNotFound = () => notFound('Шаблон рассылки не найден.', 'NEWSLETTER_TEMPLATE_NOT_FOUND');

const TemplateSchema = Type.Object({
  id: Type.Integer(),
  template_name: Type.String({ description: 'Название; тема письма' }),
  text: Type.String({ description: 'Текст письма: HTML, очищенный сервером' }),
  delay_days: Type.Integer({ description: 'Через сколько дней после вступления ученика в школу отправить письмо; 0 — сразу' }),
  is_public: Type.Boolean({ description: 'Рассылать: false — шаблон не отправляется' }),
  sent_count: Type.Integer({ description: 'Сколько ученикам письмо уже отправлено' }),
  template_created_at: Type.String({ description: 'ISO 8601' }),
});
type TemplateView = Static<typeof TemplateSchema>;

const Fields = {
  template_name: Text({ minLength: 1, maxLength: 200 }),
  text: Text({ maxLength: 50_000, description: 'HTML; разрешённое форматирование сохраняется, остальное удаляется' }),
  delay_days: Type.Integer({ minimum: 0, maximum: 3650 }),
  is_public: Type.Boolean(),
};
const CreateBody = Type.Object({ ...Type.Partial(Type.Object(Fields)).properties, template_name: Fields.template_name });
const PatchBody = Type.Partial(Type.Object(Fields));
const TemplateParams = Type.Object({ school: SchoolName, id: Id });

/** The columns a body sets: the name trimmed (not blank), the text sanitised. */
function templateChanges(body: Static<typeof PatchBody>): Partial<typeof newsletterTemplates.$inferInsert> {
  const changes: Partial<typeof newsletterTemplates.$inferInsert> = {};
  if (body.template_name !== undefined) {
    changes.templateName = body.template_name.trim();
    if (!changes.templateName) throw fieldError('template_name', 'Поле не может быть пустым.');
  }
  if (body.text !== undefined) changes.text = sanitizeRichText(body.text);
  if (body.delay_days !== undefined) changes.delayDays = body.delay_days;
  if (body.is_public !== undefined) changes.isPublic = body.is_public;
  return changes;
}

/** The templates matching `where`, newest first, each with how many students it was mailed to. */
async function templateViews(ctx: Pick<AppContext, 'db'>, where: SQL, page?: PageSlice): Promise<TemplateView[]> {
  const t = newsletterTemplates;
  const query = ctx.db
    .select({
      template: t,
      // By the unique (template, user) index, for the page's rows only. Written out: Drizzle leaves
      // the columns of a one-table select unqualified, and "id" would be the subquery's own.
      sent: sql<number>`(select count(*) from ${sentNewsletters} as sent where sent.template_id = "newsletter_templates"."id")`.mapWith(Number),
    })
    .from(t)
    .where(where)
    .orderBy(page?.fromEnd ? asc(t.id) : desc(t.id));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  if (page?.fromEnd) rows.reverse();
  return rows.map(({ template, sent }) => ({
    id: template.id,
    template_name: template.templateName,
    text: template.text,
    delay_days: template.delayDays,
    is_public: template.isPublic,
    sent_count: sent,
    template_created_at: template.createdAt.toISOString(),
  }));
}

async function templateView(ctx: Pick<AppContext, 'db'>, schoolId: number, id: number): Promise<TemplateView> {
  const [view] = await templateViews(ctx, and(eq(newsletterTemplates.schoolId, schoolId), eq(newsletterTemplates.id, id))!);
  if (!view) throw templateNotFound();
  return view;
}

/**
 * The school's email newsletter (spec §3 newsletter template, §6: the admin's only; reference §4.12,
 * where the templates were the platform's and could be read by any school through a spoofable
 * parameter): the admin's templates, mailed to the school's students by the job in
 * newsletter-job.ts. Saving a public template runs that job at once, so a template with delay 0
 * reaches the students in seconds. Every mail carries an unsubscribe link; its public endpoint
 * records the unsubscription.
 */
export async function newsletterRoutes(app: App): Promise<void> {
  const { ctx } = app;
  scheduleNewsletters(ctx);
  const runSoon = () => requestNewsletterRun(ctx, (error) => app.log.error({ err: error }, 'newsletter run not queued'));

  app.get(
    '/:school/newsletter_templates/',
    {
      schema: {
        tags: ['newsletters'],
        summary: 'Шаблоны email-рассылки школы, новые первыми (администратор)',
        params: Type.Object({ school: SchoolName }),
        querystring: Type.Object(PageQuery),
        response: { 200: Page(TemplateSchema), ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const page = request.query.p ?? 1;
      const size = request.query.s ?? 20;
      const where = eq(newsletterTemplates.schoolId, school.id);
      const [total] = await ctx.db.select({ n: count() }).from(newsletterTemplates).where(where);
      const countAll = total?.n ?? 0;
      const slice = pageSlice(page, size, countAll);
      return pageEnvelope(request, slice ? await templateViews(ctx, where, slice) : [], countAll, page, size);
    },
  );

  app.post(
    '/:school/newsletter_templates/',
    {
      schema: {
        tags: ['newsletters'],
        summary: 'Создать шаблон рассылки; публичный начинает рассылаться сразу (администратор)',
        params: Type.Object({ school: SchoolName }),
        body: CreateBody,
        response: { 201: TemplateSchema, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request, reply) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const changes = templateChanges(request.body);
      const now = ctx.now();
      const [row] = await ctx.db
        .insert(newsletterTemplates)
        .values({ ...changes, templateName: changes.templateName!, schoolId: school.id, createdAt: now, updatedAt: now })
        .returning({ id: newsletterTemplates.id, isPublic: newsletterTemplates.isPublic });
      if (row!.isPublic) await runSoon();
      return reply.code(201).send(await templateView(ctx, school.id, row!.id));
    },
  );

  app.get(
    '/:school/newsletter_templates/:id/',
    {
      schema: {
        tags: ['newsletters'],
        summary: 'Шаблон рассылки (администратор)',
        params: TemplateParams,
        response: { 200: TemplateSchema, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      return templateView(ctx, school.id, request.params.id);
    },
  );

  app.patch(
    '/:school/newsletter_templates/:id/',
    {
      schema: {
        tags: ['newsletters'],
        summary: 'Изменить шаблон рассылки; уже отправленным ученикам он не отправляется повторно (администратор)',
        params: TemplateParams,
        body: PatchBody,
        response: { 200: TemplateSchema, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const changes = templateChanges(request.body);
      const [row] = await ctx.db
        .update(newsletterTemplates)
        .set({ ...changes, updatedAt: ctx.now() })
        .where(and(eq(newsletterTemplates.id, request.params.id), eq(newsletterTemplates.schoolId, school.id)))
        .returning({ isPublic: newsletterTemplates.isPublic });
      if (!row) throw templateNotFound();
      if (row.isPublic) await runSoon();
      return templateView(ctx, school.id, request.params.id);
    },
  );

  app.delete(
    '/:school/newsletter_templates/:id/',
    {
      schema: {
        tags: ['newsletters'],
        summary: 'Удалить шаблон рассылки (администратор)',
        params: TemplateParams,
        response: { 204: Type.Null(), ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request, reply) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const deleted = await ctx.db
        .delete(newsletterTemplates)
        .where(and(eq(newsletterTemplates.id, request.params.id), eq(newsletterTemplates.schoolId, school.id)))
        .returning({ id: newsletterTemplates.id });
      if (deleted.length === 0) throw templateNotFound();
      return reply.code(204).send(null);
    },
  );

  // The link of every newsletter mail (app: /unsubscribe/{token}), also usable as a mail client's
  // one-click unsubscribe (RFC 8058 posts `List-Unsubscribe=One-Click`, taken and ignored). No
  // session: the signed token names the school and the student. Repeating it changes nothing.
  app.post(
    '/newsletter_unsubscribe/:token/',
    {
      config: anonymous(app, 30),
      schema: {
        tags: ['newsletters'],
        summary: 'Отписаться от email-рассылки школы по ссылке из письма',
        params: Type.Object({ token: Type.String({ maxLength: 100 }) }),
        body: Type.Optional(Type.Unknown()),
        response: { 200: Type.Object({ school_title: Type.String() }), ...errors(404, 429) },
      },
    },
    async (request) => {
      const invalid = () => notFound('Ссылка для отписки недействительна.', 'UNSUBSCRIBE_LINK_INVALID');
      const claims = checkUnsubscribe(ctx.config.secret, request.params.token);
      if (!claims) throw invalid();
      const [school] = await ctx.db.select({ title: schools.title }).from(schools).where(eq(schools.id, claims.schoolId));
      if (!school) throw invalid();
      // From users: a deleted account inserts nothing (there is nobody left to mail).
      const u = newsletterUnsubscriptions;
      await ctx.db.execute(sql`
        insert into ${u} (school_id, user_id, created_at)
        select ${claims.schoolId}, ${users.id}, ${ctx.now().toISOString()}::timestamptz from ${users} where ${users.id} = ${claims.userId}
        on conflict do nothing`);
      return { school_title: school.title };
    },
  );
}
