import { and, eq, sql } from 'drizzle-orm';
import { Type, type TSchema } from 'typebox';
import type { App } from '../../context.ts';
import { isUniqueViolation } from '../../shared/db/errors.ts';
import { schoolDomains, schoolHeaders } from './tables.ts';
import { schools, tariffs, users } from '../../shared/db/core-tables.ts';
import { badRequest, fieldError, forbidden, notFound } from '../../shared/errors.ts';
import { requireUser } from '../../shared/security/auth.ts';
import { avatarUrl } from '../../shared/uploads/avatars.ts';
import { pageEnvelope, pageSlice } from '../../shared/http/pagination.ts';
import { stripHtml } from '../../shared/plain-text.ts';
import { requireSchoolRole, type MemberRole, type School } from '../../shared/security/school-access.ts';
import { memberPage, memberTotal } from './member-list.ts';
import { availableSchoolName, createSchool, SCHOOL_TAKEN } from './schools.ts';
import { schoolDecoration } from './school-branding.ts';
import { pictureLinks, schoolPicture, type PictureFiles } from './school-pictures.ts';
import { limits } from '../../shared/http/rate-limits.ts';
import { normalisePhone } from '../../shared/contacts.ts';
import { canonicalTimeZone } from '../../shared/time/school-time.ts';
import { errors, Id, Page, PageQuery, Phone, SchoolName, Text } from '../../shared/http/schemas.ts';

export const MEMBER_ROLES = ['Admin', 'Teacher', 'Student'] as const satisfies readonly MemberRole[];
const MAX_ID = 2147483647;

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

const SchoolBody = Type.Object({
  school_id: Type.Integer(),
  name: Type.String(),
  title: Type.String(),
  owner: Nullable(Type.Integer()),
  tariff: Nullable(Type.Integer()),
  tariff_name: Nullable(Type.String()),
  trial_end_date: Nullable(Type.String()),
  purchased_tariff_end_date: Nullable(Type.String()),
  used_trial: Type.Boolean(),
  contact_link: Nullable(Type.String()),
  offer_url: Type.String(),
  test_course: Type.Boolean(),
  time_zone: Type.String({ description: 'Часовой пояс школы (IANA): время в её письмах и уведомлениях' }),
  video_watched_percent: Type.Integer({ description: 'Какую долю видео урока (%) ученик смотрит, чтобы урок был пройден' }),
  referral_code: Nullable(Type.String()),
  created_at: Type.String(),
  updated_at: Type.String(),
  accent_color: Nullable(Type.String({ description: 'Основной цвет школы (#rrggbb), null — цвет платформы' })),
  accent_text_color: Nullable(Type.String({ description: 'Цвет текста на основном цвете (#rrggbb)' })),
  logo: Nullable(Type.String({ description: 'Логотип школы из оформления (подписанная ссылка)' })),
});

// Null is listed first: with type coercion on, a string branch first would turn null into ''.
const SchoolPatch = Type.Object({
  title: Type.Optional(Text({ minLength: 1, maxLength: 100 })),
  /** Accepted only unchanged: the URL name is part of every link to the school. */
  name: Type.Optional(Text({ maxLength: 100 })),
  contact_link: Type.Optional(Type.Union([Type.Null(), Text({ maxLength: 500 })])),
  offer_url: Type.Optional(Type.Union([Type.Null(), Text({ maxLength: 500 })])),
  test_course: Type.Optional(Type.Boolean()),
  time_zone: Type.Optional(Text({ minLength: 1, maxLength: 64 })),
  video_watched_percent: Type.Optional(Type.Integer({ minimum: 50, maximum: 100 })),
});

const SchoolIdParams = Type.Object({ id: Type.Integer() });

const SchoolUser = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  username: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  role: Type.String(),
  avatar: Nullable(Type.String()),
  pseudonym: Nullable(Type.String()),
  additional_roles: Type.Array(Type.String()),
  date_joined: Type.String(),
});

const HeaderBody = Type.Object({
  header_id: Type.Integer(),
  school: Type.Integer(),
  school_id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  logo_school: Nullable(Type.String({ description: 'Подписанная ссылка на логотип' })),
  photo_background: Nullable(Type.String({ description: 'Подписанная ссылка на фон' })),
  logo_school_file: Nullable(Type.Integer({ description: 'Изображение школы (kind picture, без курса)' })),
  photo_background_file: Nullable(Type.Integer({ description: 'Изображение школы (kind picture, без курса)' })),
  logo_header: Nullable(Type.String()),
  favicon: Nullable(Type.String()),
});

