import { $user, apiCall, ApiError, type ApiAnswer, type ApiBody } from '#core';
import { appSession } from '../../app-session.ts';
import { uploadWithProgress } from '../../ui/upload-with-progress.ts';
import { listLessonFiles, type CourseFile } from './course-api.ts';

// The calls of a course editor's «Материалы» and «Сертификаты» tabs: the course's files and its
// certificate template.

const api = () => appSession().api;

export const listCourseFiles = (school: string, courseId: number) => apiCall(api(), 'GET {school}/files/', { path: { school }, query: { course_id: courseId } });
export const deleteCourseFile = (school: string, id: number) => apiCall(api(), 'DELETE {school}/files/{id}/', { path: { school, id } });

export type UploadKind = 'picture' | 'cover' | 'audio' | 'text';

/** Where an uploaded file belongs: a course, or one lesson of it. */
export type UploadTarget = { courseId: number } | { lessonId: number };

/**
 * Sends a file to `{school}/files/` with the bearer token and reports progress (the API client
 * cannot: fetch has no upload progress); a 401 renews the token through the session (an API call)
 * once and sends it again.
 */
export async function uploadCourseFile(
  school: string,
  target: UploadTarget,
  kind: UploadKind,
  file: File,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<CourseFile> {
  const send = () => {
    const form = new FormData();
    form.append('kind', kind);
    if ('courseId' in target) form.append('course_id', String(target.courseId));
    else form.append('lesson_id', String(target.lessonId));
    form.append('file', file);
    const token = $user.get().authState.access;
    // The contract's answer of POST {school}/files/ (the multipart upload goes by XHR for its progress).
    return uploadWithProgress(`/api/${encodeURIComponent(school)}/files/`, form, { headers: token ? { Authorization: `Bearer ${token}` } : {}, onProgress, signal }) as Promise<
      ApiAnswer<'POST {school}/files/'>
    >;
  };
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    await ('courseId' in target ? listCourseFiles(school, target.courseId) : listLessonFiles(school, target.lessonId));
    return send();
  }
}

/** Audio by its type or name; anything else goes as a document (the server sniffs the content). */
export function materialKind(file: Pick<File, 'name' | 'type'>): UploadKind {
  return file.type.startsWith('audio/') || /\.(mp3|ogg|oga|wav|m4a)$/i.test(file.name) ? 'audio' : 'text';
}

export type CertificateTemplate = ApiAnswer<'GET {school}/courses/{id}/certificate/'>;
export type CertificateTemplateChanges = ApiBody<'PATCH {school}/courses/{id}/certificate/'>;

export const getCertificateTemplate = (school: string, courseId: number) => apiCall(api(), 'GET {school}/courses/{id}/certificate/', { path: { school, id: courseId } });
export const patchCertificateTemplate = (school: string, courseId: number, body: CertificateTemplateChanges) =>
  apiCall(api(), 'PATCH {school}/courses/{id}/certificate/', { path: { school, id: courseId }, body });
