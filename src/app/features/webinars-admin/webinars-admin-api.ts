// The school's autowebinars as the admin's «Вебинары» reads and writes them: `{school}/autowebinars/`
// (pages, one webinar, create, change, delete), its chat script (PUT chat_script/, the whole list)
// and its video (a multipart upload with progress to autowebinars/video/).
// Every call and shape comes from the API contract (#core apiCall).
import { $user, ApiError, apiCall, type ApiAnswer, type ApiBody } from '#core';
import { appSession } from '../../app-session.ts';
import { uploadWithProgress } from '../../ui/upload-with-progress.ts';

type ListAnswer = ApiAnswer<'GET {school}/autowebinars/'>;
/** Asked with p, the list is a page (without it, the unpaged array a webinar lesson's editor takes). */
export type WebinarPage = Exclude<ListAnswer, unknown[]>;
/** next_start: the next show's start (the one on now while live); null: the shows are over. */
export type WebinarListItem = WebinarPage['results'][number];
export type WebinarStatus = WebinarListItem['status'];
export type WebinarDetail = ApiAnswer<'GET {school}/autowebinars/{id}/'>;
export type WebinarVideo = ApiAnswer<'POST {school}/autowebinars/video/'>;
/** What the form sends, to create or to change a webinar. */
export type WebinarInput = ApiBody<'POST {school}/autowebinars/'>;
/** A line of the chat script as sent; the server answers the stored ones (WebinarDetail['chat_script']). */
export type ScriptLine = ApiBody<'PUT {school}/autowebinars/{id}/chat_script/'>[number];
export type ScriptRole = NonNullable<ScriptLine['role']>;

/** A stored or typed role as the script takes it: anything but a moderator is a participant (the server's default). */
export const scriptRole = (role: string): ScriptRole => (role === 'moderator' ? 'moderator' : 'participant');

export const WEBINARS_PAGE_SIZE = 20;

const api = () => appSession().api;

export async function listWebinars(school: string, page: number): Promise<WebinarPage> {
  const answer = await apiCall(api(), 'GET {school}/autowebinars/', { path: { school }, query: { p: page, s: WEBINARS_PAGE_SIZE } });
  return Array.isArray(answer) ? { count: answer.length, next: null, previous: null, results: answer } : answer;
}
export const getWebinar = (school: string, id: number) => apiCall(api(), 'GET {school}/autowebinars/{id}/', { path: { school, id } });
export const createWebinar = (school: string, body: WebinarInput) => apiCall(api(), 'POST {school}/autowebinars/', { path: { school }, body });
export const patchWebinar = (school: string, id: number, body: WebinarInput) => apiCall(api(), 'PATCH {school}/autowebinars/{id}/', { path: { school, id }, body });
export const deleteWebinar = (school: string, id: number) => apiCall(api(), 'DELETE {school}/autowebinars/{id}/', { path: { school, id } });
export const putChatScript = (school: string, id: number, lines: ScriptLine[]) => apiCall(api(), 'PUT {school}/autowebinars/{id}/chat_script/', { path: { school, id }, body: lines });

/**
 * Sends a video to `{school}/autowebinars/video/` with the bearer token and reports progress; a 401
 * renews the token through the session (an API call) once and sends it again.
 */
export async function uploadWebinarVideo(school: string, file: File, onProgress: (fraction: number) => void, signal: AbortSignal): Promise<WebinarVideo> {
  const send = () => {
    const form = new FormData();
    form.append('file', file);
    const token = $user.get().authState.access;
    return uploadWithProgress(`/api/${encodeURIComponent(school)}/autowebinars/video/`, form, { headers: token ? { Authorization: `Bearer ${token}` } : {}, onProgress, signal }) as Promise<WebinarVideo>;
  };
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    await listWebinars(school, 1);
    return send();
  }
}