const SchoolByDomain = Type.Object({
  school_id: Type.Integer(),
  name: Type.String(),
  title: Type.String(),
  header_school: Nullable(Type.Integer()),
  domain_name: Type.String(),
});

/** 'student' and 'staff' are the spec's filters; an exact role name works too. */
const ROLE_FILTERS: Record<string, readonly MemberRole[]> = {
  student: ['Student'],
  staff: ['Teacher', 'Admin'],
  Admin: ['Admin'],
  Teacher: ['Teacher'],
  Student: ['Student'],
};

const iso = (date: Date | null) => date?.toISOString() ?? null;

async function schoolBody(app: App, files: PictureFiles, school: School, role: MemberRole) {
  const [tariff] = school.tariffId === null ? [] : await app.ctx.db.select({ name: tariffs.name }).from(tariffs).where(eq(tariffs.id, school.tariffId));
  return {
    school_id: school.id,
    name: school.name,
    title: school.title,
    owner: school.ownerId,
    tariff: school.tariffId,
    tariff_name: tariff?.name ?? null,
    trial_end_date: iso(school.trialEndDate),
    purchased_tariff_end_date: iso(school.purchasedTariffEndDate),
    used_trial: school.usedTrial,
    contact_link: school.contactLink,
    offer_url: school.offerUrl,
    test_course: school.testCourse,
    time_zone: school.timeZone,
    video_watched_percent: school.videoWatchedPercent,
    // The referral code earns the school paid days: only its admins get to hand it out.
    referral_code: role === 'Admin' ? school.referralCode : null,
    created_at: school.createdAt.toISOString(),
    updated_at: school.updatedAt.toISOString(),
    // The school's colours and logo (settings «Оформление»): the app paints its school area with them.
    ...(await schoolDecoration(app.ctx, files, school.id)),
  };
}

async function headerBody(app: App, files: PictureFiles, header: typeof schoolHeaders.$inferSelect) {
  const links = await pictureLinks(files, app.ctx, [header.logoFileId, header.backgroundFileId]);
  const link = (id: number | null) => (id === null ? null : (links.get(id) ?? null));
  return {
    header_id: header.id,
    school: header.schoolId,
    school_id: header.schoolId,
    name: header.name,
    description: header.description,
    logo_school: link(header.logoFileId),
    photo_background: link(header.backgroundFileId),
    logo_school_file: header.logoFileId,
    photo_background_file: header.backgroundFileId,
    logo_header: header.logoHeader,
    favicon: header.favicon,
  };
}

/** Spec §5: a school id must be a positive integer ('Invalid school ID'); also keeps it in int4 range. */
function checkSchoolId(id: number): number {
  if (id <= 0 || id > MAX_ID) throw badRequest('Invalid school ID', { id: ['Invalid school ID'] }, 'INVALID_SCHOOL_ID');
  return id;
}

/** A trimmed link with one of `protocols`, '' or null when cleared; a field error otherwise. */
function link(field: string, value: string | null, protocols: readonly string[]): string | null {
  const trimmed = value?.trim() ?? '';
  if (!trimmed) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw fieldError(field, 'Введите корректную ссылку.');
  }
  const web = url.protocol === 'http:' || url.protocol === 'https:';
  if (!protocols.includes(url.protocol) || (web && !url.hostname)) {
    throw fieldError(field, `Ссылка должна начинаться с ${protocols.map((p) => `${p}//`).join(', ')}`);
  }
  return trimmed;
}

