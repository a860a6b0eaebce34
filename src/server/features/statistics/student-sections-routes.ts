import { Type } from 'typebox';
import type { App } from '../../context.ts';
import { errors, Id } from '../../shared/http/schemas.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import { StudentSections, studentSections } from './student-sections.ts';

/** A student's statistics by group, module and lesson (contract: schools/{id}/section_student/). */
export async function studentSectionsRoutes(app: App): Promise<void> {
  const { ctx } = app;

  app.get(
    '/schools/:id/section_student/',
    {
      schema: {
        tags: ['statistics'],
        summary: 'Статистика ученика: его группы, модули и уроки курса с прогрессом, оценками и временем на тестах',
        description: 'Администратору — любой ученик школы, преподавателю — ученик его групп и только эти группы; иначе 404.',
        params: Type.Object({ id: Id }),
        querystring: Type.Object({ student_id: Id }),
        response: { 200: StudentSections, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school, role } = await requireSchoolRole(app, request, { id: request.params.id }, ['Admin', 'Teacher']);
      const scope = { schoolId: school.id, schoolName: school.name, teacherId: role === 'Teacher' ? request.auth!.userId : null };
      return studentSections(ctx.db, ctx.config, scope, request.query.student_id);
    },
  );
}
