// The school's autowebinars as the admin's «Вебинары» reads and writes them: `{school}/autowebinars/`
// (pages, one webinar, create, change, delete), its chat script (PUT chat_script/, the whole list)
// and its video (a multipart upload with progress to autowebinars/video/).
import { $user, ApiError } from '#core';
import { appSession } from '../../app-session.ts';
import { uploadWithProgress } from '../../ui/upload-with-progress.ts';

export type WebinarStatus = 'countdown' | 'live' | 'ended';

export interface WebinarListItem {
  id: number;
  title: string;
  slug: string;
  starts_at: string;
  is_active: boolean;
  repeat_minutes: number | null;
  duration_minutes: number;
  status: WebinarStatus;
  /** The next show's start (the one on now while live); null: the shows are over. */
  next_start: string | null;
  has_video: boolean;
}

export interface ScriptLine {
  offset_seconds: number;
  username: string;
  message: string;
  role: 'moderator' | 'participant' | string;
}

export interface WebinarVideo {
  id: number;
  name: string;
  url: string;
  bytes: number;
}

export interface WebinarDetail {
  id: number;
  title: string;
  slug: string;
  description: string;
  video_type: 'upload' | 'youtube';
  youtube_video_id: string | null;
  video_url: string | null;
  video_file: WebinarVideo | null;
  starts_at: string;
  repeat_minutes: number | null;
  duration_minutes: number;
  has_chat: boolean;
  chat_enabled: boolean;
  is_active: boolean;
  status: WebinarStatus;
  next_start: string | null;
  chat_script: ScriptLine[];
  created_at: string;
}

export interface WebinarInput {
  title?: string;
  slug?: string;
  description?: string;
  video_type?: 'upload' | 'youtube';
  video_file_id?: number | null;
  youtube_video_id?: string | null;
  starts_at?: string;
  repeat_minutes?: number | null;
  duration_minutes?: number;
  has_chat?: boolean;
  chat_enabled?: boolean;
  is_active?: boolean;
}

export interface ListPage<T> {
  count: number;
  results: T[];
}

export const WEBINARS_PAGE_SIZE = 20;

const at = (school: string, path: string) => `${encodeURIComponent(school)}/${path}`;
const api = () => appSession().api;

export const listWebinars = (school: string, page: number) => api().get<ListPage<WebinarListItem>>(at(school, 'autowebinars/'), { query: { p: page, s: WEBINARS_PAGE_SIZE } });
export const getWebinar = (school: string, id: number) => api().get<WebinarDetail>(at(school, `autowebinars/${id}/`));
export const createWebinar = (school: string, body: WebinarInput) => api().post<WebinarDetail>(at(school, 'autowebinars/'), body);
export const patchWebinar = (school: string, id: number, body: WebinarInput) => api().patch<WebinarDetail>(at(school, `autowebinars/${id}/`), body);
export const deleteWebinar = (school: string, id: number) => api().delete<null>(at(school, `autowebinars/${id}/`));
export const putChatScript = (school: string, id: number, lines: readonly ScriptLine[]) =>
  api().put<ScriptLine[]>(at(school, `autowebinars/${id}/chat_script/`), lines);

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
