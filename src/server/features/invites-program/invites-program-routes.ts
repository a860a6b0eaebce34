import { and, eq, exists, inArray, sql, type SQL } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { App } from '../../context.ts';
import type { Db } from '../../shared/db/database.ts';
import { badRequest, fieldError, notFound } from '../../shared/errors.ts';
import { httpLink } from '../../shared/http/http-link.ts';
import { errors, Id, Page, SchoolName, Text } from '../../shared/http/schemas.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import { studentsGroupMembers, studentsGroups } from '../groups/index.ts';
import { invitesProgramGroups, invitesPrograms } from './tables.ts';

export const ACTIVE_NEEDS_LINK = 'Если программа активна, ссылка не может быть пустой.';
export const CANNOT_ACTIVATE = 'Нельзя активировать программу без ссылки.';
export const PROGRAM_EXISTS = 'У школы уже есть инвайт-программа.';
export const GROUPS_NOT_IN_SCHOOL = 'Не все указанные группы относятся к вашей школе';

const programNotFound = () => notFound('Инвайт-программа не найдена.', 'INVITES_PROGRAM_NOT_FOUND');

const ProgramSchema = Type.Object({
  id: Type.Integer(),
  is_active: Type.Boolean(),
  link: Type.String({ description: 'Адрес http(s) или пустая строка' }),
  groups: Type.Array(Type.Integer(), { description: 'Группы, ученики которых видят программу' }),
  created_at: Type.String(),
  updated_at: Type.String(),
});
type ProgramView = Static<typeof ProgramSchema>;

const ProgramFields = {
  is_active: Type.Boolean(),
  link: Text({ maxLength: 2000, description: 'Адрес http(s); "" — без ссылки (тогда программа не может быть активна)' }),
  groups: Type.Array(Id, { maxItems: 1000, description: 'Группы школы, ученики которых видят программу' }),
};
const Body = Type.Partial(Type.Object(ProgramFields));
// Creating says what the programme is: on or off, and its link ("" for none yet).
const CreateBody = Type.Object({ ...ProgramFields, groups: Type.Optional(ProgramFields.groups) });
const ProgramParams = Type.Object({ school: SchoolName, id: Id });

/** The school's programme (at most one) with its groups, in one query. */
async function programViews(db: Db, where: SQL): Promise<ProgramView[]> {
  const rows = await db
    .select({
      program: invitesPrograms,
      groups: sql<number[]>`array(select ${invitesProgramGroups.groupId} from ${invitesProgramGroups} where ${invitesProgramGroups.programId} = ${sql.raw('"invites_programs"."id"')} order by ${invitesProgramGroups.groupId})`,
    })
    .from(invitesPrograms)
    .where(where);
  return rows.map(({ program, groups }) => ({
    id: program.id,
    is_active: program.isActive,
    link: program.link,
    groups: (groups ?? []).map(Number),
    created_at: program.createdAt.toISOString(),
    updated_at: program.updatedAt.toISOString(),
  }));
}

async function programView(db: Db, schoolId: number, id: number): Promise<ProgramView> {
  const [view] = await programViews(db, and(eq(invitesPrograms.schoolId, schoolId), eq(invitesPrograms.id, id))!);
  if (!view) throw programNotFound();
  return view;
}

async function schoolGroupIds(db: Db, schoolId: number, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  const rows = await db
    .select({ id: studentsGroups.id })
    .from(studentsGroups)
    .where(and(eq(studentsGroups.schoolId, schoolId), inArray(studentsGroups.id, unique)));
  if (rows.length !== unique.length) throw fieldError('groups', GROUPS_NOT_IN_SCHOOL, 'GROUPS_NOT_IN_SCHOOL');
  return unique;
}

/** The columns a body sets, checked; `stored` is the programme as it is (null when creating). */
async function programChanges(db: Db, schoolId: number, body: Static<typeof Body>, stored: { isActive: boolean; link: string } | null) {
  const changes: Partial<typeof invitesPrograms.$inferInsert> = {};
  if (body.link !== undefined) changes.link = body.link.trim() ? httpLink('link', body.link) : '';
  if (body.is_active !== undefined) changes.isActive = body.is_active;
  const active = changes.isActive ?? stored?.isActive ?? false;
  const link = changes.link ?? stored?.link ?? '';
  if (active && !link) {
    // Turning it on without a link, or emptying the link of an active one (reference §4.2).
    throw body.link !== undefined || !stored ? fieldError('link', ACTIVE_NEEDS_LINK, 'LINK_REQUIRED') : fieldError('is_active', CANNOT_ACTIVATE, 'LINK_REQUIRED');
  }
  const groups = body.groups === undefined ? undefined : await schoolGroupIds(db, schoolId, body.groups);
  return { changes, groups };
}

/**
 * The school's invites programme (reference §4.2, spec invites_program): one per school (a unique
 * constraint), a link students share and the groups whose students see it. The admin lists,
 * creates, changes and deletes it; a student (or a teacher) reads the active programme of their
 * groups, a single object or null.
 */
