import { courseSummaryMessages } from '#core/messages/course-summary';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { App } from '../../context.ts';
import { errors, SchoolName } from '../../shared/http/schemas.ts';
import { datedFilename, ExportFile, ExportFormatParam, sendTable, type Cell } from '../../shared/http/table-export.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import { courseSummary, CourseSummaryRow, type SummaryScope } from './course-summary.ts';

const params = Type.Object({ school: SchoolName });
const { columns } = courseSummaryMessages;

/** The export's columns, in the answer's order. */
const EXPORT_COLUMNS = [columns.courseName, columns.groups, columns.students, columns.activeStudents, columns.averageProgress, columns.averageMark];
const exportRow = (row: CourseSummaryRow): Cell[] => [row.course_name, row.groups, row.students, row.active_students, row.average_progress, row.average_mark];

/** The course summary of the statistics (contract: courses_stats/) and its export to CSV or XLSX. */
export async function courseSummaryRoutes(app: App): Promise<void> {
  const { ctx } = app;

  /** An admin sees every group of the school, a teacher the groups they teach. */
  const scopeOf = async (request: FastifyRequest, school: string): Promise<SummaryScope> => {
    const access = await requireSchoolRole(app, request, { name: school }, ['Admin', 'Teacher']);
    return { schoolId: access.school.id, teacherId: access.role === 'Teacher' ? request.auth!.userId : null };
  };

  app.get(
    '/:school/courses_stats/',
    {
      schema: {
        tags: ['statistics'],
        summary: 'Сводка по курсам: группы, ученики, активные ученики, средний прогресс и средний балл (преподавателю — по его группам)',
        description: 'Курсы, у которых есть группа, по названию. Активный ученик — с шагом в курсе за последние 30 дней.',
        params,
        response: { 200: Type.Array(CourseSummaryRow), ...errors(401, 403, 404, 451) },
      },
    },
    async (request) => courseSummary(ctx.db, await scopeOf(request, request.params.school), ctx.now()),
  );

  app.get(
    '/:school/courses_stats/export/',
    {
      schema: {
        tags: ['statistics'],
        summary: 'Сводка по курсам файлом CSV или XLSX (те же строки, русские заголовки)',
        params,
        querystring: Type.Object({ format: ExportFormatParam }),
        response: { 200: ExportFile, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request, reply) => {
      const rows = await courseSummary(ctx.db, await scopeOf(request, request.params.school), ctx.now());
      return sendTable(reply, {
        format: request.query.format,
        filename: datedFilename('courses', ctx.now()),
        columns: EXPORT_COLUMNS,
        rows: rows.map(exportRow),
        sheet: courseSummaryMessages.sheet,
      });
    },
  );
}
