// The chat calls of the chat contract (issue 15): the caller's chats, one chat, its messages by
// pages (before/after a message id), sending, the read marker, new custom and personal chats and a
// custom chat's new name, the unread total; attachments go first to `{school}/chats/{id}/files/` with progress.
import { $user, ApiError, apiCall, type ApiAnswer, type ApiBody } from '#core';
import { appSession } from '../../app-session.ts';
import { uploadWithProgress } from '../../ui/upload-with-progress.ts';

const api = () => appSession().api;

export type ChatsPage = ApiAnswer<'GET {school}/chats/'>;
export type Chat = ApiAnswer<'GET {school}/chats/{id}/'>;
export type ChatType = Chat['type'];
/** Ascending by id. */
export type MessagesPage = ApiAnswer<'GET {school}/chats/{id}/messages/'>;

/** The list's page size: the caller's chats, newest activity first. */
export const CHATS_PAGE_SIZE = 50;
/** Messages read at a time. */
export const MESSAGES_PAGE_SIZE = 50;
/** The contract's longest message. */
export const MESSAGE_MAX_LENGTH = 4000;
/** The server's longest chat name (POST and PATCH `{school}/chats/`). */
export const CHAT_NAME_MAX_LENGTH = 255;

export const listChats = (school: string, page = 1) => apiCall(api(), 'GET {school}/chats/', { path: { school }, query: { p: page, s: CHATS_PAGE_SIZE } });
export const getChat = (school: string, id: string) => apiCall(api(), 'GET {school}/chats/{id}/', { path: { school, id } });

export const listMessages = (school: string, id: string, around: { before?: number; after?: number } = {}) =>
  apiCall(api(), 'GET {school}/chats/{id}/messages/', { path: { school, id }, query: { ...around, limit: MESSAGES_PAGE_SIZE } });

export const sendMessage = (school: string, id: string, body: ApiBody<'POST {school}/chats/{id}/messages/'>) => apiCall(api(), 'POST {school}/chats/{id}/messages/', { path: { school, id }, body });

export const markRead = (school: string, id: string, lastReadId: number) => apiCall(api(), 'PATCH {school}/chats/{id}/', { path: { school, id }, body: { last_read_id: lastReadId } });

/** A custom chat's new name (the server lets its admin and teacher members rename it). */
export const renameChat = (school: string, id: string, name: string) => apiCall(api(), 'PATCH {school}/chats/{id}/', { path: { school, id }, body: { name } });

export const createChat = (school: string, body: ApiBody<'POST {school}/chats/'>) => apiCall(api(), 'POST {school}/chats/', { path: { school }, body });

/** A personal chat with a student (teacher or admin) or a teacher (student); the existing one if any. */
export const createPersonalChat = (school: string, body: { student_id: number } | { teacher_id: number }) =>
  apiCall(api(), 'POST {school}/chats/create_personal_chat/', { path: { school }, body });

/** A student to add to a chat: the school's students table searched (a teacher sees their own groups'). */
export interface StudentChoice {
  id: number;
  name: string;
  email: string;
}

export async function searchStudents(schoolId: number, search: string): Promise<StudentChoice[]> {
  const page = await apiCall(api(), 'GET schools/{id}/stats/', { path: { id: schoolId }, query: { p: 1, s: 20, search_value: search.trim() } });
  const seen = new Map<number, StudentChoice>();
  for (const row of page.results) {
    if (!seen.has(row.student_id)) seen.set(row.student_id, { id: row.student_id, name: [row.first_name, row.last_name].filter(Boolean).join(' ') || row.email, email: row.email });
  }
  return [...seen.values()];
}

/** An uploaded attachment, as `{school}/chats/{id}/files/` answers: its id goes in the message's file_ids. */
export type UploadedFile = ApiAnswer<'POST {school}/chats/{id}/files/'>;

/**
 * Sends an attachment for a chat's next message to `{school}/chats/{id}/files/` (any member who
 * may write there; the type is sniffed by the server) with the bearer token and progress (the API
 * client has no upload progress); a 401 renews the token through the session once and sends it again.
 */
export async function uploadAttachment(school: string, chatId: string, file: File, onProgress: (fraction: number) => void, signal: AbortSignal): Promise<UploadedFile> {
  const send = () => {
    const form = new FormData();
    form.append('file', file);
    const token = $user.get().authState.access;
    return uploadWithProgress(`/api/${encodeURIComponent(school)}/chats/${encodeURIComponent(chatId)}/files/`, form, { headers: token ? { Authorization: `Bearer ${token}` } : {}, onProgress, signal }) as Promise<UploadedFile>;
  };
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    if (!(await appSession().refreshAccess($user.get().authState.access))) throw error;
    return send();
  }
}
