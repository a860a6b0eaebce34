import { and, eq } from 'drizzle-orm';
import { Type, type Static, type TSchema } from 'typebox';
import type { App, AppContext } from '../../context.ts';
import type { Db } from '../../shared/db/database.ts';
import { fieldError } from '../../shared/errors.ts';
import { errors, Id, SchoolName, Text } from '../../shared/http/schemas.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import { courseFiles, fileUrl, findCourse } from '../courses/index.ts';
import { certificateTemplates } from './tables.ts';

/**
 * A course's certificate template (issue 11, the constructor's «Сертификаты» tab; spec §3, §5):
 * the director's and the teacher's names and pictures of the signature and the stamp, picked
 * from the course's own pictures (uploaded with kind picture and its course_id). The public
 * certificate (certificate-routes.ts) shows them; blank names and missing pictures fall back to
 * the owner's name and the viewer's defaults.
 */

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const NAME_MAX = 200;

export const TemplateBody = Type.Object({
  course_id: Type.Integer(),
  director_name: Type.String({ description: 'Пусто — имя владельца школы' }),
  teacher_name: Type.String(),
  signature_file: Nullable(Type.Integer({ description: 'Изображение курса (kind picture)' })),
  stamp_file: Nullable(Type.Integer({ description: 'Изображение курса (kind picture)' })),
  signature_url: Nullable(Type.String({ description: 'Подписанная ссылка на изображение подписи' })),
  stamp_url: Nullable(Type.String({ description: 'Подписанная ссылка на изображение печати' })),
});
type TemplateBody = Static<typeof TemplateBody>;

const PatchTemplate = Type.Object(
  {
    director_name: Type.Optional(Text({ maxLength: NAME_MAX })),
    teacher_name: Type.Optional(Text({ maxLength: NAME_MAX })),
    signature_file: Type.Optional(Nullable(Id)),
    stamp_file: Type.Optional(Nullable(Id)),
  },
);

const Params = Type.Object({ school: SchoolName, id: Id });

type FileRef = { id: number; name: string } | null;

/** The template of a course with its pictures (null: none saved yet). */
export async function courseTemplate(db: Db, courseId: number) {
  const [template] = await db.select().from(certificateTemplates).where(eq(certificateTemplates.courseId, courseId));
  if (!template) return null;
  const pictureOf = async (id: number | null): Promise<FileRef> => {
    if (id === null) return null;
    const [file] = await db.select({ id: courseFiles.id, name: courseFiles.name }).from(courseFiles).where(eq(courseFiles.id, id));
    return file ?? null;
  };
  return { ...template, signature: await pictureOf(template.signatureFileId), stamp: await pictureOf(template.stampFileId) };
}

export const signedPicture = (ctx: Pick<AppContext, 'config' | 'now'>, file: FileRef) => (file ? fileUrl(ctx, file) : null);

export async function certificateTemplateRoutes(app: App): Promise<void> {
  const { ctx } = app;

  async function answer(courseId: number): Promise<TemplateBody> {
    const template = await courseTemplate(ctx.db, courseId);
    return {
      course_id: courseId,
      director_name: template?.directorName ?? '',
      teacher_name: template?.teacherName ?? '',
      signature_file: template?.signature?.id ?? null,
      stamp_file: template?.stamp?.id ?? null,
      signature_url: signedPicture(ctx, template?.signature ?? null),
      stamp_url: signedPicture(ctx, template?.stamp ?? null),
    };
  }

  /** A picture of this course of this school, or a field error: another school's or course's file reveals nothing more. */
  async function pictureOfCourse(field: string, schoolId: number, courseId: number, fileId: number | null | undefined): Promise<number | null | undefined> {
    if (fileId === undefined || fileId === null) return fileId;
    const [file] = await ctx.db
      .select({ id: courseFiles.id })
      .from(courseFiles)
      .where(and(eq(courseFiles.id, fileId), eq(courseFiles.schoolId, schoolId), eq(courseFiles.courseId, courseId), eq(courseFiles.kind, 'picture')));
    if (!file) throw fieldError(field, 'Выберите изображение, загруженное для этого курса.', 'INVALID_FILE');
    return file.id;
  }

  app.get(
    '/:school/courses/:id/certificate/',
    {
      schema: {
        tags: ['certificates'],
        summary: 'Шаблон сертификата курса: директор, преподаватель, подпись и печать (администратор)',
        params: Params,
        response: { 200: TemplateBody, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const course = await findCourse(ctx.db, school.id, request.params.id, { role: 'Admin', userId: request.auth!.userId });
      return answer(course.id);
    },
  );

  app.patch(
    '/:school/courses/:id/certificate/',
    {
      schema: {
        tags: ['certificates'],
        summary: 'Изменить шаблон сертификата курса; signature_file и stamp_file — изображения курса, null убирает (администратор)',
        params: Params,
        body: PatchTemplate,
        response: { 200: TemplateBody, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const course = await findCourse(ctx.db, school.id, request.params.id, { role: 'Admin', userId: request.auth!.userId });
      const body = request.body;
      const changes = {
        ...(body.director_name !== undefined ? { directorName: body.director_name.trim() } : {}),
        ...(body.teacher_name !== undefined ? { teacherName: body.teacher_name.trim() } : {}),
        ...(body.signature_file !== undefined ? { signatureFileId: await pictureOfCourse('signature_file', school.id, course.id, body.signature_file) } : {}),
        ...(body.stamp_file !== undefined ? { stampFileId: await pictureOfCourse('stamp_file', school.id, course.id, body.stamp_file) } : {}),
        updatedAt: ctx.now(),
      };
      await ctx.db
        .insert(certificateTemplates)
        .values({ courseId: course.id, ...changes })
        .onConflictDoUpdate({ target: certificateTemplates.courseId, set: changes });
      return answer(course.id);
    },
  );
}
