import { STUDENTS_TABLE_COLUMNS } from '#core/students-table';
import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import type { App } from '../../context.ts';
import { errors, Id, SchoolName, Text } from '../../shared/http/schemas.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import { readLayout, saveLayout } from './students-table-layout.ts';
import { schoolStudentsTableSettings } from './tables.ts';

const Column = Type.Object({
  id: Type.Enum([...STUDENTS_TABLE_COLUMNS]),
  name: Type.String(),
  order: Type.Integer({ minimum: 1 }),
  checked: Type.Boolean(),
});
const Columns = Type.Object({ columns: Type.Array(Column) });
const ColumnChange = Type.Object({
  id: Text({ maxLength: 50, description: `Один из: ${STUDENTS_TABLE_COLUMNS.join(', ')}` }),
  order: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'Новое место столбца (1 — первый)' })),
  checked: Type.Optional(Type.Boolean()),
});
const TableSettings = Type.Object({
  id: Type.Integer({ description: 'Настройки одни на школу: их id — id школы' }),
  school: Type.Integer(),
  is_students_grouped: Type.Boolean(),
});
const settingsParams = Type.Object({ school_id: Id });

/**
 * The students table's settings: each staff member's columns in each school (students_table_info/,
 * per school and user), and the school's grouping (school_students_table_settings/{school_id}/,
 * which the original let anyone read and write for any school). A GET never writes: without a row
 * it answers the default.
 */
export async function studentsTableSettingsRoutes(app: App): Promise<void> {
  const { ctx } = app;

  app.get(
    '/:school/students_table_info/',
    {
      schema: {
        tags: ['statistics'],
        summary: 'Столбцы таблицы учеников: порядок и видимость (свои в этой школе)',
        params: Type.Object({ school: SchoolName }),
        response: { 200: Columns, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin', 'Teacher']);
      return { columns: await readLayout(ctx.db, school.id, request.auth!.userId) };
    },
  );

  app.patch(
    '/:school/students_table_info/',
    {
      schema: {
        tags: ['statistics'],
        summary: 'Изменить порядок и видимость столбцов таблицы учеников',
        description: 'Любые из 11 столбцов; столбец, перенесённый на место N, встаёт N-м, остальные сдвигаются. Ответ — все столбцы.',
        params: Type.Object({ school: SchoolName }),
        body: Type.Object({ columns: Type.Array(ColumnChange, { minItems: 1, maxItems: STUDENTS_TABLE_COLUMNS.length }) }),
        response: { 200: Columns, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin', 'Teacher']);
      return { columns: await saveLayout(ctx.db, school.id, request.auth!.userId, request.body.columns, ctx.now()) };
    },
  );

  const settingsOf = async (schoolId: number) => {
    const [row] = await ctx.db
      .select({ grouped: schoolStudentsTableSettings.isStudentsGrouped })
      .from(schoolStudentsTableSettings)
      .where(eq(schoolStudentsTableSettings.schoolId, schoolId));
    return { id: schoolId, school: schoolId, is_students_grouped: row?.grouped ?? false };
  };

  app.get(
    '/school_students_table_settings/:school_id/',
    {
      schema: {
        tags: ['statistics'],
        summary: 'Настройки таблицы учеников школы',
        params: settingsParams,
        response: { 200: TableSettings, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { id: request.params.school_id }, ['Admin', 'Teacher']);
      return settingsOf(school.id);
    },
  );

  app.patch(
    '/school_students_table_settings/:school_id/',
    {
      schema: {
        tags: ['statistics'],
        summary: 'Изменить настройки таблицы учеников школы (администратор)',
        params: settingsParams,
        body: Type.Object({ is_students_grouped: Type.Boolean() }),
        response: { 200: TableSettings, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { id: request.params.school_id }, ['Admin']);
      const grouped = request.body.is_students_grouped;
      await ctx.db
        .insert(schoolStudentsTableSettings)
        .values({ schoolId: school.id, isStudentsGrouped: grouped, updatedAt: ctx.now() })
        .onConflictDoUpdate({ target: schoolStudentsTableSettings.schoolId, set: { isStudentsGrouped: grouped, updatedAt: ctx.now() } });
      return { id: school.id, school: school.id, is_students_grouped: grouped };
    },
  );
}