export async function invitesProgramRoutes(app: App): Promise<void> {
  const { ctx } = app;

  app.get(
    '/:school/invites_program/',
    {
      schema: {
        tags: ['invites'],
        summary: 'Инвайт-программа школы: список из неё одной или пустой (администратор)',
        params: Type.Object({ school: SchoolName }),
        response: { 200: Page(ProgramSchema), ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const results = await programViews(ctx.db, eq(invitesPrograms.schoolId, school.id));
      return { count: results.length, next: null, previous: null, results };
    },
  );

  app.post(
    '/:school/invites_program/',
    {
      schema: {
        tags: ['invites'],
        summary: 'Создать инвайт-программу школы: активность, ссылка, группы (администратор)',
        params: Type.Object({ school: SchoolName }),
        body: CreateBody,
        response: { 201: ProgramSchema, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request, reply) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const { changes, groups } = await programChanges(ctx.db, school.id, request.body, null);
      const now = ctx.now();
      const id = await ctx.db.transaction(async (tx) => {
        // The unique school_id decides between two creations at once.
        const [row] = await tx
          .insert(invitesPrograms)
          .values({ ...changes, schoolId: school.id, createdAt: now, updatedAt: now })
          .onConflictDoNothing({ target: invitesPrograms.schoolId })
          .returning({ id: invitesPrograms.id });
        if (!row) throw badRequest(PROGRAM_EXISTS, undefined, 'INVITES_PROGRAM_EXISTS');
        if (groups?.length) await tx.insert(invitesProgramGroups).values(groups.map((groupId) => ({ programId: row.id, groupId })));
        return row.id;
      });
      return reply.code(201).send(await programView(ctx.db, school.id, id));
    },
  );

  app.get(
    '/:school/invites_program/current/',
    {
      schema: {
        tags: ['invites'],
        summary: 'Действующая инвайт-программа своих групп или null (ученик, преподаватель)',
        params: Type.Object({ school: SchoolName }),
        response: { 200: Type.Object({ program: Type.Union([Type.Object({ id: Type.Integer(), link: Type.String() }), Type.Null()]) }), ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school, role } = await requireSchoolRole(app, request, { name: request.params.school }, ['Student', 'Teacher']);
      const userId = request.auth!.userId;
      const groups = ctx.db.select({ one: sql`1` }).from(invitesProgramGroups);
      const mine =
        role === 'Student'
          ? groups
              .innerJoin(studentsGroupMembers, eq(studentsGroupMembers.groupId, invitesProgramGroups.groupId))
              .where(and(eq(invitesProgramGroups.programId, invitesPrograms.id), eq(studentsGroupMembers.userId, userId)))
          : groups
              .innerJoin(studentsGroups, eq(studentsGroups.id, invitesProgramGroups.groupId))
              .where(and(eq(invitesProgramGroups.programId, invitesPrograms.id), eq(studentsGroups.teacherId, userId)));
      const [row] = await ctx.db
        .select({ id: invitesPrograms.id, link: invitesPrograms.link })
        .from(invitesPrograms)
        .where(and(eq(invitesPrograms.schoolId, school.id), eq(invitesPrograms.isActive, true), exists(mine)));
      return { program: row ?? null };
    },
  );

  app.get(
    '/:school/invites_program/:id/',
    {
      schema: {
        tags: ['invites'],
        summary: 'Инвайт-программа школы (администратор)',
        params: ProgramParams,
        response: { 200: ProgramSchema, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      return programView(ctx.db, school.id, request.params.id);
    },
  );

  app.patch(
    '/:school/invites_program/:id/',
    {
      schema: {
        tags: ['invites'],
        summary: 'Изменить инвайт-программу; groups заменяет список групп (администратор)',
        params: ProgramParams,
        body: Body,
        response: { 200: ProgramSchema, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const { id } = request.params;
      await ctx.db.transaction(async (tx) => {
        // Locked, so the link-and-activity rule is checked against what is stored when it is written.
        const [stored] = await tx
          .select({ isActive: invitesPrograms.isActive, link: invitesPrograms.link })
          .from(invitesPrograms)
          .where(and(eq(invitesPrograms.id, id), eq(invitesPrograms.schoolId, school.id)))
          .for('update');
        if (!stored) throw programNotFound();
        const { changes, groups } = await programChanges(tx, school.id, request.body, stored);
        await tx.update(invitesPrograms).set({ ...changes, updatedAt: ctx.now() }).where(eq(invitesPrograms.id, id));
        if (groups) {
          await tx.delete(invitesProgramGroups).where(eq(invitesProgramGroups.programId, id));
          if (groups.length) await tx.insert(invitesProgramGroups).values(groups.map((groupId) => ({ programId: id, groupId })));
        }
      });
      return programView(ctx.db, school.id, id);
    },
  );

  app.delete(
    '/:school/invites_program/:id/',
    {
      schema: {
        tags: ['invites'],
        summary: 'Удалить инвайт-программу (администратор)',
        params: ProgramParams,
        response: { 204: Type.Null(), ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request, reply) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const deleted = await ctx.db
        .delete(invitesPrograms)
        .where(and(eq(invitesPrograms.id, request.params.id), eq(invitesPrograms.schoolId, school.id)))
        .returning({ id: invitesPrograms.id });
      if (deleted.length === 0) throw programNotFound();
      return reply.code(204).send(null);
    },
  );
}
