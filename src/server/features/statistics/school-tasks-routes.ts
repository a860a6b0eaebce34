import { Type } from 'typebox';
import type { App } from '../../context.ts';
import { errors, SchoolName } from '../../shared/http/schemas.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import { SchoolTasks, schoolTasks } from './school-tasks.ts';

/** The school's onboarding checklist for its admins (contract: school_tasks/). */
export async function schoolTasksRoutes(app: App): Promise<void> {
  app.get(
    '/:school/school_tasks/',
    {
      schema: {
        tags: ['statistics'],
        summary: 'Первые шаги школы: семь задач и сколько из них выполнено (по данным школы)',
        params: Type.Object({ school: SchoolName }),
        response: { 200: SchoolTasks, ...errors(401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      return schoolTasks(app.ctx.db, school.id);
    },
  );
}
