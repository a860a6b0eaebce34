import { and, eq } from 'drizzle-orm';
import { Type } from 'typebox';
import type { App } from '../../context.ts';
import { errors, Id, SchoolName } from '../../shared/http/schemas.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import { handInNotFound, visibleTo, type Viewer } from './homework-access.ts';
import { markSeen } from './review-reads.ts';
import { userHomeworks } from './tables.ts';
import { handInItem, handInsWithNames, homeworkSchemas, threadOf } from './thread.ts';

/**
 * `teacher_homeworks/{id}/` (spec §7; the original has no such route): the hand-in as its checker
 * sees it — the same body as GET user_homeworks/{id}/ for staff (the hand-in with its thread, staff
 * names real), for its teacher or an admin; opening it records what they have read (the queue's
 * `unread`). Students use user_homeworks/{id}/.
 */
export async function teacherHomeworkRoutes(app: App): Promise<void> {
  const { ctx } = app;

  app.get(
    '/:school/teacher_homeworks/:id/',
    {
      schema: {
        tags: ['homework'],
        summary: 'Работа для проверки: то же, что user_homeworks/{id}/ для сотрудника (работа с перепиской); отмечает её прочитанной',
        params: Type.Object({ school: SchoolName, id: Id }),
        response: { 200: homeworkSchemas().UserHomeworkBody, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school, role } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin', 'Teacher']);
      const viewer: Viewer = { role, userId: request.auth!.userId };
      const [row] = await handInsWithNames(ctx.db).where(and(eq(userHomeworks.id, request.params.id), eq(userHomeworks.schoolId, school.id), visibleTo(viewer)));
      if (!row) throw handInNotFound();
      const body = { ...handInItem(row, viewer), checks: await threadOf(ctx, row.handIn, viewer) };
      await markSeen(ctx.db, row.handIn.id, viewer.userId, ctx.now());
      return body;
    },
  );
}
