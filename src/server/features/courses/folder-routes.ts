import { and, asc, eq, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import type { App } from '../../context.ts';
import { notFound } from '../../shared/errors.ts';
import { errors, Id, SchoolName, Text } from '../../shared/http/schemas.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import { courseFolders, courses } from './tables.ts';

export const FolderBody = Type.Object({ id: Type.Integer(), name: Type.String(), school: Type.Integer(), courses_count: Type.Integer() });
const FolderInput = Type.Object({ name: Text({ minLength: 1, maxLength: 256 }) });
const FolderParams = Type.Object({ school: SchoolName, id: Id });

export const folderNotFound = () => notFound('Папка не найдена.', 'FOLDER_NOT_FOUND');

const liveCourses = sql<number>`(select count(*) from ${courses} where ${courses.folderId} = ${courseFolders.id} and ${courses.removedAt} is null)::int`;

function folderBody(row: { id: number; name: string; schoolId: number; coursesCount: number }) {
  return { id: row.id, name: row.name, school: row.schoolId, courses_count: row.coursesCount };
}

/** The school's folders of courses (spec §7 Courses: folder_course). Staff and students read; admins write. */
export async function folderRoutes(app: App): Promise<void> {
  const { ctx } = app;
  const select = { id: courseFolders.id, name: courseFolders.name, schoolId: courseFolders.schoolId, coursesCount: liveCourses };

  async function findFolder(schoolId: number, id: number) {
    const [row] = await ctx.db.select(select).from(courseFolders).where(and(eq(courseFolders.id, id), eq(courseFolders.schoolId, schoolId)));
    if (!row) throw folderNotFound();
    return row;
  }

  app.get(
    '/:school/folder_course/',
    {
      schema: {
        tags: ['courses'],
        summary: 'Папки курсов школы',
        params: Type.Object({ school: SchoolName }),
        response: { 200: Type.Array(FolderBody), ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin', 'Teacher', 'Student']);
      const rows = await ctx.db.select(select).from(courseFolders).where(eq(courseFolders.schoolId, school.id)).orderBy(asc(courseFolders.name), asc(courseFolders.id));
      return rows.map(folderBody);
    },
  );

  app.post(
    '/:school/folder_course/',
    {
      schema: {
        tags: ['courses'],
        summary: 'Создать папку курсов (администратор)',
        params: Type.Object({ school: SchoolName }),
        body: FolderInput,
        response: { 201: FolderBody, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const [row] = await ctx.db.insert(courseFolders).values({ schoolId: school.id, name: request.body.name.trim() }).returning();
      return reply.code(201).send(folderBody({ ...row!, coursesCount: 0 }));
    },
  );

  app.get(
    '/:school/folder_course/:id/',
    {
      schema: { tags: ['courses'], summary: 'Папка курсов', params: FolderParams, response: { 200: FolderBody, ...errors(400, 401, 403, 404, 451) } },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin', 'Teacher', 'Student']);
      return folderBody(await findFolder(school.id, request.params.id));
    },
  );

  app.patch(
    '/:school/folder_course/:id/',
    {
      schema: { tags: ['courses'], summary: 'Переименовать папку (администратор)', params: FolderParams, body: FolderInput, response: { 200: FolderBody, ...errors(400, 401, 403, 404) } },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      await findFolder(school.id, request.params.id);
      await ctx.db.update(courseFolders).set({ name: request.body.name.trim() }).where(eq(courseFolders.id, request.params.id));
      return folderBody(await findFolder(school.id, request.params.id));
    },
  );

  app.delete(
    '/:school/folder_course/:id/',
    {
      schema: { tags: ['courses'], summary: 'Удалить папку; её курсы остаются без папки (администратор)', params: FolderParams, response: { 204: Type.Null(), ...errors(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const [row] = await ctx.db
        .delete(courseFolders)
        .where(and(eq(courseFolders.id, request.params.id), eq(courseFolders.schoolId, school.id)))
        .returning({ id: courseFolders.id });
      if (!row) throw folderNotFound();
      return reply.code(204).send(null);
    },
  );
}

/** The folder, when it is one of the school's (a course's folder field). */
export async function folderOfSchool(app: App, schoolId: number, folderId: number) {
  const [row] = await app.ctx.db
    .select({ id: courseFolders.id, name: courseFolders.name })
    .from(courseFolders)
    .where(and(eq(courseFolders.id, folderId), eq(courseFolders.schoolId, schoolId)));
  return row ?? null;
}
