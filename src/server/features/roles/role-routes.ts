import { and, asc, count, eq } from 'drizzle-orm';
import { Type } from 'typebox';
import type { App } from '../../context.ts';
import type { Db } from '../../shared/db/database.ts';
import { MEMBER_ROLES, schoolExtraRoles, setPseudonym, userPseudonyms } from '../schools/index.ts';
import { schoolMembers, schools } from '../../shared/db/core-tables.ts';
import { announceAccessChange } from '../../shared/db/live-events.ts';
import { badRequest, fieldError, forbidden, notFound } from '../../shared/errors.ts';
import { requireSchoolRole, type MemberRole } from '../../shared/security/school-access.ts';
import { assertStaffLimit } from '../tariffs/index.ts';
import { Detail, errors, Id, SchoolName, Text } from '../../shared/http/schemas.ts';

const RoleBody = Type.Object({ school_id: Id, user_id: Id, role_name: Text({ minLength: 1, maxLength: 15 }) });

const UserRoles = Type.Object({
  user_id: Type.Integer(),
  school_id: Type.Integer(),
  role: Type.String(),
  additional_roles: Type.Array(Type.String()),
});

const PseudonymBody = Type.Object({ user: Type.Integer(), school: Type.Integer(), pseudonym: Type.Union([Type.String(), Type.Null()]) });

const isMemberRole = (name: string): name is MemberRole => (MEMBER_ROLES as readonly string[]).includes(name);

const userNotInSchool = () => notFound('Пользователь не состоит в этой школе.', 'USER_NOT_IN_SCHOOL');
const LAST_ADMIN = 'В школе должен остаться хотя бы один администратор.';

/** The target's membership; users of other schools are "not found" here, whatever they are elsewhere. */
async function memberIn(db: Db, schoolId: number, userId: number) {
  const [member] = await db
    .select()
    .from(schoolMembers)
    .where(and(eq(schoolMembers.schoolId, schoolId), eq(schoolMembers.userId, userId)));
  if (!member) throw userNotInSchool();
  return { ...member, role: member.role as MemberRole };
}

async function extraRoles(db: Db, schoolId: number, userId: number): Promise<string[]> {
  const rows = await db
    .select({ name: schoolExtraRoles.roleName })
    .from(schoolExtraRoles)
    .where(and(eq(schoolExtraRoles.schoolId, schoolId), eq(schoolExtraRoles.userId, userId)))
    .orderBy(asc(schoolExtraRoles.roleName));
  return rows.map((row) => row.name);
}

async function adminCount(db: Db, schoolId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(schoolMembers)
    .where(and(eq(schoolMembers.schoolId, schoolId), eq(schoolMembers.role, 'Admin')));
  return row?.n ?? 0;
}

/** Role changes of one school run one at a time: the staff limit and the last-admin rule count rows. */
async function lockSchool(tx: Db, schoolId: number): Promise<void> {
  await tx.select({ id: schools.id }).from(schools).where(eq(schools.id, schoolId)).for('update');
}

function roleName(value: string): string {
  const name = value.trim();
  if (!name) throw fieldError('role_name', 'Поле не может быть пустым.');
  return name;
}

/**
 * school-new-roles (primary role changes, removal from the school, extra role labels) and user
 * pseudonyms. Unlike the original, every call checks that the caller is an Admin of the school
 * and that the target is one of its members.
 */
