import { and, eq } from 'drizzle-orm';
import { Type } from 'typebox';
import type { App } from '../../context.ts';
import { schools } from '../../shared/db/core-tables.ts';
import { badRequest, fieldError } from '../../shared/errors.ts';
import { errors, Id, SchoolName } from '../../shared/http/schemas.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import { lessonVideos } from './lesson-videos.ts';
import { markFinishedIfComplete, recordProgress } from './progress.ts';
import { lessonStates } from './student-access.ts';
import { openLessonForStudent } from './student-lesson.ts';
import { lessonProgress } from './tables.ts';

/** The fastest playback a student is granted: a video watched at twice its speed still counts. */
export const MAX_PLAYBACK_RATE = 2;

const VideoProgress = Type.Object({
  /** The school's share (whole percent) of the video to watch. */
  required_percent: Type.Integer(),
  completed: Type.Boolean(),
  /** Video blocks with a video; uploaded ones are played in the page's <video>. */
  videos: Type.Integer(),
  uploaded: Type.Integer(),
});

const Watched = Type.Object({
  watched_percent: Type.Integer({ minimum: 0, maximum: 100, description: 'Какая доля видео урока просмотрена (%)' }),
  duration_seconds: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 86_400, description: 'Длительность видео в секундах (для загруженного видео обязательна)' })),
});

const notWatched = (watched: number, required: number) =>
  badRequest(`Видео просмотрено на ${watched} %, а нужно не меньше ${required} %.`, undefined, 'VIDEO_NOT_WATCHED');

/**
 * A plain lesson with a video is completed when it is watched (issue 25), not when it is opened.
 * GET tells the lesson page the school's share and whether the lesson is done; POST completes it
 * with the share the player saw. What the server checks (the share itself is the browser's word):
 * the student's gates as on opening the lesson (school, course, group, order, access); that the
 * lesson has a video; the share against the school's; for an uploaded video, that its length is
 * given and that at least the watched part of it, at twice the speed, has passed since the student
 * first opened the lesson. Calling the route right after opening the lesson is refused.
 */
export async function videoCompletionRoutes(app: App): Promise<void> {
  const { ctx } = app;
  const Params = Type.Object({ school: SchoolName, id: Id });

  app.get(
    '/:school/lessons/:id/video_progress/',
    {
      schema: {
        tags: ['learning'],
        summary: 'Видео урока: какую долю посмотреть, чтобы урок был пройден, и пройден ли он (ученик)',
        params: Params,
        response: { 200: VideoProgress, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Student']);
      // Read-only: the lesson's own page records the visit.
      const opened = await openLessonForStudent(ctx, school.id, request.params.id, request.auth!.userId, 'lesson', { record: false });
      const videos = await lessonVideos(ctx.db, opened.lesson.id);
      return { required_percent: school.videoWatchedPercent, completed: opened.state.completed, videos: videos.count, uploaded: videos.uploaded };
    },
  );

  app.post(
    '/:school/lessons/:id/video_progress/',
    {
      schema: {
        tags: ['learning'],
        summary: 'Урок с видео просмотрен: доля просмотра не меньше заданной школой (ученик)',
        params: Params,
        body: Watched,
        response: { 200: VideoProgress, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Student']);
      const userId = request.auth!.userId;
      const now = ctx.now();
      // The gates, and the visit recorded when the page was never opened (its time starts the clock).
      const opened = await openLessonForStudent(ctx, school.id, request.params.id, userId, 'lesson');
      const lessonId = opened.lesson.id;
      const videos = await lessonVideos(ctx.db, lessonId);
      if (videos.count === 0) throw badRequest('В этом уроке нет видео: он пройден, когда открыт.', undefined, 'NO_VIDEO');
      // The share read now: a school that changed it since the page opened is heard.
      const [own] = await ctx.db.select({ required: schools.videoWatchedPercent }).from(schools).where(eq(schools.id, school.id));
      const required = own!.required;
      const answer = (completed: boolean) => ({ required_percent: required, completed, videos: videos.count, uploaded: videos.uploaded });
      if (opened.state.completed) return answer(true);
      const { watched_percent: watched, duration_seconds: duration } = request.body;
      if (watched < required) throw notWatched(watched, required);
      if (videos.uploaded > 0 && duration === undefined) throw fieldError('duration_seconds', 'Укажите длительность видео.');
      if (duration !== undefined) {
        const [progress] = await ctx.db
          .select({ viewedAt: lessonProgress.viewedAt })
          .from(lessonProgress)
          .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, lessonId)));
        const elapsed = (now.getTime() - (progress?.viewedAt ?? now).getTime()) / 1000;
        const least = (duration * watched) / 100 / MAX_PLAYBACK_RATE;
        if (elapsed < least) {
          throw badRequest(`Урок открыт ${Math.floor(elapsed)} с назад: за это время видео не досмотреть.`, undefined, 'VIDEO_NOT_WATCHED');
        }
      }
      const { enrolment } = opened;
      await recordProgress(ctx.db, enrolment, { id: lessonId, type: 'lesson', video: true }, 'completed', now);
      await markFinishedIfComplete(ctx.db, enrolment, await lessonStates(ctx.db, enrolment, now), now);
      return answer(true);
    },
  );
}
