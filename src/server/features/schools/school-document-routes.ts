import { and, desc, eq, sql } from 'drizzle-orm';
import { Type, type TSchema } from 'typebox';
import type { App } from '../../context.ts';
import type { Db } from '../../shared/db/database.ts';
import { errors, Id, SchoolName } from '../../shared/http/schemas.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import { pictureLinks, schoolPicture, type PictureFiles } from './school-pictures.ts';
import { schoolDocuments } from './tables.ts';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([Type.Null(), schema]);

const DocumentBody = Type.Object({
  school: Type.Integer(),
  user: Type.Integer(),
  stamp_file: Nullable(Type.Integer({ description: 'Изображение школы (kind picture, без курса)' })),
  stamp: Nullable(Type.String({ description: 'Подписанная ссылка на печать' })),
  signature_file: Nullable(Type.Integer({ description: 'Изображение школы (kind picture, без курса)' })),
  signature: Nullable(Type.String({ description: 'Подписанная ссылка на подпись' })),
});

const DocumentPatch = Type.Object({ stamp_file: Type.Optional(Nullable(Id)), signature_file: Type.Optional(Nullable(Id)) });

/**
 * The stamp and signature a certificate of the school shows when its course's template has none:
 * the owner's, else the latest an admin saved. One query; null when nobody saved any.
 */
export async function certificateDocument(db: Db, schoolId: number, ownerId: number | null) {
  const [row] = await db
    .select({ stampFileId: schoolDocuments.stampFileId, signatureFileId: schoolDocuments.signatureFileId })
    .from(schoolDocuments)
    .where(and(eq(schoolDocuments.schoolId, schoolId), sql`(${schoolDocuments.stampFileId} is not null or ${schoolDocuments.signatureFileId} is not null)`))
    .orderBy(desc(sql`${schoolDocuments.userId} = ${ownerId ?? 0}`), desc(schoolDocuments.updatedAt), desc(schoolDocuments.id))
    .limit(1);
  return row ?? null;
}

/**
 * `{school}/school_document/` (reference SchoolDocuments, settings «Паспорт»): the caller's own
 * stamp and signature in the school, one pair per (user, school), pictures of the school named by
 * file id. Admins only (the owner is one). Certificates show them (certificateDocument).
 */
export async function schoolDocumentRoutes(app: App, files: PictureFiles): Promise<void> {
  const { ctx } = app;

  async function answer(schoolId: number, userId: number) {
    const [row] = await ctx.db
      .select()
      .from(schoolDocuments)
      .where(and(eq(schoolDocuments.schoolId, schoolId), eq(schoolDocuments.userId, userId)));
    const stamp = row?.stampFileId ?? null;
    const signature = row?.signatureFileId ?? null;
    const links = await pictureLinks(files, ctx, [stamp, signature]);
    return {
      school: schoolId,
      user: userId,
      stamp_file: stamp,
      stamp: stamp === null ? null : (links.get(stamp) ?? null),
      signature_file: signature,
      signature: signature === null ? null : (links.get(signature) ?? null),
    };
  }

  app.get(
    '/:school/school_document/',
    {
      schema: {
        tags: ['schools'],
        summary: 'Свои печать и подпись в школе, для сертификатов (администратор)',
        params: Type.Object({ school: SchoolName }),
        response: { 200: DocumentBody, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      return answer(school.id, request.auth!.userId);
    },
  );

  app.patch(
    '/:school/school_document/',
    {
      schema: {
        tags: ['schools'],
        summary: 'Изменить свои печать и подпись (изображения школы; null — убрать) (администратор)',
        params: Type.Object({ school: SchoolName }),
        body: DocumentPatch,
        response: { 200: DocumentBody, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const userId = request.auth!.userId;
      const changes: Partial<typeof schoolDocuments.$inferInsert> = {};
      if (request.body.stamp_file !== undefined) changes.stampFileId = await schoolPicture(files, ctx.db, school.id, 'stamp_file', request.body.stamp_file);
      if (request.body.signature_file !== undefined) changes.signatureFileId = await schoolPicture(files, ctx.db, school.id, 'signature_file', request.body.signature_file);
      if (Object.keys(changes).length > 0) {
        const now = ctx.now();
        await ctx.db
          .insert(schoolDocuments)
          .values({ ...changes, schoolId: school.id, userId, updatedAt: now })
          .onConflictDoUpdate({ target: [schoolDocuments.schoolId, schoolDocuments.userId], set: { ...changes, updatedAt: now } });
      }
      return answer(school.id, userId);
    },
  );
}
