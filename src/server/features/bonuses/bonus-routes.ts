import { and, count, eq, ilike, inArray, isNull, or } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { App } from '../../context.ts';
import type { Db } from '../../shared/db/database.ts';
import { containsPattern } from '../../shared/db/like-pattern.ts';
import { fieldError } from '../../shared/errors.ts';
import { httpLink } from '../../shared/http/http-link.ts';
import { pageEnvelope, pageSlice } from '../../shared/http/pagination.ts';
import { errors, Id, Page, PageQuery, SchoolName, Text } from '../../shared/http/schemas.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import { courseFiles } from '../courses/index.ts';
import { studentsGroups } from '../groups/index.ts';
import { bonusNotFound, BonusSchema, bonusView, bonusViews, visibleBonuses } from './bonus-views.ts';
import { schoolBonusGroups, schoolBonuses } from './tables.ts';

export const GROUPS_NOT_IN_SCHOOL = 'Не все указанные группы относятся к вашей школе';

// Null first, as everywhere: a form's '' then stays text for the handler to read as "no date".
const BonusFields = {
  logo_file: Type.Union([Type.Null(), Id], { description: 'Изображение школы (POST files/ с kind picture, без курса); null — без логотипа' }),
  text: Text({ maxLength: 2000 }),
  link: Text({ minLength: 1, maxLength: 2000, description: 'Адрес http(s)' }),
  expire_date: Type.Union([Type.Null(), Text({ maxLength: 40 })], { description: 'ISO 8601 (дата или дата и время); null или "" — без срока' }),
  active: Type.Boolean(),
  student_groups: Type.Array(Id, { maxItems: 1000, description: 'Группы школы, ученики которых видят бонус' }),
};
const CreateBody = Type.Object({ ...Type.Partial(Type.Object(BonusFields)).properties, link: BonusFields.link });
const PatchBody = Type.Partial(Type.Object(BonusFields));
type BonusInput = Static<typeof PatchBody>;

const BonusParams = Type.Object({ school: SchoolName, id: Id });

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2})?$/i;

/** An ISO 8601 date (its start, UTC) or date-time (UTC when it names no offset); '' or null: no end. */
function expireDate(value: string | null): Date | null {
  const text = value?.trim() ?? '';
  if (!text) return null;
  const invalid = () => fieldError('expire_date', 'Укажите дату окончания в формате ISO 8601, например 2026-12-01 или 2026-12-01T00:00:00Z.');
  if (!DATE.test(text) && !DATE_TIME.test(text)) throw invalid();
  // Date would roll 2026-02-30 over into March: the day must exist in its month.
  const [year, month, day] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  if (new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day) throw invalid();
  const at = new Date(DATE.test(text) ? `${text}T00:00:00Z` : /(?:Z|[+-]\d{2}:?\d{2})$/i.test(text) ? text : `${text}Z`);
  if (Number.isNaN(at.getTime()) || year < 1970 || year > 9999) throw invalid();
  return at;
}

/** A picture the school uploaded for itself (not for a course or lesson), or a field error. */
async function schoolPicture(db: Db, schoolId: number, fileId: number): Promise<number> {
  const [file] = await db
    .select({ id: courseFiles.id })
    .from(courseFiles)
    .where(and(eq(courseFiles.id, fileId), eq(courseFiles.schoolId, schoolId), eq(courseFiles.kind, 'picture'), isNull(courseFiles.courseId), isNull(courseFiles.lessonId)));
  if (!file) throw fieldError('logo_file', 'Выберите изображение, загруженное для школы.', 'FILE_NOT_FOUND');
  return file.id;
}

/** The ids without repeats, each a group of the school, or the reference's refusal. */
async function schoolGroups(db: Db, schoolId: number, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  const rows = await db
    .select({ id: studentsGroups.id })
    .from(studentsGroups)
    .where(and(eq(studentsGroups.schoolId, schoolId), inArray(studentsGroups.id, unique)));
  if (rows.length !== unique.length) throw fieldError('student_groups', GROUPS_NOT_IN_SCHOOL, 'GROUPS_NOT_IN_SCHOOL');
  return unique;
}

/** The columns a body sets, every check made before anything is written. */
async function bonusChanges(db: Db, schoolId: number, body: BonusInput) {
  const changes: Partial<typeof schoolBonuses.$inferInsert> = {};
  if (body.text !== undefined) changes.text = body.text.trim();
  if (body.link !== undefined) changes.link = httpLink('link', body.link);
  if (body.expire_date !== undefined) changes.expireDate = expireDate(body.expire_date);
  if (body.active !== undefined) changes.active = body.active;
  if (body.logo_file !== undefined) changes.logoFileId = body.logo_file === null ? null : await schoolPicture(db, schoolId, body.logo_file);
  const groups = body.student_groups === undefined ? undefined : await schoolGroups(db, schoolId, body.student_groups);
  return { changes, groups };
}

/**
 * The school's bonuses (reference §1.9, §4.14; spec studentBonus; issue 12): the admin lists,
 * creates, changes and deletes them; a teacher reads those of the groups they teach; a student
 * reads the active, unexpired ones of their groups, the same list filtered (`student-courses/bonus`).
 * The logo is a picture the school uploaded (`POST {school}/files/`, kind picture), named by id as a
 * course's cover is. Deleting a bonus, or giving it another logo, leaves the picture among the
 * school's files (DELETE files/{id} removes it, and clears the logo of the bonuses showing it).
 */
