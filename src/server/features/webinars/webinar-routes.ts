import { and, eq } from 'drizzle-orm';
import { Type, type TSchema } from 'typebox';
import type { App } from '../../context.ts';
import { autowebinars } from './tables.ts';
import { schools } from '../../shared/db/core-tables.ts';
import { notFound } from '../../shared/errors.ts';
import { publicFileUrl } from '../catalog/index.ts';
import { publicRead } from '../../shared/http/public-routes.ts';
import { playbackSessionId, webinarIdOfPlayback, webinarState } from './webinar-schedule.ts';
import { errors, Text } from '../../shared/http/schemas.ts';
import { courseFiles, fileUrl, showsCourseFiles } from '../courses/index.ts';
import { autowebinarAdminRoutes } from './autowebinar-admin-routes.ts';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const COUNTDOWN_MESSAGE = 'Вебинар начнётся';

const Countdown = Type.Object({
  status: Type.Literal('countdown'),
  message: Type.String(),
  countdown_to_utc_iso: Type.String(),
  webinar_title: Type.String(),
  description: Type.String(),
});

const Show = Type.Object({
  status: Type.Union([Type.Literal('live'), Type.Literal('ended')]),
  id: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  video_type: Type.Union([Type.Literal('upload'), Type.Literal('youtube')]),
  youtube_video_id: Nullable(Type.String()),
  uploaded_video_url: Nullable(Type.String()),
  school_name: Type.String(),
  has_chat: Type.Boolean(),
  chat_enabled: Type.Boolean(),
  duration_minutes: Type.Integer(),
  playback_session_id: Type.String(),
  scheduled_show_time_utc: Type.String(),
  video_start_offset_seconds: Type.Integer(),
});

const ChatLine = Type.Object({ username: Type.String(), message: Type.String(), role: Type.String(), timeshift_ms: Type.Integer() });

const webinarNotFound = () => notFound('Вебинар не найден.', 'WEBINAR_NOT_FOUND');

/** The public autowebinar page and its scripted chat, and the school's autowebinars (spec §7 Autowebinars). */
export async function webinarRoutes(app: App): Promise<void> {
  const { ctx } = app;
  // An autowebinar's video is in use though no lesson block shows it: courses neither releases nor prunes it.
  showsCourseFiles(ctx, autowebinars.videoFileId);
  await autowebinarAdminRoutes(app);

  app.get(
    '/public/webinar/:slug/',
    {
      config: publicRead(app),
      schema: {
        tags: ['public'],
        summary: 'Автовебинар по адресу: обратный отсчёт, идёт (с какого места смотреть) или завершён (без входа)',
        params: Type.Object({ slug: Text({ minLength: 1, maxLength: 100 }) }),
        response: { 200: Type.Union([Countdown, Show]), ...errors(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const [row] = await ctx.db
        .select({ webinar: autowebinars, schoolTitle: schools.title, file: { id: courseFiles.id, name: courseFiles.name } })
        .from(autowebinars)
        .innerJoin(schools, eq(schools.id, autowebinars.schoolId))
        .leftJoin(courseFiles, eq(courseFiles.id, autowebinars.videoFileId))
        .where(and(eq(autowebinars.slug, request.params.slug), eq(autowebinars.isActive, true)));
      if (!row) throw webinarNotFound();
      const { webinar } = row;
      // The offset moves every second: caches must ask again (the ETag still saves the body while counting down).
      reply.header('cache-control', 'no-cache');
      const state = webinarState(webinar, ctx.now());
      if (state.status === 'countdown') {
        return { status: 'countdown' as const, message: COUNTDOWN_MESSAGE, countdown_to_utc_iso: state.showStart.toISOString(), webinar_title: webinar.title, description: webinar.description };
      }
      return {
        status: state.status,
        id: webinar.id,
        title: webinar.title,
        description: webinar.description,
        video_type: webinar.videoType as 'upload' | 'youtube',
        youtube_video_id: webinar.youtubeVideoId,
        // An uploaded video plays by a signed link (good for hours; the page asks again on each visit).
        uploaded_video_url: row.file ? fileUrl(ctx, row.file) : publicFileUrl(ctx, webinar.videoUrl),
        school_name: row.schoolTitle,
        has_chat: webinar.hasChat,
        chat_enabled: webinar.chatEnabled,
        duration_minutes: webinar.durationMinutes,
        playback_session_id: playbackSessionId(webinar.id, state.showStart),
        scheduled_show_time_utc: state.showStart.toISOString(),
        video_start_offset_seconds: state.status === 'live' ? state.offsetSeconds : webinar.durationMinutes * 60,
      };
    },
  );

  app.get(
    '/public/webinar_chat/playback/:id/messages/',
    {
      config: publicRead(app),
      schema: {
        tags: ['public'],
        summary: 'Сценарий чата показа автовебинара: сообщения со сдвигом от начала (без входа)',
        params: Type.Object({ id: Text({ minLength: 1, maxLength: 40 }) }),
        response: { 200: Type.Object({ all_scripted_messages: Type.Array(ChatLine) }), ...errors(400, 404, 429) },
      },
    },
    async (request) => {
      const id = webinarIdOfPlayback(request.params.id);
      if (id === null) throw webinarNotFound();
      const [webinar] = await ctx.db
        .select({ hasChat: autowebinars.hasChat, script: autowebinars.chatScript })
        .from(autowebinars)
        .where(and(eq(autowebinars.id, id), eq(autowebinars.isActive, true)));
      if (!webinar) throw webinarNotFound();
      const lines = webinar.hasChat ? [...webinar.script] : [];
      return { all_scripted_messages: lines.sort((a, b) => a.timeshift_ms - b.timeshift_ms) };
    },
  );
}
