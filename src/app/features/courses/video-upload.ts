import { $user, apiErrorFrom, coursesMessages, type ApiError } from '#core';
import type { DetailedError, HttpRequest, Upload } from 'tus-js-client';
import { listLessonFiles, videoUploadsUrl, type CourseFile } from './course-api.ts';

const t = coursesMessages.uploads;

/** The largest video (the server's VIDEO_MAX_MB default). */
export const VIDEO_MAX_BYTES = 2 * 1024 ** 3;
/** Each PATCH must arrive within the server's 60 s request timeout: 8 MB at a time. */
export const VIDEO_CHUNK_BYTES = 8 * 1024 * 1024;
/** Waits before tus tries again after a dropped connection or a 5xx (then the upload fails). */
export const VIDEO_RETRY_DELAYS = [0, 1000, 3000, 5000, 10000, 20000];
const VIDEO_NAME = /\.(mp4|m4v|mov|webm|mkv)$/i;

/** Why a file cannot be uploaded as a video, before anything is sent; null when it can. */
export function videoProblem(file: File): string | null {
  if (file.type ? !file.type.startsWith('video/') : !VIDEO_NAME.test(file.name)) return t.videoType;
  if (file.size === 0) return t.videoEmpty;
  if (file.size > VIDEO_MAX_BYTES) return t.videoTooLarge;
  return null;
}

export interface VideoUploadEvents {
  onProgress: (sent: number, total: number) => void;
  onSuccess: (file: CourseFile) => void;
  /** The upload stopped (tus has retried what it could); resume() tries again from where it stopped. */
  onError: (error: ApiError) => void;
}

export interface VideoUpload {
  pause: () => void;
  /** Goes on from the server's offset (after a pause or a failure). */
  resume: () => void;
  /** Stops and asks the server to drop what it has. */
  cancel: () => void;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const isFile = (value: unknown): value is CourseFile => typeof value === 'object' && value !== null && typeof (value as CourseFile).id === 'number' && typeof (value as CourseFile).url === 'string';

function errorOf(error: Error): ApiError {
  const response = (error as DetailedError).originalResponse;
  return response ? apiErrorFrom(response.getStatus(), parse(response.getBody())) : apiErrorFrom(0, undefined);
}

/**
 * Starts a resumable upload of a lesson's video with tus (tus-js-client, loaded only now, so the
 * constructor's own bundle stays small): 8 MB PATCHes with the bearer token, retried after a
 * dropped connection or a 5xx. A 401 renews the token through the session (an API call that
 * refreshes on 401) and retries. The finishing PATCH answers the file; when that answer was lost
 * (tus resumes an upload already complete) the lesson's newest video of that name is the file.
 */
export async function startVideoUpload(school: string, lessonId: number, file: File, events: VideoUploadEvents): Promise<VideoUpload> {
  const tus = await import('tus-js-client');
  let renewing: Promise<unknown> | null = null;
  let renewals = 0;

  const finish = async (body: string) => {
    const answer = parse(body);
    if (isFile(answer)) return events.onSuccess(answer);
    try {
      const files = await listLessonFiles(school, lessonId);
      const found = files.filter((own) => own.kind === 'video' && own.name === file.name).at(-1);
      if (found) events.onSuccess(found);
      else events.onError(apiErrorFrom(0, undefined));
    } catch (error) {
      events.onError(error as ApiError);
    }
  };

  const upload: Upload = new tus.Upload(file, {
    endpoint: videoUploadsUrl(school),
    chunkSize: VIDEO_CHUNK_BYTES,
    retryDelays: VIDEO_RETRY_DELAYS,
    metadata: { lesson_id: String(lessonId), filename: file.name, filetype: file.type },
    // An upload is resumed within this page (the same Upload keeps its address); nothing is left in storage.
    storeFingerprintForResuming: false,
    onBeforeRequest: async (request: HttpRequest) => {
      if (renewing) await renewing.catch(() => undefined);
      const token = $user.get().authState.access;
      if (token) request.setHeader('Authorization', `Bearer ${token}`);
    },
    onShouldRetry: (error) => {
      const status = (error as DetailedError).originalResponse?.getStatus() ?? 0;
      if (status === 401) {
        // One renewal until a chunk goes through again: a second 401 in a row is final.
        if (renewals > 0) return false;
        renewals += 1;
        renewing = listLessonFiles(school, lessonId).finally(() => {
          renewing = null;
        });
        return true;
      }
      // A full disk (507) does not clear in the seconds tus waits: said at once.
      return status === 0 || (status >= 500 && status !== 507) || status === 409 || status === 423;
    },
    onProgress: (sent, total) => events.onProgress(sent, total),
    onChunkComplete: () => {
      renewals = 0;
    },
    onSuccess: ({ lastResponse }) => void finish(lastResponse.getBody()),
    onError: (error) => events.onError(errorOf(error)),
  });
  upload.start();
  return {
    pause: () => void upload.abort(false),
    resume: () => {
      renewals = 0;
      upload.start();
    },
    cancel: () => void upload.abort(true).catch(() => undefined),
  };
}
