import { and, count, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { App } from '../../context.ts';
import type { Db } from '../../shared/db/database.ts';
import { announceAccessChange } from '../../shared/db/live-events.ts';
import { schoolMembers, schools, users } from '../../shared/db/core-tables.ts';
import { badRequest, fieldError, forbidden, notFound } from '../../shared/errors.ts';
import { Detail, Email, errors, Id, SchoolName, Text } from '../../shared/http/schemas.ts';
import { normaliseEmail } from '../../shared/contacts.ts';
import { requireSchoolRole, type MemberRole, type School } from '../../shared/security/school-access.ts';
import {
  addStudents,
  assertStudents,
  moveStudents,
  NOT_IN_GROUP,
  oneGroupPerCourse,
  parseInstant,
  removeStudents,
  studentsGroupHistory,
  studentsGroupMembers,
  studentsGroups,
} from '../groups/index.ts';
import { notAccepted, userHomeworks } from '../homework/index.ts';
import { schoolExtraRoles, setPseudonym, userPseudonyms } from '../schools/index.ts';
import { createInvitation, mailInvitation } from './invitations.ts';
import { serverRefusalsMessages as refusals } from '#core/messages/server-refusals';

/** Ids as a list, or as the original's forms sent them: "1,2,3" or a JSON list in a string. */
const IdList = Type.Union([Type.Array(Id, { maxItems: 1000 }), Text({ maxLength: 20000 })]);
const Role = Type.Enum(['Admin', 'Teacher', 'Student']);

const GrantBody = Type.Object({
  user_ids: Type.Optional(IdList),
  emails: Type.Optional(Type.Array(Email, { maxItems: 1000 })),
  role: Role,
  student_groups: Type.Optional(IdList),
  // Null first: with type coercion a string branch first would turn null into ''.
  pseudonym: Type.Optional(Type.Union([Type.Null(), Text({ maxLength: 150 })])),
});
const RevokeBody = Type.Object({ ...GrantBody.properties, date: Type.Optional(Text({ maxLength: 40 })) });
const MoveBody = Type.Object({ user_ids: IdList, role: Type.Optional(Role), new_group_id: Id });
/** `invited`: the addresses (lower-cased) that are not members of the school and got an invitation. */
const Granted = Type.Object({ detail: Type.String(), invited: Type.Array(Type.String()) });

const ONE_GROUP_PER_COURSE = 'Нельзя преподавать либо учиться в нескольких группах одного и того же курса';
const OTHER_SCHOOL_GROUPS = 'Проверьте принадлежность студенческих групп к вашей школе';
const ONE_TEACHER = 'Нельзя назначить несколько преподавателей в одни и те же группы';
const GROUP_NEEDS_TEACHER = refusals.groupNeedsTeacher;
const LAST_ADMIN = 'В школе должен остаться хотя бы один администратор.';

/** A list of ids from the body (see IdList); anything else is a 400 on the field. */
function idList(field: string, value: Static<typeof IdList> | undefined): number[] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return [...new Set(value)];
  const text = value.trim().replace(/^\[|\]$/g, '');
  if (!text) return [];
  const parts = text.split(',').map((part) => part.trim());
  if (!parts.every((part) => /^[1-9][0-9]{0,9}$/.test(part) && Number(part) <= 2147483647)) throw fieldError(field, 'Укажите номера через запятую.');
  return [...new Set(parts.map(Number))];
}

interface Target {
  userId: number;
  email: string;
  role: MemberRole;
}

/**
 * The people named by id or email who are members of the school, and the addresses that are not.
 * A person joins a school only by accepting an invitation (docs/security.md), so a non-member is
 * never added silently: with `inviting` their addresses are returned (to be invited), otherwise
 * named back in a 400 — in both cases whether or not the address has an account.
 */