export async function roleRoutes(app: App): Promise<void> {
  const { ctx } = app;

  for (const url of ['/school-new-roles/assign_role', '/school-new-roles/assign_role/']) {
    app.post(
      url,
      {
        schema: {
          tags: ['roles'],
          summary: 'Выдать роль участнику школы: Admin/Teacher/Student меняет основную роль, иное имя — доп. метка (администратор)',
          body: RoleBody,
          response: { 201: Detail, ...errors(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const { school_id: schoolId, user_id: userId } = request.body;
        const name = roleName(request.body.role_name);
        const { school } = await requireSchoolRole(app, request, { id: schoolId }, ['Admin']);
        request.auditEvent = 'role_assign';
        if (isMemberRole(name)) {
          await ctx.db.transaction(async (tx) => {
            await lockSchool(tx, school.id);
            const member = await memberIn(tx, school.id, userId);
            if (school.ownerId === userId) throw forbidden('Нельзя изменить роль владельца школы.', 'OWNER_ROLE_LOCKED');
            if (member.role === name) throw badRequest('У пользователя уже есть эта роль.', { role_name: ['У пользователя уже есть эта роль.'] }, 'ROLE_EXISTS');
            if (member.role === 'Admin' && (await adminCount(tx, school.id)) <= 1) throw badRequest(LAST_ADMIN, undefined, 'LAST_ADMIN');
            // Teacher ↔ Admin keeps the staff count; only a student's promotion adds staff.
            if (member.role === 'Student') await assertStaffLimit(ctx, tx, school.id, 1);
            await tx.update(schoolMembers).set({ role: name }).where(eq(schoolMembers.id, member.id));
            // Open chat sockets take the new role (an admin's reading of every group chat ends with it).
            await announceAccessChange(tx, [userId]);
          });
        } else {
          await memberIn(ctx.db, school.id, userId);
          const inserted = await ctx.db
            .insert(schoolExtraRoles)
            .values({ schoolId: school.id, userId, roleName: name, createdAt: ctx.now() })
            .onConflictDoNothing()
            .returning({ id: schoolExtraRoles.id });
          if (inserted.length === 0) throw badRequest('У пользователя уже есть эта роль.', { role_name: ['У пользователя уже есть эта роль.'] }, 'ROLE_EXISTS');
        }
        return reply.code(201).send({ detail: 'Роль выдана успешно!' });
      },
    );
  }

  for (const url of ['/school-new-roles/remove_role', '/school-new-roles/remove_role/']) {
    app.delete(
      url,
      {
        schema: {
          tags: ['roles'],
          summary: 'Снять роль: доп. метку удаляет, основную роль — исключает участника из школы (администратор)',
          body: RoleBody,
          response: { 204: Type.Null(), ...errors(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const { school_id: schoolId, user_id: userId } = request.body;
        const name = roleName(request.body.role_name);
        const { school } = await requireSchoolRole(app, request, { id: schoolId }, ['Admin']);
        request.auditEvent = 'role_remove';
        await ctx.db.transaction(async (tx) => {
          await lockSchool(tx, school.id);
          const member = await memberIn(tx, school.id, userId);
          const roleNotFound = () => notFound('У пользователя нет такой роли.', 'ROLE_NOT_FOUND');
          if (!isMemberRole(name)) {
            const deleted = await tx
              .delete(schoolExtraRoles)
              .where(and(eq(schoolExtraRoles.schoolId, school.id), eq(schoolExtraRoles.userId, userId), eq(schoolExtraRoles.roleName, name)))
              .returning({ id: schoolExtraRoles.id });
            if (deleted.length === 0) throw roleNotFound();
            return;
          }
          if (member.role !== name) throw roleNotFound();
          if (school.ownerId === userId) throw forbidden('Нельзя исключить владельца школы.', 'OWNER_ROLE_LOCKED');
          if (member.role === 'Admin' && (await adminCount(tx, school.id)) <= 1) throw badRequest(LAST_ADMIN, undefined, 'LAST_ADMIN');
          // Leaving the school takes its labels and pseudonym along.
          await tx.delete(schoolExtraRoles).where(and(eq(schoolExtraRoles.schoolId, school.id), eq(schoolExtraRoles.userId, userId)));
          await tx.delete(userPseudonyms).where(and(eq(userPseudonyms.schoolId, school.id), eq(userPseudonyms.userId, userId)));
          await tx.delete(schoolMembers).where(eq(schoolMembers.id, member.id));
          // Their open chat sockets, on every process, close at the commit.
          await announceAccessChange(tx, [userId]);
        });
        return reply.code(204).send(null);
      },
    );
  }

  for (const url of ['/school-new-roles/get_roles_by_user', '/school-new-roles/get_roles_by_user/']) {
    app.get(
      url,
      {
        schema: {
          tags: ['roles'],
          summary: 'Основная и дополнительные роли участника школы (администратор)',
          querystring: Type.Object({ user_id: Id, school_id: Id }),
          response: { 200: UserRoles, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const { user_id: userId, school_id: schoolId } = request.query;
        const { school } = await requireSchoolRole(app, request, { id: schoolId }, ['Admin']);
        const member = await memberIn(ctx.db, school.id, userId);
        return { user_id: userId, school_id: school.id, role: member.role, additional_roles: await extraRoles(ctx.db, school.id, userId) };
      },
    );
  }

  app.get(
    '/user_pseudonym/:school/',
    {
      schema: {
        tags: ['roles'],
        summary: 'Псевдоним участника в школе (администратор)',
        params: Type.Object({ school: SchoolName }),
        querystring: Type.Object({ user_id: Id }),
        response: { 200: PseudonymBody, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const member = await memberIn(ctx.db, school.id, request.query.user_id);
      const [row] = await ctx.db
        .select({ pseudonym: userPseudonyms.pseudonym })
        .from(userPseudonyms)
        .where(and(eq(userPseudonyms.schoolId, school.id), eq(userPseudonyms.userId, member.userId)));
      return { user: member.userId, school: school.id, pseudonym: row?.pseudonym ?? null };
    },
  );

  app.put(
    '/user_pseudonym/:school/',
    {
      schema: {
        tags: ['roles'],
        summary: 'Задать псевдоним участника в школе; пустой удаляет (администратор)',
        params: Type.Object({ school: SchoolName }),
        // Null first: with type coercion a string branch first would turn null into ''.
        body: Type.Object({ user: Id, pseudonym: Type.Union([Type.Null(), Text({ maxLength: 150 })]) }),
        response: { 200: PseudonymBody, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const member = await memberIn(ctx.db, school.id, request.body.user);
      const pseudonym = await setPseudonym(ctx.db, school.id, member.userId, request.body.pseudonym);
      return { user: member.userId, school: school.id, pseudonym };
    },
  );
}
