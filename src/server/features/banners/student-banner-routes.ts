import { and, eq, exists, notExists, sql, type SQL } from 'drizzle-orm';
import { Type } from 'typebox';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../context.ts';
import type { Db } from '../../shared/db/database.ts';
import { errors, Id, SchoolName } from '../../shared/http/schemas.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import { studentsGroupMembers, studentsGroups } from '../groups/index.ts';
import { bannerNotFound } from './banner-views.ts';
import { bannerAccepts, bannerClicks, bannerGroups, banners } from './tables.ts';

const ShownBanner = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  link: Type.String({ description: 'Адрес http(s) или пустая строка' }),
});
const BannerParams = Type.Object({ school: SchoolName, id: Id });
/** Click and accept take nothing: an empty object, or no body at all (read as an empty object). */
const NoBody = Type.Object({}, { description: 'Пустое тело (или без тела)' });
const noBodyIsEmpty = async (request: FastifyRequest) => {
  request.body ??= {};
};

type Viewer = { role: 'Student' | 'Teacher'; userId: number };

/** The viewer is in (a student) or teaches (a teacher) one of the banner's groups. */
function shownTo(db: Db, viewer: Viewer): SQL {
  const groups = db.select({ one: sql`1` }).from(bannerGroups);
  return viewer.role === 'Student'
    ? exists(
        groups
          .innerJoin(studentsGroupMembers, eq(studentsGroupMembers.groupId, bannerGroups.groupId))
          .where(and(eq(bannerGroups.bannerId, banners.id), eq(studentsGroupMembers.userId, viewer.userId))),
      )
    : exists(
        groups
          .innerJoin(studentsGroups, eq(studentsGroups.id, bannerGroups.groupId))
          .where(and(eq(bannerGroups.bannerId, banners.id), eq(studentsGroups.teacherId, viewer.userId))),
      );
}

/**
 * What a student (or a teacher, for the groups they teach) sees of the school's banners
 * (reference §4.14): the active banner of their groups until they press «Понятно». Reading it
 * writes nothing (the reference counted a click on every read: §5.2, 14); a click on its link is
 * recorded by its own POST, and accepting it by another.
 */
export async function studentBannerRoutes(app: App): Promise<void> {
  const { ctx } = app;

  /** The school's active banner `id` shown to the viewer, or 404. */
  async function visibleBanner(schoolId: number, id: number, viewer: Viewer): Promise<number> {
    const [row] = await ctx.db
      .select({ id: banners.id })
      .from(banners)
      .where(and(eq(banners.id, id), eq(banners.schoolId, schoolId), eq(banners.isActive, true), shownTo(ctx.db, viewer)));
    if (!row) throw bannerNotFound();
    return row.id;
  }

  app.get(
    '/:school/banners/current/',
    {
      schema: {
        tags: ['banners'],
        summary: 'Действующий баннер своих групп, пока он не отмечен «Понятно»; null — баннера нет (ученик, преподаватель)',
        params: Type.Object({ school: SchoolName }),
        response: { 200: Type.Object({ banner: Type.Union([ShownBanner, Type.Null()]) }), ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school, role } = await requireSchoolRole(app, request, { name: request.params.school }, ['Student', 'Teacher']);
      const viewer = { role, userId: request.auth!.userId };
      // One active banner per school (a unique index), so at most one row.
      const [row] = await ctx.db
        .select({ id: banners.id, title: banners.title, description: banners.description, link: banners.link })
        .from(banners)
        .where(
          and(
            eq(banners.schoolId, school.id),
            eq(banners.isActive, true),
            shownTo(ctx.db, viewer),
            notExists(ctx.db.select({ one: sql`1` }).from(bannerAccepts).where(and(eq(bannerAccepts.bannerId, banners.id), eq(bannerAccepts.userId, viewer.userId)))),
          ),
        )
        .limit(1);
      return { banner: row ?? null };
    },
  );

  app.post(
    '/:school/banners/:id/click/',
    {
      schema: {
        tags: ['banners'],
        summary: 'Отметить переход по ссылке баннера (ученик, преподаватель)',
        params: BannerParams,
        body: NoBody,
        response: { 204: Type.Null(), ...errors(400, 401, 403, 404, 451) },
      },
      preValidation: noBodyIsEmpty,
    },
    async (request, reply) => {
      const { school, role } = await requireSchoolRole(app, request, { name: request.params.school }, ['Student', 'Teacher']);
      const userId = request.auth!.userId;
      const bannerId = await visibleBanner(school.id, request.params.id, { role, userId });
      await ctx.db.insert(bannerClicks).values({ bannerId, userId, clickedAt: ctx.now() });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/:school/banners/:id/accept/',
    {
      schema: {
        tags: ['banners'],
        summary: '«Понятно»: баннер больше не показывается этому пользователю (ученик, преподаватель)',
        params: BannerParams,
        body: NoBody,
        response: { 200: Type.Object({ status: Type.Literal('accepted') }), ...errors(400, 401, 403, 404, 451) },
      },
      preValidation: noBodyIsEmpty,
    },
    async (request) => {
      const { school, role } = await requireSchoolRole(app, request, { name: request.params.school }, ['Student', 'Teacher']);
      const userId = request.auth!.userId;
      const bannerId = await visibleBanner(school.id, request.params.id, { role, userId });
      // Accepting twice is accepting once.
      await ctx.db.insert(bannerAccepts).values({ bannerId, userId, acceptedAt: ctx.now() }).onConflictDoNothing();
      return { status: 'accepted' as const };
    },
  );
}
