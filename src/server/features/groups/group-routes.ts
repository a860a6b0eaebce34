import { and, count, eq, isNull, notInArray } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { App } from '../../context.ts';
import type { Db } from '../../shared/db/database.ts';
import { fieldError } from '../../shared/errors.ts';
import { pageEnvelope, pageSlice } from '../../shared/http/pagination.ts';
import { errors, Id, Page, PageQuery, SchoolName, Text } from '../../shared/http/schemas.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import { courses } from '../courses/index.ts';
import { groupTeacherChanged } from './group-events.ts';
import { findGroup, groupNotFound } from './group-access.ts';
import { GroupSettingsBody, mergeSettings, NO_SETTINGS, settingsColumns, settingsOf } from './group-settings.ts';
import { GroupSchema, groupView, groupViews } from './group-view.ts';
import { addStudents, oneGroupPerCourse, removeStudents } from './membership.ts';
import { assertStudents, assertTeacher, TEACHER_REQUIRED } from './school-people.ts';
import { studentsGroupMembers, studentsGroups } from './tables.ts';

export const COURSE_NOT_IN_SCHOOL = 'Курс не относится к вашей школе.';
const GroupType = Type.Enum(['WITH_TEACHER', 'WITHOUT_TEACHER']);

const GroupFields = {
  name: Text({ minLength: 1, maxLength: 256 }),
  // Null first: with type coercion a number branch first would turn null into 0.
  teacher_id: Type.Optional(Type.Union([Type.Null(), Id])),
  students: Type.Optional(Type.Array(Id, { maxItems: 5000 })),
  group_settings: Type.Optional(GroupSettingsBody),
  certificate: Type.Optional(Type.Boolean()),
  training_duration: Type.Optional(Type.Integer({ minimum: 0, maximum: 36500 })),
  type: Type.Optional(GroupType),
};
const CreateBody = Type.Object({ ...GroupFields, course_id: Id });
const UpdateBody = Type.Partial(Type.Object(GroupFields));
type Create = Static<typeof CreateBody>;

const groupParams = Type.Object({ school: SchoolName, id: Id });

function groupName(value: string): string {
  const name = value.trim();
  if (!name) throw fieldError('name', 'Поле не может быть пустым.');
  return name;
}

/** A live course of the school; any other id answers the reference's message. */
async function schoolCourse(db: Db, schoolId: number, courseId: number): Promise<void> {
  const [course] = await db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.id, courseId), eq(courses.schoolId, schoolId), isNull(courses.removedAt)));
  if (!course) throw fieldError('course_id', COURSE_NOT_IN_SCHOOL, 'COURSE_NOT_IN_SCHOOL');
}

/**
 * Students groups (spec §7 Groups, reference §4.7): the list, creation with or without a teacher,
 * a group's settings, its students and its deletion. Reads are the admin's and the group's
 * teacher's; writes are the admin's. Every check runs before the first write; the table's checks
 * and the one-group-per-course index are the backstop, and their refusals are 400s, never 500s.
 */