async function targetsOf(db: Db, schoolId: number, body: Static<typeof GrantBody>, inviting = false): Promise<{ targets: Target[]; unknown: string[] }> {
  const ids = idList('user_ids', body.user_ids);
  const emails = [...new Set((body.emails ?? []).map(normaliseEmail))];
  if (ids.length === 0 && emails.length === 0) throw fieldError('user_ids', 'Укажите пользователей: user_ids или emails.', 'NO_USERS');
  const rows = await db
    .select({ userId: users.id, email: users.email, role: schoolMembers.role })
    .from(schoolMembers)
    .innerJoin(users, eq(users.id, schoolMembers.userId))
    .where(and(eq(schoolMembers.schoolId, schoolId), or(ids.length ? inArray(users.id, ids) : undefined, emails.length ? inArray(users.email, emails) : undefined)));
  const missingIds = ids.filter((id) => !rows.some((row) => row.userId === id));
  if (missingIds.length) throw fieldError('user_ids', `Эти пользователи не состоят в вашей школе: ${missingIds.join(', ')}.`, 'NOT_MEMBERS');
  const missingEmails = emails.filter((email) => !rows.some((row) => row.email === email));
  if (missingEmails.length && !inviting) {
    throw fieldError(
      'emails',
      `Эти адреса не состоят в вашей школе: ${missingEmails.join(', ')}. Пригласите их в школу; в группу их можно будет добавить, когда они примут приглашение.`,
      'NOT_MEMBERS',
    );
  }
  return { targets: rows.map((row) => ({ ...row, role: row.role as MemberRole })), unknown: missingEmails };
}

/** The school's groups named in `student_groups`, at most one per course. */
async function groupsOf(db: Db, schoolId: number, value: Static<typeof IdList> | undefined) {
  const ids = idList('student_groups', value);
  if (ids.length === 0) return [];
  const groups = await db
    .select()
    .from(studentsGroups)
    .where(and(eq(studentsGroups.schoolId, schoolId), inArray(studentsGroups.id, ids)));
  if (groups.length !== ids.length) throw notFound(OTHER_SCHOOL_GROUPS, 'GROUP_NOT_FOUND');
  if (new Set(groups.map((group) => group.courseId)).size !== groups.length) throw fieldError('student_groups', ONE_GROUP_PER_COURSE, 'ONE_GROUP_PER_COURSE');
  return groups;
}

/** Role changes of one school run one at a time (as school-new-roles): the last-admin rule counts rows. */
async function lockSchool(tx: Db, schoolId: number): Promise<void> {
  await tx.select({ id: schools.id }).from(schools).where(eq(schools.id, schoolId)).for('update');
}

/**
 * access-distribution/ (reference §4.7): giving members of the school their groups (a teacher
 * leads them, a student studies in them) and a pseudonym, taking groups or the school away, and
 * moving students between groups. Unlike the original, only the school's admins may call it
 * (reference §5.2, defect 3), and it adds nobody to the school: an address that is not a member,
 * given with student groups, gets an invitation as Student that puts the person into those groups
 * when they accept it (issue 12); staff are invited through the roles feature's own routes.
 */
