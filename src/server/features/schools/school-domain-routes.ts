import { and, eq, ne } from 'drizzle-orm';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { App } from '../../context.ts';
import { tariffs } from '../../shared/db/core-tables.ts';
import type { Db } from '../../shared/db/database.ts';
import { isUniqueViolation } from '../../shared/db/errors.ts';
import { AppError, badRequest, fieldError, forbidden, notFound } from '../../shared/errors.ts';
import { limits } from '../../shared/http/rate-limits.ts';
import { errors, Id, Page, SchoolName, Text } from '../../shared/http/schemas.ts';
import { requireSchoolRole, type School } from '../../shared/security/school-access.ts';
import { createDomainCheck, verificationRecords } from './school-domain-check.ts';
import { forgetHost } from './school-domain-host.ts';
import { normaliseDomain } from './school-domain-name.ts';
import { schoolDomains } from './tables.ts';
import { serverRefusalsMessages as refusals } from '#core/messages/server-refusals';

export const DOMAIN_TAKEN = refusals.domainTaken;
export const DOMAIN_SENIOR_ONLY = 'Подключение своего домена доступно только для тарифа Senior.';
export const DOMAIN_EXISTS = 'У школы уже есть домен: измените или удалите его.';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

const SchoolDomain = Type.Object({
  id: Type.Integer(),
  school: Type.Integer(),
  domain_name: Type.String(),
  verified: Type.Boolean(),
  verified_at: Nullable(Type.String()),
  created_at: Type.String(),
  last_check_at: Nullable(Type.String()),
  last_check_error: Nullable(Type.String()),
  verification: Type.Object({
    txt_name: Type.String({ description: 'Имя TXT-записи' }),
    txt_value: Type.String({ description: 'Значение TXT-записи' }),
    file_url: Type.String({ description: 'Адрес файла подтверждения' }),
    file_content: Type.String({ description: 'Содержимое файла' }),
  }),
});
const DomainBody = Type.Object({ domain_name: Text({ minLength: 1, maxLength: 300, description: 'Домен, например learn.example.com' }) });
const DomainParams = Type.Object({ school: SchoolName, id: Id });
const NoBody = Type.Object({}, { description: 'Пустое тело (или без тела)' });
/** verify/ takes nothing: {} or no body at all (read as {}). */
const noBodyIsEmpty = async (request: FastifyRequest) => {
  request.body ??= {};
};
const ConfiguredDomain = Type.Object({ id: Type.Integer(), school: Type.Integer(), domain_name: Type.String() });

type Row = typeof schoolDomains.$inferSelect;

const domainNotFound = () => notFound('Домен не найден', 'DOMAIN_NOT_FOUND');
const taken = () => fieldError('domain_name', DOMAIN_TAKEN, 'DOMAIN_TAKEN');
const iso = (date: Date | null) => date?.toISOString() ?? null;

/** Why each write refreshes the host and origin answers at once: see school-domain-host.ts. */
async function ownDomain(db: Db, schoolId: number, id: number): Promise<Row> {
  const [row] = await db.select().from(schoolDomains).where(and(eq(schoolDomains.id, id), eq(schoolDomains.schoolId, schoolId)));
  if (!row) throw domainNotFound();
  return row;
}

/** Another school already proved it owns the name. */
async function takenElsewhere(db: Db, schoolId: number, domain: string): Promise<boolean> {
  const [row] = await db
    .select({ id: schoolDomains.id })
    .from(schoolDomains)
    .where(and(eq(schoolDomains.domainName, domain), eq(schoolDomains.verified, true), ne(schoolDomains.schoolId, schoolId)));
  return Boolean(row);
}

/** The reference's rule: a custom domain comes with the Senior plan. */
async function assertSenior(db: Db, school: School): Promise<void> {
  const [plan] = school.tariffId === null ? [] : await db.select({ name: tariffs.name }).from(tariffs).where(eq(tariffs.id, school.tariffId));
  if (plan?.name !== 'Senior') throw badRequest(DOMAIN_SENIOR_ONLY, undefined, 'TARIFF_LIMIT');
}

