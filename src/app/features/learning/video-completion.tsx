// Completing a lesson by watching its video (issue 25): the page learns the school's share
// (`GET {school}/lessons/{id}/video_progress/`), follows how much of each video block was
// watched, and when every one has reached it, sends the share (the least of them) and the
// length of its own <video>s (`POST`); the server checks it (learning/video-completion-routes.ts).
import { apiCall, lessonBlockMessages, toApiError, type ApiAnswer, type ApiBody } from '#core';
import { useCallback, useRef, useState } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { appSession } from '../../app-session.ts';
import type { VideoProgress } from '../../ui/lesson-video.tsx';
import type { LessonDetail } from './learning-api.ts';

const t = lessonBlockMessages;

export type VideoProgressState = ApiAnswer<'GET {school}/lessons/{id}/video_progress/'>;

export const getVideoProgress = (school: string, lessonId: number) => apiCall(appSession().api, 'GET {school}/lessons/{id}/video_progress/', { path: { school, id: lessonId } });
export const sendVideoProgress = (school: string, lessonId: number, body: ApiBody<'POST {school}/lessons/{id}/video_progress/'>) =>
  apiCall(appSession().api, 'POST {school}/lessons/{id}/video_progress/', { path: { school, id: lessonId }, body });

/** A refused try is sent again on a later report, at most this often (the server may be waiting for its clock). */
const RETRY_MS = 5_000;

/** A plain lesson's video blocks that show a video. */
const videoBlocks = (lesson: LessonDetail) => (lesson.type === 'lesson' ? (lesson.blocks ?? []).filter((b) => b.type === 'video' && (b.video_url || b.url)) : []);

/**
 * The video watch of a lesson not yet completed: `onVideoProgress` for the lesson's blocks (null
 * when the lesson is not to be watched), and the line that says how it stands.
 */
export function useVideoCompletion(school: string, lesson: LessonDetail, onCompleted: () => void) {
  const blocks = videoBlocks(lesson);
  const watching = !lesson.completed && blocks.length > 0;
  const rule = useResource(watching ? `video-progress/${school}/${lesson.id}` : null, () => getVideoProgress(school, lesson.id));
  const progress = useRef(new Map<number, VideoProgress>());
  const [least, setLeast] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const sending = useRef(false);
  const lastTry = useRef(0);
  const required = rule.data?.required_percent ?? null;

  const onVideoProgress = useCallback(
    (blockId: number, report: VideoProgress) => {
      const before = progress.current.get(blockId)?.percent ?? 0;
      progress.current.set(blockId, { percent: Math.max(before, report.percent), duration: report.duration ?? progress.current.get(blockId)?.duration ?? null });
      const shares = blocks.map((block) => progress.current.get(block.id)?.percent ?? 0);
      const watched = Math.min(...shares);
      setLeast(watched);
      if (required === null || done || watched < required || sending.current || Date.now() - lastTry.current < RETRY_MS) return;
      const durations = blocks.filter((block) => block.video_url).map((block) => progress.current.get(block.id)?.duration ?? null);
      // An uploaded video's length is known once it played: the server needs it.
      if (durations.some((duration) => duration === null)) return;
      const duration = durations.reduce<number>((sum, d) => sum + d!, 0);
      sending.current = true;
      lastTry.current = Date.now();
      sendVideoProgress(school, lesson.id, { watched_percent: watched, ...(durations.length > 0 ? { duration_seconds: Math.min(86_400, Math.max(0.001, duration)) } : {}) }).then(
        (answer) => {
          sending.current = false;
          if (!answer.completed) return;
          setDone(true);
          setError(null);
          onCompleted();
        },
        (failure: unknown) => {
          sending.current = false;
          setError(toApiError(failure).message);
        },
      );
    },
    // The blocks are the lesson's: the lesson's id stands for them.
    [school, lesson.id, required, done, onCompleted],
  );

  if (!watching && !done) return { onVideoProgress: undefined, status: null };
  const status = done ? (
    <p className="video-watch-status" role="status">
      {t.watchedDone}
    </p>
  ) : required === null ? null : (
    <div className="video-watch-status" role="status">
      <p className="muted">{least > 0 ? t.watchedShare(least, required) : t.watchToComplete(required)}</p>
      {error ? <p className="form-error">{error}</p> : null}
    </div>
  );
  return { onVideoProgress: required === null || done ? undefined : onVideoProgress, status };
}