export async function accessDistributionRoutes(app: App): Promise<void> {
  const { ctx } = app;
  const params = Type.Object({ school: SchoolName });

  app.post(
    '/:school/access-distribution/',
    {
      schema: {
        tags: ['groups'],
        summary:
          'Дать участникам школы группы (ученикам — учиться, преподавателю — вести) и псевдоним (администратор). Адреса не из школы с ролью Student и группами получают приглашение (invited): приняв его, человек попадёт в эти группы',
        params,
        body: GrantBody,
        response: { 201: Granted, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request, reply) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const body = request.body;
      const groups = await groupsOf(ctx.db, school.id, body.student_groups);
      const inviting = body.role === 'Student' && groups.length > 0;
      const { targets, unknown } = await targetsOf(ctx.db, school.id, body, inviting);
      const other = targets.find((target) => target.role !== body.role);
      if (other) throw fieldError('role', `${refusals.otherRole} (email=${other.email});${other.role}`, 'OTHER_ROLE');
      if (groups.length && body.role === 'Admin') throw fieldError('student_groups', 'Администратору группы не назначаются.', 'GROUPS_FOR_ADMIN');
      if (body.role === 'Teacher' && groups.length) {
        if (targets.length > 1) throw fieldError('user_ids', ONE_TEACHER, 'ONE_TEACHER');
        if (groups.some((group) => group.type === 'WITHOUT_TEACHER')) throw fieldError('student_groups', 'Нельзя назначить преподавателя в группу без преподавателя.', 'GROUP_WITHOUT_TEACHER');
      }
      const now = ctx.now();
      const invitations = await oneGroupPerCourse(
        () =>
          ctx.db.transaction(async (tx) => {
            for (const group of groups) {
              if (body.role === 'Student') {
                await addStudents(
                  tx,
                  group,
                  targets.map((target) => target.userId),
                  now,
                );
              } else {
                // The new teacher replaces the old one, and takes the group's open hand-ins.
                const teacherId = targets[0]!.userId;
                await tx.update(studentsGroups).set({ teacherId, updatedAt: now }).where(eq(studentsGroups.id, group.id));
                await tx
                  .update(userHomeworks)
                  .set({ teacherId })
                  .where(and(eq(userHomeworks.groupId, group.id), notAccepted()));
              }
            }
            if (body.pseudonym !== undefined) for (const target of targets) await setPseudonym(tx, school.id, target.userId, body.pseudonym);
            // One invitation per address (a pending one is renewed and keeps its groups too).
            const made = [];
            for (const email of unknown) {
              made.push(await createInvitation(ctx, tx, school, request.auth!.userId, { email, role: 'Student' }, groups.map((group) => group.id)));
            }
            return made;
          }),
        'student_groups',
        ONE_GROUP_PER_COURSE,
      );
      for (const made of invitations) mailInvitation(ctx, school, made, 'invite');
      return reply.code(201).send({ detail: 'Доступы предоставлены', invited: unknown });
    },
  );

  app.delete(
    '/:school/access-distribution/',
    {
      schema: {
        tags: ['groups'],
        summary: 'Забрать группы (с датой ухода ученика), а без групп — исключить из школы (администратор)',
        params,
        body: RevokeBody,
        response: { 200: Detail, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const body = request.body;
      const at = body.date?.trim() ? parseInstant('date', body.date) : ctx.now();
      const { targets } = await targetsOf(ctx.db, school.id, body);
      const wrong = targets.find((target) => target.role !== body.role);
      if (wrong) throw fieldError('role', `У пользователя нет такой роли в вашей школе (email=${wrong.email})`, 'ROLE_NOT_FOUND');
      const groups = body.role === 'Admin' ? [] : await groupsOf(ctx.db, school.id, body.student_groups);
      const userIds = targets.map((target) => target.userId);
      await ctx.db.transaction(async (tx) => {
        await lockSchool(tx, school.id);
        if (body.role === 'Student') {
          // Every group of the school when none is named: the student leaves the school.
          const from = groups.length
            ? groups.map((group) => group.id)
            : (await tx.select({ id: studentsGroups.id }).from(studentsGroups).where(eq(studentsGroups.schoolId, school.id))).map((row) => row.id);
          if (from.length) {
            const [early] = await tx
              .select({ n: count() })
              .from(studentsGroupHistory)
              .where(and(inArray(studentsGroupHistory.groupId, from), inArray(studentsGroupHistory.userId, userIds), isNull(studentsGroupHistory.removedAt), gt(studentsGroupHistory.addedAt, at)));
            if ((early?.n ?? 0) > 0) throw fieldError('date', 'Дата добавления ученика в группу превышает дату удаления его из группы', 'DATE_BEFORE_ADDED');
            for (const groupId of from) await removeStudents(tx, groupId, userIds, at);
          }
        } else if (body.role === 'Teacher') {
          const led = await tx
            .select()
            .from(studentsGroups)
            .where(
              and(
                eq(studentsGroups.schoolId, school.id),
                inArray(studentsGroups.teacherId, userIds),
                groups.length ? inArray(studentsGroups.id, groups.map((group) => group.id)) : undefined,
              ),
            );
          if (led.some((group) => group.type === 'WITH_TEACHER')) throw badRequest(GROUP_NEEDS_TEACHER, { student_groups: [GROUP_NEEDS_TEACHER] }, 'GROUP_NEEDS_TEACHER');
          if (led.length) await tx.update(studentsGroups).set({ teacherId: null, updatedAt: ctx.now() }).where(inArray(studentsGroups.id, led.map((group) => group.id)));
        }
        if (groups.length === 0) await leaveSchool(tx, school, targets);
      });
      return { detail: 'Доступ успешно заблокирован' };
    },
  );

  /** Takes the members out of the school, with their labels and pseudonyms (as school-new-roles does). */
  async function leaveSchool(tx: Db, school: School, targets: Target[]): Promise<void> {
    if (targets.some((target) => target.userId === school.ownerId)) throw forbidden('Владельца школы нельзя лишать его прав', 'OWNER_ROLE_LOCKED');
    const userIds = targets.map((target) => target.userId);
    if (targets.some((target) => target.role === 'Admin')) {
      const [admins] = await tx
        .select({ n: count() })
        .from(schoolMembers)
        .where(and(eq(schoolMembers.schoolId, school.id), eq(schoolMembers.role, 'Admin')));
      if ((admins?.n ?? 0) - targets.filter((target) => target.role === 'Admin').length < 1) throw badRequest(LAST_ADMIN, undefined, 'LAST_ADMIN');
    }
    await tx.delete(schoolExtraRoles).where(and(eq(schoolExtraRoles.schoolId, school.id), inArray(schoolExtraRoles.userId, userIds)));
    await tx.delete(userPseudonyms).where(and(eq(userPseudonyms.schoolId, school.id), inArray(userPseudonyms.userId, userIds)));
    await tx.delete(schoolMembers).where(and(eq(schoolMembers.schoolId, school.id), inArray(schoolMembers.userId, userIds)));
    // Their open chat sockets, on every process, close at the commit.
    await announceAccessChange(tx, userIds);
  }

  app.patch(
    '/:school/access-distribution/:from/update-group/',
    {
      schema: {
        tags: ['groups'],
        summary:
          'Перевести учеников в другую группу; прогресс остаётся, срок доступа начинается заново только на другом курсе. В пути — группа, из которой переводят (нужна при переводе на другой курс)',
        params: Type.Object({ school: SchoolName, from: Text({ minLength: 1, maxLength: 40 }) }),
        body: MoveBody,
        response: { 200: Detail, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const body = request.body;
      if (body.role !== undefined && body.role !== 'Student') throw fieldError('role', 'Переводить между группами можно только учеников.', 'STUDENTS_ONLY');
      const userIds = idList('user_ids', body.user_ids);
      if (userIds.length === 0) throw fieldError('user_ids', 'Укажите учеников.', 'NO_USERS');
      await assertStudents(ctx.db, school.id, userIds, 'user_ids');
      const [to] = await ctx.db
        .select()
        .from(studentsGroups)
        .where(and(eq(studentsGroups.id, body.new_group_id), eq(studentsGroups.schoolId, school.id)));
      if (!to) throw notFound(OTHER_SCHOOL_GROUPS, 'GROUP_NOT_FOUND');
      // Each student leaves their group of the new group's course, else the group the path names.
      const named = /^[1-9][0-9]{0,9}$/.test(request.params.from) ? Number(request.params.from) : null;
      const memberships = await ctx.db
        .select({ userId: studentsGroupMembers.userId, group: studentsGroups })
        .from(studentsGroupMembers)
        .innerJoin(studentsGroups, eq(studentsGroups.id, studentsGroupMembers.groupId))
        .where(
          and(
            inArray(studentsGroupMembers.userId, userIds),
            eq(studentsGroups.schoolId, school.id),
            or(eq(studentsGroupMembers.courseId, to.courseId), named === null || named > 2147483647 ? undefined : eq(studentsGroupMembers.groupId, named)),
          ),
        );
      const sources = new Map<number, { group: typeof to; userIds: number[] }>();
      for (const userId of userIds) {
        const own = memberships.find((m) => m.userId === userId && m.group.courseId === to.courseId) ?? memberships.find((m) => m.userId === userId);
        if (!own) throw fieldError('user_ids', NOT_IN_GROUP, 'NOT_IN_GROUP');
        const source = sources.get(own.group.id) ?? { group: own.group, userIds: [] };
        source.userIds.push(userId);
        sources.set(own.group.id, source);
      }
      const now = ctx.now();
      await oneGroupPerCourse(
        () =>
          ctx.db.transaction(async (tx) => {
            for (const source of sources.values()) await moveStudents(tx, source.group, to, source.userIds, now);
          }),
        'user_ids',
        ONE_GROUP_PER_COURSE,
      );
      return { detail: 'Группа обновлена' };
    },
  );
}