export async function bonusRoutes(app: App): Promise<void> {
  const { ctx } = app;

  app.get(
    '/:school/school_bonuses/',
    {
      schema: {
        tags: ['bonuses'],
        summary: 'Бонусы: все бонусы школы (администратор), бонусы своих групп (преподаватель), действующие бонусы своих групп (ученик)',
        params: Type.Object({ school: SchoolName }),
        querystring: Type.Object({
          ...PageQuery,
          search: Type.Optional(Text({ maxLength: 200, description: 'Часть текста или ссылки (администратор)' })),
          is_active: Type.Optional(Type.Boolean({ description: 'Только включённые (true) или выключенные (false) бонусы (администратор)' })),
        }),
        response: { 200: Page(BonusSchema), ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school, role } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin', 'Teacher', 'Student']);
      const viewer = { role, userId: request.auth!.userId };
      const page = request.query.p ?? 1;
      const size = request.query.s ?? 20;
      // By the (school, id) index, newest first: a count, then the page with logos and groups.
      // The admin's filters (reference §4.14): a text search and the switch; others see what they see.
      const text = role === 'Admin' ? request.query.search?.trim() : undefined;
      const active = role === 'Admin' ? request.query.is_active : undefined;
      const where = and(
        visibleBonuses(ctx.db, school.id, viewer, ctx.now()),
        text ? or(ilike(schoolBonuses.text, containsPattern(text)), ilike(schoolBonuses.link, containsPattern(text))) : undefined,
        active === undefined ? undefined : eq(schoolBonuses.active, active),
      )!;
      const [total] = await ctx.db.select({ n: count() }).from(schoolBonuses).where(where);
      const countAll = total?.n ?? 0;
      const slice = pageSlice(page, size, countAll);
      if (!slice) return pageEnvelope(request, [], countAll, page, size);
      return pageEnvelope(request, await bonusViews(ctx, where, viewer, slice), countAll, page, size);
    },
  );

  app.post(
    '/:school/school_bonuses/',
    {
      schema: {
        tags: ['bonuses'],
        summary: 'Создать бонус: логотип, текст, ссылка, срок, активность, группы (администратор)',
        params: Type.Object({ school: SchoolName }),
        body: CreateBody,
        response: { 201: BonusSchema, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request, reply) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const { changes, groups } = await bonusChanges(ctx.db, school.id, request.body);
      const now = ctx.now();
      const id = await ctx.db.transaction(async (tx) => {
        const [bonus] = await tx
          .insert(schoolBonuses)
          .values({ ...changes, link: changes.link!, schoolId: school.id, createdAt: now, updatedAt: now })
          .returning({ id: schoolBonuses.id });
        if (groups?.length) await tx.insert(schoolBonusGroups).values(groups.map((groupId) => ({ bonusId: bonus!.id, groupId })));
        return bonus!.id;
      });
      return reply.code(201).send(await bonusView(ctx, school.id, id, { role: 'Admin', userId: request.auth!.userId }));
    },
  );

  app.get(
    '/:school/school_bonuses/:id/',
    {
      schema: {
        tags: ['bonuses'],
        summary: 'Бонус (администратор; преподаватель его группы; ученик его группы, пока бонус действует)',
        params: BonusParams,
        response: { 200: BonusSchema, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school, role } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin', 'Teacher', 'Student']);
      return bonusView(ctx, school.id, request.params.id, { role, userId: request.auth!.userId });
    },
  );

  app.patch(
    '/:school/school_bonuses/:id/',
    {
      schema: {
        tags: ['bonuses'],
        summary: 'Изменить бонус; student_groups заменяет список групп (администратор)',
        params: BonusParams,
        body: PatchBody,
        response: { 200: BonusSchema, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const { changes, groups } = await bonusChanges(ctx.db, school.id, request.body);
      await ctx.db.transaction(async (tx) => {
        // The update locks the row, so two changes of the groups replace them one after the other.
        const updated = await tx
          .update(schoolBonuses)
          .set({ ...changes, updatedAt: ctx.now() })
          .where(and(eq(schoolBonuses.id, request.params.id), eq(schoolBonuses.schoolId, school.id)))
          .returning({ id: schoolBonuses.id });
        if (updated.length === 0) throw bonusNotFound();
        if (groups) {
          await tx.delete(schoolBonusGroups).where(eq(schoolBonusGroups.bonusId, request.params.id));
          if (groups.length) await tx.insert(schoolBonusGroups).values(groups.map((groupId) => ({ bonusId: request.params.id, groupId })));
        }
      });
      return bonusView(ctx, school.id, request.params.id, { role: 'Admin', userId: request.auth!.userId });
    },
  );

  app.delete(
    '/:school/school_bonuses/:id/',
    {
      schema: {
        tags: ['bonuses'],
        summary: 'Удалить бонус; его логотип остаётся среди файлов школы (администратор)',
        params: BonusParams,
        response: { 204: Type.Null(), ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request, reply) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const deleted = await ctx.db
        .delete(schoolBonuses)
        .where(and(eq(schoolBonuses.id, request.params.id), eq(schoolBonuses.schoolId, school.id)))
        .returning({ id: schoolBonuses.id });
      if (deleted.length === 0) throw bonusNotFound();
      return reply.code(204).send(null);
    },
  );
}
