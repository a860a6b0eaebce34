import { and, eq } from 'drizzle-orm';
import { Type } from 'typebox';
import type { App } from '../../context.ts';
import { fieldError, forbidden } from '../../shared/errors.ts';
import { Detail, errors, Id, SchoolName } from '../../shared/http/schemas.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import { findGroup, NOT_IN_GROUP, studentsGroupMembers } from '../groups/index.ts';
import { remainingDays } from './student-access.ts';

const TrainingDuration = Type.Object({
  /** The days of access that apply: the student's own, else the group's; 0: no end. */
  final_limit: Type.Integer(),
  /** The student's own days; 0: none set, the group's apply. */
  individual_limit: Type.Integer(),
  /** Whether the student may download the lessons' materials (their own switch or the group's). */
  download: Type.Boolean(),
  /** When the access period started: the day the student joined the group. */
  created_at: Type.String(),
  remaining_period: Type.Union([Type.Integer(), Type.Null()]),
});

const DurationBody = Type.Object({
  user: Id,
  students_group: Id,
  /** Days of access for this student; 0 gives them the group's duration again. */
  limit: Type.Integer({ minimum: 0, maximum: 36500 }),
  download: Type.Optional(Type.Boolean()),
});

/**
 * One student's access period in a group (reference TrainingDuration, §4.7). The admin sets it;
 * the group's teacher and the student themselves read it. Setting replaces the value: the
 * original added the new limit to the old one (reference §5.2, defect 16).
 */
export async function trainingDurationRoutes(app: App): Promise<void> {
  const { ctx } = app;

  app.get(
    '/:school/students_group/:id/student_training_duration/',
    {
      schema: {
        tags: ['groups'],
        summary: 'Срок доступа ученика в группе (администратор, преподаватель группы, сам ученик)',
        params: Type.Object({ school: SchoolName, id: Id }),
        querystring: Type.Object({ student_id: Type.Optional(Id) }),
        response: { 200: TrainingDuration, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school, role } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin', 'Teacher', 'Student']);
      const me = request.auth!.userId;
      let studentId = request.query.student_id;
      if (role === 'Student') {
        if (studentId !== undefined && studentId !== me) throw forbidden('Ученик может смотреть только свой срок обучения.');
        studentId = me;
      }
      if (studentId === undefined) throw fieldError('student_id', 'Не указан ID студента', 'STUDENT_REQUIRED');
      const group = await findGroup(ctx.db, school.id, request.params.id, { role, userId: me });
      const [member] = await ctx.db
        .select()
        .from(studentsGroupMembers)
        .where(and(eq(studentsGroupMembers.groupId, group.id), eq(studentsGroupMembers.userId, studentId)));
      if (!member) throw fieldError('student_id', NOT_IN_GROUP, 'NOT_IN_GROUP');
      const finalLimit = member.durationDays ?? group.trainingDuration;
      return {
        final_limit: finalLimit,
        individual_limit: member.durationDays ?? 0,
        download: member.download || group.download,
        created_at: member.accessFrom.toISOString(),
        remaining_period: remainingDays({ accessFrom: member.accessFrom, durationDays: finalLimit }, ctx.now()),
      };
    },
  );

  app.post(
    '/:school/students_training_duration/',
    {
      schema: {
        tags: ['groups'],
        summary: 'Задать ученику свой срок доступа в группе и право скачивать материалы (администратор)',
        params: Type.Object({ school: SchoolName }),
        body: DurationBody,
        response: { 201: Detail, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request, reply) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const body = request.body;
      const group = await findGroup(ctx.db, school.id, body.students_group, { role: 'Admin', userId: request.auth!.userId });
      const updated = await ctx.db
        .update(studentsGroupMembers)
        .set({ durationDays: body.limit === 0 ? null : body.limit, ...(body.download === undefined ? {} : { download: body.download }) })
        .where(and(eq(studentsGroupMembers.groupId, group.id), eq(studentsGroupMembers.userId, body.user)))
        .returning({ userId: studentsGroupMembers.userId });
      if (updated.length === 0) throw fieldError('user', 'Такой ученик не учится в этой группе.', 'NOT_IN_GROUP');
      return reply.code(201).send({ detail: 'Продолжительность обучения и иные особенности установлены' });
    },
  );
}
