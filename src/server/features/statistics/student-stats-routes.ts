import { studentsTableMessages } from '#core/messages/students-table';
import { Type } from 'typebox';
import type { App, FastifyRequest } from '../../context.ts';
import { cursorBatches } from '../../shared/db/cursor.ts';
import { pageEnvelope, pageSlice } from '../../shared/http/pagination.ts';
import { errors, Id, Page, PageQuery } from '../../shared/http/schemas.ts';
import { datedFilename, ExportFile, ExportFormatParam, sendTable } from '../../shared/http/table-export.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import {
  checkStudentRowsQuery,
  countStudentRows,
  readRows,
  selectStudentRows,
  studentCells,
  StudentRow,
  studentRow,
  StudentRowsQuery,
  studentRowsStatement,
  type StatsViewer,
  type StudentRowRecord,
} from './student-rows.ts';
import { readLayout } from './students-table-layout.ts';

const params = Type.Object({ id: Id });
const StatsPage = Type.Object({
  ...Page(StudentRow).properties,
  unique_students_count: Type.Integer({ description: 'Сколько разных учеников в подходящих строках' }),
});
const filtersDescription = 'Пустой параметр — без фильтра. Даты — сутки по UTC, включительно. Неизвестные sort_by или sort_order — 400 «Ошибка в запросе».';
/** Rows read from the export's cursor at a time. */
const EXPORT_BATCH = 1000;

/**
 * The school's students table (contract: schools/{id}/stats/) and its export (all_stats/): admins
 * see every group of the school, a teacher the groups they teach, students nothing. A page is two
 * statements whatever its size and filters (the count with the number of students, then the
 * page); the export is one statement read through a cursor in batches and streamed as the
 * client downloads it, with the caller's shown columns in their order.
 */
export async function studentStatsRoutes(app: App): Promise<void> {
  const { ctx } = app;
  const staff = async (request: FastifyRequest, schoolId: number): Promise<StatsViewer> => {
    const { school, role } = await requireSchoolRole(app, request, { id: schoolId }, ['Admin', 'Teacher']);
    return { schoolId: school.id, role, userId: request.auth!.userId };
  };

  app.get(
    '/schools/:id/stats/',
    {
      preValidation: async (request) => checkStudentRowsQuery(request.query),
      schema: {
        tags: ['statistics'],
        summary: 'Таблица учеников школы: строка на ученика и группу (преподавателю — его группы)',
        description: filtersDescription,
        params,
        querystring: Type.Object({ ...PageQuery, ...StudentRowsQuery }),
        response: { 200: StatsPage, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const viewer = await staff(request, request.params.id);
      const { p: page = 1, s: size = 20, ...filters } = request.query;
      const selection = selectStudentRows(viewer, filters);
      const counts = await countStudentRows(ctx.db, selection);
      const slice = pageSlice(page, size, counts.rows);
      const records = slice
        ? await readRows<StudentRowRecord>(ctx.db, studentRowsStatement(selection, filters, viewer.schoolId, { limit: slice.limit, offset: slice.offset, reverse: slice.fromEnd }))
        : [];
      if (slice?.fromEnd) records.reverse();
      return {
        ...pageEnvelope(
          request,
          records.map((record) => studentRow(ctx.config, record)),
          counts.rows,
          page,
          size,
        ),
        unique_students_count: counts.students,
      };
    },
  );

  app.get(
    '/schools/:id/all_stats/',
    {
      preValidation: async (request) => checkStudentRowsQuery(request.query),
      schema: {
        tags: ['statistics'],
        summary: 'Выгрузка таблицы учеников в CSV или XLSX: все подходящие строки, видимые столбцы в их порядке',
        description: `${filtersDescription} Файл students-ГГГГ-ММ-ДД.csv|xlsx передаётся потоком.`,
        params,
        querystring: Type.Object({ format: ExportFormatParam, ...StudentRowsQuery }),
        response: { 200: ExportFile, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request, reply) => {
      const viewer = await staff(request, request.params.id);
      const { format, ...filters } = request.query;
      const selection = selectStudentRows(viewer, filters);
      const columns = (await readLayout(ctx.db, viewer.schoolId, viewer.userId)).filter((column) => column.checked);
      const batches = cursorBatches<StudentRowRecord>(ctx.db, studentRowsStatement(selection, filters, viewer.schoolId), EXPORT_BATCH);
      // The statement runs before the answer starts, so its failure is an error answer, not a cut file.
      const first = await batches.next();
      const ids = columns.map((column) => column.id);
      async function* rows() {
        if (first.done) return;
        try {
          for (const record of first.value) yield studentCells(ids, record);
          for await (const batch of batches) for (const record of batch) yield studentCells(ids, record);
        } finally {
          await batches.return();
        }
      }
      const cells = rows();
      // However the answer ends (even before its first row was asked for), the cursor is closed.
      reply.raw.once('close', () => void batches.return());
      return sendTable(reply, {
        format,
        filename: datedFilename('students', ctx.now()),
        columns: columns.map((column) => column.name),
        rows: cells,
        sheet: studentsTableMessages.sheet,
      });
    },
  );
}