/** The provisioning token, compared in constant time (hashes have equal lengths). */
function provisioningAllowed(expected: string | null, given: unknown): boolean {
  if (!expected || typeof given !== 'string' || !given) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(expected), digest(given));
}

/**
 * A school's own domain (spec §7 Domains; reference §4.13): the admin adds one, is shown a TXT
 * record and a file that prove it is theirs, asks for the check, and once verified the platform
 * serves the school's app, API and widgets on it (app.ts, allowed-origins.ts). The reference's
 * provisioning lists were public; here configured_domains/ needs PROVISIONING_TOKEN, and
 * unconfigured_domains/update_domains are not needed (a name is served as soon as it is verified).
 */
export async function schoolDomainRoutes(app: App): Promise<void> {
  const { ctx } = app;
  const check = createDomainCheck(ctx.config.domainCheck);
  const view = (row: Row) => ({
    id: row.id,
    school: row.schoolId,
    domain_name: row.domainName,
    verified: row.verified,
    verified_at: iso(row.verifiedAt),
    created_at: row.createdAt.toISOString(),
    last_check_at: iso(row.lastCheckAt),
    last_check_error: row.lastCheckError,
    verification: verificationRecords(row.domainName, row.verificationToken, ctx.config.domainCheck.httpPort),
  });

  app.get(
    '/:school/school_domain/',
    {
      schema: {
        tags: ['domains'],
        summary: 'Свой домен школы (не больше одного) с инструкцией подтверждения (администратор)',
        params: Type.Object({ school: SchoolName }),
        response: { 200: Page(SchoolDomain), ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      // school_id is unique: the list is this one row at most (its unique index finds it).
      const rows = await ctx.db.select().from(schoolDomains).where(eq(schoolDomains.schoolId, school.id));
      return { count: rows.length, next: null, previous: null, results: rows.map(view) };
    },
  );

  app.post(
    '/:school/school_domain/',
    {
      schema: {
        tags: ['domains'],
        summary: 'Подключить свой домен (тариф Senior; администратор); затем его нужно подтвердить',
        params: Type.Object({ school: SchoolName }),
        body: DomainBody,
        response: { 201: SchoolDomain, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request, reply) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      await assertSenior(ctx.db, school);
      const domain = normaliseDomain(request.body.domain_name, ctx.config);
      if (await takenElsewhere(ctx.db, school.id, domain)) throw taken();
      try {
        const [row] = await ctx.db
          .insert(schoolDomains)
          .values({ schoolId: school.id, domainName: domain, verificationToken: randomBytes(16).toString('hex'), createdAt: ctx.now() })
          .returning();
        return reply.code(201).send(view(row!));
      } catch (error) {
        if (isUniqueViolation(error)) throw badRequest(DOMAIN_EXISTS, undefined, 'DOMAIN_EXISTS');
        throw error;
      }
    },
  );

  app.get(
    '/:school/school_domain/:id/',
    {
      schema: {
        tags: ['domains'],
        summary: 'Свой домен школы с инструкцией подтверждения (администратор)',
        params: DomainParams,
        response: { 200: SchoolDomain, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      return view(await ownDomain(ctx.db, school.id, request.params.id));
    },
  );

  app.patch(
    '/:school/school_domain/:id/',
    {
      schema: {
        tags: ['domains'],
        summary: 'Изменить домен: новый домен нужно подтвердить заново (администратор)',
        params: DomainParams,
        body: DomainBody,
        response: { 200: SchoolDomain, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const current = await ownDomain(ctx.db, school.id, request.params.id);
      const domain = normaliseDomain(request.body.domain_name, ctx.config);
      if (domain === current.domainName) return view(current);
      if (await takenElsewhere(ctx.db, school.id, domain)) throw taken();
      const [row] = await ctx.db
        .update(schoolDomains)
        .set({ domainName: domain, verified: false, verifiedAt: null, lastCheckAt: null, lastCheckError: null })
        .where(and(eq(schoolDomains.id, current.id), eq(schoolDomains.schoolId, school.id)))
        .returning();
      if (!row) throw domainNotFound();
      forgetHost(ctx, current.domainName);
      return view(row);
    },
  );

  app.delete(
    '/:school/school_domain/:id/',
    {
      schema: {
        tags: ['domains'],
        summary: 'Отключить свой домен (администратор)',
        params: DomainParams,
        response: { 204: Type.Null(), ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request, reply) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const [row] = await ctx.db
        .delete(schoolDomains)
        .where(and(eq(schoolDomains.id, request.params.id), eq(schoolDomains.schoolId, school.id)))
        .returning({ domainName: schoolDomains.domainName });
      if (!row) throw domainNotFound();
      forgetHost(ctx, row.domainName);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/:school/school_domain/:id/verify/',
    {
      config: limits(app, 20),
      preValidation: noBodyIsEmpty,
      schema: {
        tags: ['domains'],
        summary: 'Проверить домен: TXT-запись _coursehub.<домен> или файл /.well-known/coursehub-verify.txt (администратор)',
        description: 'Отвечает доменом: verified и last_check_error говорят, что найдено. Неудачная проверка уже подтверждённый домен не отключает.',
        params: DomainParams,
        body: NoBody,
        response: { 200: SchoolDomain, ...errors(400, 401, 403, 404, 409, 429, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const current = await ownDomain(ctx.db, school.id, request.params.id);
      const result = await check(current.domainName, current.verificationToken);
      const now = ctx.now();
      const where = and(eq(schoolDomains.id, current.id), eq(schoolDomains.schoolId, school.id), eq(schoolDomains.domainName, current.domainName));
      let rows: Row[];
      try {
        rows = result.ok
          ? await ctx.db
              .update(schoolDomains)
              .set({ verified: true, verifiedAt: current.verifiedAt ?? now, lastCheckAt: now, lastCheckError: null })
              .where(where)
              .returning()
          : await ctx.db.update(schoolDomains).set({ lastCheckAt: now, lastCheckError: result.error }).where(where).returning();
      } catch (error) {
        // Another school verified the same name a moment earlier: it holds it now.
        if (isUniqueViolation(error)) throw taken();
        throw error;
      }
      // Deleted or renamed while the check ran: the answer would describe another domain.
      if (!rows[0]) throw new AppError(409, 'DOMAIN_CHANGED', 'Домен изменился во время проверки. Обновите страницу и проверьте ещё раз.');
      if (result.ok) forgetHost(ctx, current.domainName);
      return view(rows[0]);
    },
  );

  app.get(
    '/configured_domains/',
    {
      config: limits(app, 60),
      schema: {
        tags: ['domains'],
        summary: 'Подтверждённые домены школ, для скрипта выпуска сертификатов и настройки прокси (заголовок X-Provisioning-Token)',
        headers: Type.Object({ 'x-provisioning-token': Type.Optional(Type.String({ maxLength: 512 })) }),
        response: { 200: Type.Array(ConfiguredDomain), ...errors(400, 403, 429) },
      },
    },
    async (request) => {
      if (!provisioningAllowed(ctx.config.provisioningToken, request.headers['x-provisioning-token'])) {
        throw forbidden('Нужен токен PROVISIONING_TOKEN в заголовке X-Provisioning-Token.', 'PROVISIONING_TOKEN_REQUIRED');
      }
      const rows = await ctx.db
        .select({ id: schoolDomains.id, school: schoolDomains.schoolId, domain_name: schoolDomains.domainName })
        .from(schoolDomains)
        .where(eq(schoolDomains.verified, true))
        .orderBy(schoolDomains.id);
      return rows;
    },
  );
}
