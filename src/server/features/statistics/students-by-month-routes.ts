import { Type } from 'typebox';
import type { App } from '../../context.ts';
import { errors, Id, SchoolName } from '../../shared/http/schemas.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import { MonthCount, studentsByMonth } from './students-by-month.ts';

/** New students by month, for the statistics' chart (contract: user_count_by_month/). */
export async function studentsByMonthRoutes(app: App): Promise<void> {
  const { ctx } = app;

  app.get(
    '/:school/user_count_by_month/',
    {
      schema: {
        tags: ['statistics'],
        summary: 'Новые ученики по месяцам: впервые добавленные в группу школы (преподавателю — в его группы)',
        description: 'Последние `months` месяцев (1–36, по умолчанию 12), от старого к новому, месяцы без учеников — с нулём. `course_id` — только группы этого курса.',
        params: Type.Object({ school: SchoolName }),
        querystring: Type.Object({
          months: Type.Optional(Type.Integer({ minimum: 1, maximum: 36, default: 12 })),
          course_id: Type.Optional(Id),
        }),
        response: { 200: Type.Array(MonthCount), ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school, role } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin', 'Teacher']);
      const { months = 12, course_id: courseId } = request.query;
      const scope = { schoolId: school.id, teacherId: role === 'Teacher' ? request.auth!.userId : null, ...(courseId === undefined ? {} : { courseId }) };
      return studentsByMonth(ctx.db, scope, ctx.now(), months);
    },
  );
}