export async function groupRoutes(app: App): Promise<void> {
  const { ctx } = app;

  app.get(
    '/:school/students_group/',
    {
      schema: {
        tags: ['groups'],
        summary: 'Группы школы: все для администратора, свои для преподавателя',
        params: Type.Object({ school: SchoolName }),
        querystring: Type.Object(PageQuery),
        response: { 200: Page(GroupSchema), ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school, role } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin', 'Teacher']);
      const page = request.query.p ?? 1;
      const size = request.query.s ?? 20;
      // A teacher sees the groups they teach; both lists by an index in id order.
      const where = and(eq(studentsGroups.schoolId, school.id), role === 'Teacher' ? eq(studentsGroups.teacherId, request.auth!.userId) : undefined);
      const [total] = await ctx.db.select({ n: count() }).from(studentsGroups).where(where);
      const countAll = total?.n ?? 0;
      const slice = pageSlice(page, size, countAll);
      if (!slice) return pageEnvelope(request, [], countAll, page, size);
      return pageEnvelope(request, await groupViews(ctx.db, where, slice), countAll, page, size);
    },
  );

  /** Creates a group; `withoutTeacher`: students_group_no_teacher/, whose teacher is optional. */
  async function create(schoolName: string, request: Parameters<typeof requireSchoolRole>[1], body: Create, withoutTeacher: boolean) {
    const { school } = await requireSchoolRole(app, request, { name: schoolName }, ['Admin']);
    const name = groupName(body.name);
    const type = withoutTeacher ? 'WITHOUT_TEACHER' : (body.type ?? 'WITH_TEACHER');
    const teacherId = body.teacher_id ?? null;
    await schoolCourse(ctx.db, school.id, body.course_id);
    if (teacherId === null && type === 'WITH_TEACHER') throw fieldError('teacher_id', TEACHER_REQUIRED, 'TEACHER_REQUIRED');
    if (teacherId !== null) await assertTeacher(ctx.db, school.id, teacherId);
    const students = body.students ?? [];
    await assertStudents(ctx.db, school.id, students);
    const settings = mergeSettings(NO_SETTINGS, body.group_settings);
    const now = ctx.now();
    const id = await oneGroupPerCourse(() =>
      ctx.db.transaction(async (tx) => {
        const [group] = await tx
          .insert(studentsGroups)
          .values({
            schoolId: school.id,
            courseId: body.course_id,
            teacherId,
            name,
            type,
            certificate: body.certificate ?? false,
            trainingDuration: body.training_duration ?? 0,
            ...settingsColumns(settings),
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        await addStudents(tx, group!, students, now);
        return group!.id;
      }),
    );
    return groupView(ctx.db, id);
  }

  app.post(
    '/:school/students_group/',
    {
      schema: {
        tags: ['groups'],
        summary: 'Создать группу курса с преподавателем, учениками и настройками (администратор)',
        params: Type.Object({ school: SchoolName }),
        body: CreateBody,
        response: { 201: GroupSchema, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request, reply) => reply.code(201).send(await create(request.params.school, request, request.body, false)),
  );

  app.post(
    '/:school/students_group_no_teacher/',
    {
      schema: {
        tags: ['groups'],
        summary: 'Создать группу без преподавателя: домашние задания принимаются сразу (администратор)',
        params: Type.Object({ school: SchoolName }),
        body: CreateBody,
        response: { 201: GroupSchema, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request, reply) => reply.code(201).send(await create(request.params.school, request, request.body, true)),
  );

  app.get(
    '/:school/students_group/:id/',
    {
      schema: {
        tags: ['groups'],
        summary: 'Группа: курс, преподаватель, настройки, число учеников (администратор, преподаватель группы)',
        params: groupParams,
        response: { 200: GroupSchema, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school, role } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin', 'Teacher']);
      const group = await findGroup(ctx.db, school.id, request.params.id, { role, userId: request.auth!.userId });
      return groupView(ctx.db, group.id);
    },
  );

  app.patch(
    '/:school/students_group/:id/',
    {
      schema: {
        tags: ['groups'],
        summary: 'Изменить группу: название, преподаватель, тип, настройки, сертификат, срок, состав учеников (администратор)',
        params: groupParams,
        body: UpdateBody,
        response: { 200: GroupSchema, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const body = request.body;
      const name = body.name === undefined ? undefined : groupName(body.name);
      const current = await findGroup(ctx.db, school.id, request.params.id, { role: 'Admin', userId: request.auth!.userId });
      const type = body.type ?? current.type;
      // Switching to a group without teacher lets the teacher go unless one is named.
      const teacherId = body.teacher_id !== undefined ? body.teacher_id : body.type === 'WITHOUT_TEACHER' ? null : current.teacherId;
      if (teacherId === null && type === 'WITH_TEACHER') throw fieldError('teacher_id', TEACHER_REQUIRED, 'TEACHER_REQUIRED');
      if (teacherId !== null && teacherId !== current.teacherId) await assertTeacher(ctx.db, school.id, teacherId);
      if (body.students) await assertStudents(ctx.db, school.id, body.students);
      const now = ctx.now();
      await oneGroupPerCourse(() =>
        ctx.db.transaction(async (tx) => {
          // Settings merge with the row as it is now, under its lock: two changes never combine unchecked.
          const group = await findGroup(tx, school.id, current.id, { role: 'Admin', userId: request.auth!.userId }, { lock: true });
          const settings = mergeSettings(settingsOf(group), body.group_settings);
          await tx
            .update(studentsGroups)
            .set({
              ...(name === undefined ? {} : { name }),
              type,
              teacherId,
              ...(body.certificate === undefined ? {} : { certificate: body.certificate }),
              ...(body.training_duration === undefined ? {} : { trainingDuration: body.training_duration }),
              ...settingsColumns(settings),
              updatedAt: now,
            })
            .where(eq(studentsGroups.id, group.id));
          // The group's open hand-ins go to its new teacher (reference §4.7; homework hears it in this transaction).
          if (teacherId !== group.teacherId) await groupTeacherChanged.emit({ tx, groupId: group.id, teacherId });
          if (body.students) {
            const leaving = await tx
              .select({ userId: studentsGroupMembers.userId })
              .from(studentsGroupMembers)
              .where(and(eq(studentsGroupMembers.groupId, group.id), body.students.length ? notInArray(studentsGroupMembers.userId, body.students) : undefined));
            await removeStudents(tx, group.id, leaving.map((row) => row.userId), now);
            await addStudents(tx, { ...group, teacherId }, body.students, now);
          }
        }),
      );
      return groupView(ctx.db, current.id);
    },
  );

  app.delete(
    '/:school/students_group/:id/',
    {
      schema: {
        tags: ['groups'],
        summary: 'Удалить группу (администратор); прогресс учеников по урокам остаётся',
        params: groupParams,
        response: { 204: Type.Null(), ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request, reply) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const deleted = await ctx.db
        .delete(studentsGroups)
        .where(and(eq(studentsGroups.id, request.params.id), eq(studentsGroups.schoolId, school.id)))
        .returning({ id: studentsGroups.id });
      if (deleted.length === 0) throw groupNotFound();
      return reply.code(204).send(null);
    },
  );
}
