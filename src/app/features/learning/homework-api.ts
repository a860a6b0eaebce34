import { $user, ApiError } from '#core';
import { appSession } from '../../app-session.ts';
import { uploadWithProgress } from '../../ui/upload-with-progress.ts';
import { homeworkFileKind, type LessonFile } from './learning-api.ts';

/** Homework files the panel accepts: the server's documents and audio (it sniffs the content). */
export const HOMEWORK_FILE_ACCEPT = '.pdf,.docx,.xlsx,.pptx,.txt,.zip,.mp3,.ogg,.oga,.wav,.m4a,audio/*';

/** The largest file of each kind the server takes (courses/files.ts KIND_RULES), checked before sending. */
export const homeworkFileMaxBytes = (file: Pick<File, 'name' | 'type'>): number => (homeworkFileKind(file) === 'audio' ? 50 : 200) * 1024 * 1024;

/**
 * Uploads one file for a hand-in or an answer not sent yet to `homework_files/` with the bearer
 * token and reports progress (the API client cannot: fetch has no upload progress); the message
 * then names it by id in file_ids. A 401 renews the token through the session once and sends it
 * again.
 */
export async function uploadHomeworkFileWithProgress(school: string, file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<LessonFile> {
  const send = () => {
    const form = new FormData();
    form.append('file', file);
    const token = $user.get().authState.access;
    return uploadWithProgress(`/api/${encodeURIComponent(school)}/homework_files/`, form, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      onProgress,
      ...(signal ? { signal } : {}),
    }) as Promise<LessonFile>;
  };
  const stale = $user.get().authState.access;
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401 || !(await appSession().refreshAccess(stale))) throw error;
    return send();
  }
}
