import { Type } from 'typebox';
import type { App } from '../../context.ts';
import { badRequest } from '../../shared/errors.ts';
import { pageEnvelope } from '../../shared/http/pagination.ts';
import { errors, Page, SchoolName } from '../../shared/http/schemas.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import { avatarUrl } from '../../shared/uploads/avatars.ts';
import { ownStanding, rankingPage, type RankedRow, type RatingKind } from './ranking.ts';
import { requireRatingEnabled, setNameHidden } from './rating-switch.ts';

/** The rating's page size (spec §9): 30 by default and at most. */
export const RATING_PAGE_SIZE = 30;
export const HIDDEN_NAME = 'Скрытый участник';
/** A student with neither a name nor a pseudonym (the e-mail is never shown here). */
export const NAMELESS = 'Ученик без имени';
const ONE_KIND = 'Можно получить рейтинг либо по пройденным занятиям, либо по доступным курсам';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
// The original client sends Python's True.
const Flag = Type.Optional(Type.Union([Type.Literal('True'), Type.Literal('true'), Type.Literal('False'), Type.Literal('false')]));

const IndividualRating = Type.Object({
  completed_lessons: Type.Integer(),
  top_by_lessons_num: Nullable(Type.Integer({ description: 'Место по пройденным занятиям: 1 + ученики, у которых их больше; null при 0' })),
  available_courses: Type.Integer(),
  top_by_courses_num: Nullable(Type.Integer({ description: 'Место по доступным курсам; null при 0' })),
  hidden: Type.Boolean({ description: 'Ученик скрыл своё имя в рейтинге' }),
});

const RatingRow = Type.Object({
  place: Type.Integer({ description: 'Равные значения делят место (1, 2, 2, 4)' }),
  student_id: Nullable(Type.Integer({ description: 'Ученику — только его собственный' })),
  name: Type.String({ description: 'Псевдоним, если задан; «Скрытый участник», если ученик скрыл имя' }),
  avatar: Nullable(Type.String()),
  completed_lessons: Type.Optional(Type.Integer()),
  available_courses: Type.Optional(Type.Integer()),
  is_me: Type.Boolean(),
});

const params = Type.Object({ school: SchoolName });
const isSet = (flag: string | undefined) => flag === 'True' || flag === 'true';

/**
 * The student rating (contract: Rating; reference §4.9): a student's own standing, the school's
 * ranking page by page, a student hiding their name. Unlike the original, no e-mail leaves here,
 * other students' ids stay with staff, and a school can turn the rating off (rating_settings/).
 */
export async function ratingRoutes(app: App): Promise<void> {
  const { ctx } = app;

  // The original client asks without the trailing slash; both forms answer.
  for (const url of ['/:school/student_rating/individual_rating/', '/:school/student_rating/individual_rating']) {
    app.get(
      url,
      {
        schema: {
          tags: ['rating'],
          summary: 'Место ученика в рейтинге школы: по пройденным занятиям и по доступным курсам (ученик)',
          params,
          response: { 200: IndividualRating, ...errors(400, 401, 403, 404, 451) },
        },
      },
      async (request) => {
        const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Student']);
        await requireRatingEnabled(ctx.db, school.id);
        const own = await ownStanding(ctx.db, school.id, request.auth!.userId);
        return {
          completed_lessons: own.completedLessons,
          top_by_lessons_num: own.lessonsPlace,
          available_courses: own.availableCourses,
          top_by_courses_num: own.coursesPlace,
          hidden: own.hidden,
        };
      },
    );
  }

  for (const url of ['/:school/student_rating/all_rating/', '/:school/student_rating/all_rating']) {
    app.get(
      url,
      {
        schema: {
          tags: ['rating'],
          summary: 'Рейтинг учеников школы по пройденным занятиям (lessons_flag=True) или по доступным курсам (courses_flag=True)',
          description: 'Ровно один из флагов. Ученики без пройденных занятий (без курсов) в рейтинг не входят. По 30 на странице.',
          params,
          querystring: Type.Object({
            lessons_flag: Flag,
            courses_flag: Flag,
            p: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
            s: Type.Optional(Type.Integer({ minimum: 1, maximum: RATING_PAGE_SIZE, default: RATING_PAGE_SIZE })),
          }),
          response: { 200: Page(RatingRow), ...errors(400, 401, 403, 404, 451) },
        },
      },
      async (request) => {
        const { school, role } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin', 'Teacher', 'Student']);
        const { lessons_flag, courses_flag, p: page = 1, s: size = RATING_PAGE_SIZE } = request.query;
        if (isSet(lessons_flag) === isSet(courses_flag)) throw badRequest(ONE_KIND, undefined, 'RATING_KIND');
        await requireRatingEnabled(ctx.db, school.id);
        const kind: RatingKind = isSet(lessons_flag) ? 'lessons' : 'courses';
        const me = request.auth!.userId;
        const { total, rows } = await rankingPage(ctx.db, school.id, kind, (page - 1) * size, size);
        const results = rows.map((row) => ({
          place: row.place,
          student_id: role === 'Student' && row.userId !== me ? null : row.userId,
          name: shownName(row, row.userId === me),
          avatar: row.hidden && row.userId !== me ? null : avatarUrl(ctx.config, row.avatar),
          ...(kind === 'lessons' ? { completed_lessons: row.value } : { available_courses: row.value }),
          is_me: row.userId === me,
        }));
        return pageEnvelope(request, results, total, page, size);
      },
    );
  }

  app.patch(
    '/:school/student_rating/visibility/',
    {
      schema: {
        tags: ['rating'],
        summary: 'Скрыть своё имя в рейтинге школы или показать его снова (ученик)',
        params,
        body: Type.Object({ hidden: Type.Boolean() }),
        response: { 200: Type.Object({ hidden: Type.Boolean() }), ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Student']);
      await requireRatingEnabled(ctx.db, school.id);
      return { hidden: await setNameHidden(ctx.db, school.id, request.auth!.userId, request.body.hidden, ctx.now()) };
    },
  );
}

/** Others see a hidden student as «Скрытый участник»; a pseudonym stands for the name. */
function shownName(row: RankedRow, mine: boolean): string {
  if (row.hidden && !mine) return HIDDEN_NAME;
  if (row.pseudonym) return row.pseudonym;
  return [row.firstName, row.lastName].filter(Boolean).join(' ') || NAMELESS;
}
