import { and, eq } from 'drizzle-orm';
import { Type } from 'typebox';
import type { App } from '../../context.ts';
import { errors, Id, SchoolName } from '../../shared/http/schemas.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import { lessonContent, LessonContent, lessons } from '../courses/index.ts';
import { handInNotFound, visibleTo, type Viewer } from './homework-access.ts';
import { userHomeworks } from './tables.ts';

/**
 * `teacher_homeworks/{id}/task/`: the task of the homework a hand-in answers (its blocks and
 * files, as the student reads them), for whoever may check that hand-in — its teacher, the checker
 * an admin named, an admin. Keyed on the hand-in, not the lesson: a checker named from another
 * course's staff, or a homework switched off since, still shows its task on the check page, where
 * `homeworks/{id}/` would answer 404. Students read the task on their lesson page.
 */
export async function homeworkTaskRoutes(app: App): Promise<void> {
  const { ctx } = app;
  // Made here, not at load: courses' index may still be loading when this module is (the features import each other).
  const HomeworkTask = Type.Object({ id: Type.Integer(), name: Type.String(), course_id: Type.Integer(), ...LessonContent.properties });

  app.get(
    '/:school/teacher_homeworks/:id/task/',
    {
      schema: {
        tags: ['homework'],
        summary: 'Задание, на которое ответила работа: блоки и файлы домашнего задания (проверяющему и администратору)',
        params: Type.Object({ school: SchoolName, id: Id }),
        response: { 200: HomeworkTask, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school, role } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin', 'Teacher']);
      const viewer: Viewer = { role, userId: request.auth!.userId };
      const [row] = await ctx.db
        .select({ id: lessons.id, name: lessons.name, courseId: userHomeworks.courseId })
        .from(userHomeworks)
        .innerJoin(lessons, eq(lessons.id, userHomeworks.homeworkId))
        .where(and(eq(userHomeworks.id, request.params.id), eq(userHomeworks.schoolId, school.id), visibleTo(viewer)));
      if (!row) throw handInNotFound();
      return { id: row.id, name: row.name, course_id: row.courseId, ...(await lessonContent(ctx, row.id)) };
    },
  );
}
