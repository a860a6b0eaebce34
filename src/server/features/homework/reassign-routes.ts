import { isAcceptedHomeworkStatus } from '#core/homework-status';
import { and, eq, inArray } from 'drizzle-orm';
import { Type } from 'typebox';
import type { App } from '../../context.ts';
import { schoolMembers } from '../../shared/db/core-tables.ts';
import { fieldError } from '../../shared/errors.ts';
import { errors, Id, SchoolName } from '../../shared/http/schemas.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import { notAccepted } from './accepted.ts';
import { handInsFollowGroups } from './hand-ins-follow-groups.ts';
import { findHandIn, homeworkAccepted } from './homework-access.ts';
import { ReviewRow, reviewRow, reviewRows } from './review-queue.ts';
import { userHomeworks } from './tables.ts';

export const CHECKER_NOT_IN_SCHOOL_MESSAGE = 'Преподаватель не найден в этой школе.';

/**
 * An admin names a hand-in's checker (issue 13: "an admin may reassign the checker"): a Teacher or
 * an Admin of the school. From then on the named checker reviews it and sees it in their queue; the
 * group's teacher no longer does unless named (checker_assigned). An accepted hand-in is final.
 */
export async function reassignRoutes(app: App): Promise<void> {
  const { ctx } = app;
  // Besides an admin's naming, a hand-in changes checker when its student's group or its teacher does.
  handInsFollowGroups();

  app.patch(
    '/:school/user_homeworks/:id/teacher/',
    {
      schema: {
        tags: ['homework'],
        summary: 'Назначить проверяющего работы (администратор): преподаватель или администратор школы',
        params: Type.Object({ school: SchoolName, id: Id }),
        body: Type.Object({ teacher_id: Id }),
        response: { 200: ReviewRow, ...errors(400, 401, 403, 404, 409, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const { teacher_id: teacherId } = request.body;
      const { handIn } = await findHandIn(ctx.db, school.id, request.params.id);
      if (isAcceptedHomeworkStatus(handIn.status)) throw homeworkAccepted();
      const [member] = await ctx.db
        .select({ id: schoolMembers.userId })
        .from(schoolMembers)
        .where(and(eq(schoolMembers.schoolId, school.id), eq(schoolMembers.userId, teacherId), inArray(schoolMembers.role, ['Teacher', 'Admin'])));
      if (!member) throw fieldError('teacher_id', CHECKER_NOT_IN_SCHOOL_MESSAGE);
      // Conditional, as every write to a hand-in: one accepted meanwhile stays as it is.
      const [changed] = await ctx.db
        .update(userHomeworks)
        .set({ teacherId, checkerAssigned: true, updatedAt: ctx.now() })
        .where(and(eq(userHomeworks.id, handIn.id), eq(userHomeworks.schoolId, school.id), notAccepted()))
        .returning({ id: userHomeworks.id });
      if (!changed) throw homeworkAccepted();
      const [row] = await reviewRows(ctx.db, request.auth!.userId).where(eq(userHomeworks.id, handIn.id));
      return reviewRow(ctx, row!);
    },
  );
}