/** 'https://School.example.com:8443/path' → 'school.example.com'. */
export function hostFromDomain(input: string): string {
  const host = input
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/^[^@/?#]*@/, '')
    .split(/[/?#]/)[0]!
    .replace(/:\d*$/, '')
    .replace(/\.$/, '');
  return host;
}

/** Schools, their users and headers, and the public lookup by custom domain (spec §7 Schools, Users). */
export async function schoolRoutes(app: App, files: PictureFiles): Promise<void> {
  const { ctx } = app;

  app.get(
    '/schools/:id/',
    {
      schema: {
        tags: ['schools'],
        summary: 'Школа по id (для её участников)',
        params: SchoolIdParams,
        response: { 200: SchoolBody, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const id = checkSchoolId(request.params.id);
      const { school, role } = await requireSchoolRole(app, request, { id }, MEMBER_ROLES);
      return schoolBody(app, files, school, role);
    },
  );

  app.patch(
    '/schools/:id/',
    {
      schema: {
        tags: ['schools'],
        summary: 'Изменить настройки школы (администратор)',
        params: SchoolIdParams,
        body: SchoolPatch,
        response: { 200: SchoolBody, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const id = checkSchoolId(request.params.id);
      const { school } = await requireSchoolRole(app, request, { id }, ['Admin']);
      const body = request.body;
      if (body.name !== undefined && body.name !== school.name) {
        throw fieldError('name', 'Адрес школы изменить нельзя.', 'SCHOOL_NAME_IMMUTABLE');
      }
      const changes: Partial<typeof schools.$inferInsert> = {};
      if (body.title !== undefined) {
        const title = body.title.trim();
        if (!title) throw fieldError('title', 'Поле не может быть пустым.');
        changes.title = title;
      }
      if (body.contact_link !== undefined) changes.contactLink = link('contact_link', body.contact_link, ['http:', 'https:', 'tg:']);
      if (body.offer_url !== undefined) changes.offerUrl = link('offer_url', body.offer_url, ['http:', 'https:']) ?? '';
      if (body.test_course !== undefined) changes.testCourse = body.test_course;
      if (body.time_zone !== undefined) {
        const zone = canonicalTimeZone(body.time_zone.trim());
        if (!zone) throw fieldError('time_zone', 'Неизвестный часовой пояс.');
        changes.timeZone = zone;
      }
      if (body.video_watched_percent !== undefined) changes.videoWatchedPercent = body.video_watched_percent;
      if (Object.keys(changes).length === 0) return schoolBody(app, files, school, 'Admin');
      const [updated] = await ctx.db
        .update(schools)
        .set({ ...changes, updatedAt: ctx.now() })
        .where(eq(schools.id, school.id))
        .returning();
      return schoolBody(app, files, updated!, 'Admin');
    },
  );

  app.post(
    '/schools/',
    {
      config: limits(app, 10),
      schema: {
        tags: ['schools'],
        summary: 'Создать школу для вошедшего пользователя (не более двух своих школ)',
        body: Type.Object({ school_name: Text({ minLength: 1, maxLength: 100 }), phone_number: Type.Optional(Phone) }),
        response: { 201: SchoolBody, ...errors(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(app, request);
      // Viewing as a student is for looking, not for acting in the student's name.
      if (request.auth?.impersonatorId) throw forbidden('Во время просмотра от имени ученика создать школу нельзя.', 'IMPERSONATION_READ_ONLY');
      const name = await availableSchoolName(ctx.db, request.body.school_name);
      const phone = request.body.phone_number ? normalisePhone(request.body.phone_number) : null;
      let school: School;
      try {
        // Only the caller becomes a member: no shared demo accounts are added (the original did).
        school = await ctx.db.transaction(async (tx) => {
          if (phone) await tx.update(users).set({ phoneNumber: phone }).where(eq(users.id, user.id));
          return createSchool(ctx, tx, { ownerId: user.id, title: request.body.school_name, name });
        });
      } catch (error) {
        if (isUniqueViolation(error, 'schools_name_unique')) throw fieldError('school_name', SCHOOL_TAKEN, 'SCHOOL_NAME_TAKEN');
        if (isUniqueViolation(error, 'users_phone_unique')) throw fieldError('phone_number', 'Этот номер телефона уже используется.', 'PHONE_TAKEN');
        throw error;
      }
      request.schoolId = school.id;
      return reply.code(201).send(await schoolBody(app, files, school, 'Admin'));
    },
  );

  app.get(
    '/:school/all_users/',
    {
      schema: {
        tags: ['schools'],
        summary: 'Пользователи школы с ролями, псевдонимами и доп. ролями (администратор)',
        params: Type.Object({ school: SchoolName }),
        querystring: Type.Object({ ...PageQuery, role: Type.Optional(Type.Enum(Object.keys(ROLE_FILTERS))) }),
        response: { 200: Page(SchoolUser), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const page = request.query.p ?? 1;
      const size = request.query.s ?? 20;
      const roles = request.query.role ? ROLE_FILTERS[request.query.role]! : MEMBER_ROLES;
      const countAll = await memberTotal(ctx.db, school.id, roles);
      // A page past the end is simply empty (the original answered 404); no query needed.
      const slice = pageSlice(page, size, countAll);
      if (!slice) return pageEnvelope(request, [], countAll, page, size);
      const rows = await memberPage(ctx.db, school.id, roles, slice);
      const results = rows.map((row) => ({
        id: row.id,
        email: row.email,
        username: row.username ?? row.email,
        first_name: row.firstName,
        last_name: row.lastName,
        role: row.role,
        avatar: avatarUrl(ctx.config, row.avatar),
        pseudonym: row.pseudonym,
        additional_roles: row.additionalRoles ?? [],
        date_joined: row.dateJoined.toISOString(),
      }));
      return pageEnvelope(request, results, countAll, page, size);
    },
  );

  const headerOf = async (id: number) => {
    const [header] = await ctx.db.select().from(schoolHeaders).where(eq(schoolHeaders.id, id));
    if (!header) throw notFound('Шапка школы не найдена.', 'HEADER_NOT_FOUND');
    return header;
  };

  app.get(
    '/school_headers/:id/',
    {
      schema: {
        tags: ['schools'],
        summary: 'Шапка школы: название, описание, логотипы (для участников школы)',
        params: Type.Object({ id: Id }),
        response: { 200: HeaderBody, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const header = await headerOf(request.params.id);
      await requireSchoolRole(app, request, { id: header.schoolId }, MEMBER_ROLES);
      return headerBody(app, files, header);
    },
  );

  app.patch(
    '/school_headers/:id/',
    {
      schema: {
        tags: ['schools'],
        summary: 'Изменить название, описание, логотип и фон в шапке школы (администратор)',
        params: Type.Object({ id: Id }),
        body: Type.Object({
          name: Type.Optional(Text({ minLength: 1, maxLength: 256 })),
          description: Type.Optional(Text({ maxLength: 10000 })),
          logo_school_file: Type.Optional(Type.Union([Type.Null(), Id], { description: 'Изображение школы (POST {school}/files/, kind picture); null — убрать' })),
          photo_background_file: Type.Optional(Type.Union([Type.Null(), Id], { description: 'Изображение школы; null — убрать' })),
        }),
        response: { 200: HeaderBody, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const header = await headerOf(request.params.id);
      await requireSchoolRole(app, request, { id: header.schoolId }, ['Admin']);
      const changes: Partial<typeof schoolHeaders.$inferInsert> = {};
      if (request.body.name !== undefined) {
        const name = stripHtml(request.body.name);
        if (!name) throw fieldError('name', 'Поле не может быть пустым.');
        changes.name = name;
      }
      // Plain text here: whatever HTML was pasted in is dropped, never stored.
      if (request.body.description !== undefined) changes.description = stripHtml(request.body.description);
      const { logo_school_file: logo, photo_background_file: background } = request.body;
      if (logo !== undefined) changes.logoFileId = await schoolPicture(files, ctx.db, header.schoolId, 'logo_school_file', logo);
      if (background !== undefined) changes.backgroundFileId = await schoolPicture(files, ctx.db, header.schoolId, 'photo_background_file', background);
      if (Object.keys(changes).length === 0) return headerBody(app, files, header);
      const [updated] = await ctx.db
        .update(schoolHeaders)
        .set({ ...changes, updatedAt: ctx.now() })
        .where(eq(schoolHeaders.id, header.id))
        .returning();
      return headerBody(app, files, updated!);
    },
  );

  app.get(
    '/school-by-domain/',
    {
      // Per address: a site on a school's domain asks once per visit, so 120 a minute leaves room for
      // a whole class behind one address, and stops a walk through domain names for the schools behind them.
      config: limits(app, 120),
      schema: {
        tags: ['schools'],
        summary: 'Школа по своему (подтверждённому) домену; без входа',
        querystring: Type.Object({ domain: Type.Optional(Text({ maxLength: 2048 })) }),
        response: { 200: SchoolByDomain, ...errors(400, 404, 429) },
      },
    },
    async (request) => {
      const host = hostFromDomain(request.query.domain ?? '');
      if (!host) throw badRequest('Домен не указан', { domain: ['Домен не указан'] }, 'DOMAIN_REQUIRED');
      const notFoundDomain = () => notFound('Домен не найден', 'DOMAIN_NOT_FOUND');
      if (host.length > 253 || !/^[a-z0-9.-]+$/.test(host)) throw notFoundDomain();
      const [row] = await ctx.db
        .select({ school: schools, headerId: schoolHeaders.id, domainName: schoolDomains.domainName })
        .from(schoolDomains)
        .innerJoin(schools, eq(schools.id, schoolDomains.schoolId))
        .leftJoin(schoolHeaders, eq(schoolHeaders.schoolId, schools.id))
        .where(and(sql`lower(${schoolDomains.domainName}) = ${host}`, eq(schoolDomains.verified, true)));
      if (!row) throw notFoundDomain();
      return { school_id: row.school.id, name: row.school.name, title: row.school.title, header_school: row.headerId, domain_name: row.domainName };
    },
  );
}
