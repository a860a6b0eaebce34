import { $user, ApiError } from '#core';
import { uploadWithProgress } from '../../ui/upload-with-progress.ts';
import { getUserHomework, homeworkFileKind, type LessonFile } from './learning-api.ts';

/**
 * Where a homework file goes: the hand-in (its first check) or, with `check`, one answer of its
 * thread. The hand-in's id is always known: a 401 renews the token by reading it.
 */
export interface HomeworkUploadTarget {
  userHomework: number;
  check?: number;
}

/** Homework files the panel accepts: the server's documents and audio (it sniffs the content). */
export const HOMEWORK_FILE_ACCEPT = '.pdf,.docx,.xlsx,.pptx,.txt,.zip,.mp3,.ogg,.oga,.wav,.m4a,audio/*';

/** The largest file of each kind the server takes (courses/files.ts KIND_RULES), checked before sending. */
export const homeworkFileMaxBytes = (file: Pick<File, 'name' | 'type'>): number => (homeworkFileKind(file) === 'audio' ? 50 : 200) * 1024 * 1024;

/**
 * Sends one file to `text_files/` or `audio_files/` (by its kind) with the bearer token and
 * reports progress (the API client cannot: fetch has no upload progress); a 401 renews the token
 * through the session with an API call, then sends it again once.
 */
export async function uploadHomeworkFileWithProgress(
  school: string,
  target: HomeworkUploadTarget,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<LessonFile[]> {
  const path = homeworkFileKind(file) === 'audio' ? 'audio_files/' : 'text_files/';
  const send = () => {
    const form = new FormData();
    if (target.check !== undefined) form.append('user_homework_check', String(target.check));
    else form.append('user_homework', String(target.userHomework));
    form.append('files[]', file);
    const token = $user.get().authState.access;
    return uploadWithProgress(`/api/${encodeURIComponent(school)}/${path}`, form, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      onProgress,
      ...(signal ? { signal } : {}),
    }) as Promise<LessonFile[]>;
  };
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    await getUserHomework(school, target.userHomework);
    return send();
  }
}
