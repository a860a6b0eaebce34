// The AI assistant's calls (spec §7 chatgpt/…, under the school: /api/{school}/chatgpt/…). The
// answer of send_message streams as server-sent events, read with fetch and the body's reader as
// it arrives (the API client would wait for the whole body).
import { $user, ApiError, apiErrorFrom, toApiError } from '#core';
import { appSession } from '../../app-session.ts';

const api = () => appSession().api;
const at = (school: string, path: string) => `${encodeURIComponent(school)}/chatgpt/${path}`;

export type AnswerLanguage = 'RU' | 'ENG';

export interface AiMessage {
  id: number;
  role: 'user' | 'assistant';
  content: string;
  created_at: string;
}

export interface AiChat {
  id: number;
  order: number;
  chat_name: string;
}

export interface Welcome {
  show_welcome_message: boolean;
  welcome_message: string;
}

/** The sidebar's chats, top first (the server keys them by id). */
export async function latestChats(school: string): Promise<AiChat[]> {
  const chats = await api().get<Record<string, { order: number; chat_name: string }>>(at(school, 'latest_chats/'));
  return Object.entries(chats)
    .map(([id, chat]) => ({ id: Number(id), ...chat }))
    .sort((a, b) => a.order - b.order);
}

export const createChat = (school: string) => api().post<{ overai_chat_id: number; chat_name: string; order: number }>(at(school, 'create_chat/'), {});

export const deleteChat = (school: string, chatId: number) => api().post<{ message: string }>(at(school, 'delete_chat/'), { chat_id: chatId });

export const assignChatOrder = (school: string, orders: Record<number, number>) =>
  api().post<Record<string, { order: number; chat_name: string }>>(
    at(school, 'assign_chat_order/'),
    Object.fromEntries(Object.entries(orders).map(([id, order]) => [id, { order }])),
  );

export const latestMessages = (school: string, chatId: number) => api().get<{ results: AiMessage[]; has_more: boolean }>(at(school, `latest_messages/${chatId}/`));

export const userWelcome = (school: string) => api().get<Welcome>(at(school, 'user_welcome_message/'));

export const updateWelcome = (school: string, change: { show_welcome_message?: boolean; welcome_message?: string }) =>
  api().post<Welcome>(at(school, 'update_welcome_message/'), change);

export interface StreamedAnswer {
  question: AiMessage;
  answer: AiMessage;
}

/** One server-sent event: its name ('message' by default) and its JSON data. */
function parseEvent(block: string): { name: string; data: Record<string, unknown> } | null {
  let name = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) name = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
  }
  if (data.length === 0) return null;
  try {
    return { name, data: JSON.parse(data.join('\n')) as Record<string, unknown> };
  } catch {
    return null;
  }
}

/**
 * Asks the assistant: `onDelta` gets each part of the answer as it arrives; resolves with the
 * stored question and answer. Rejects with an ApiError (429 quota, 503 not configured, 502 and a
 * failed stream: AI_UPSTREAM_ERROR; ABORTED when `signal` stopped it). A 401 renews the token once.
 */
export async function sendMessage(
  school: string,
  body: { message: string; overai_chat_id: number; language: AnswerLanguage },
  onDelta: (delta: string) => void,
  signal: AbortSignal,
): Promise<StreamedAnswer> {
  const post = (token: string | null) =>
    fetch(`/api/${at(school, 'send_message/')}`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
      signal,
    });
  let response: Response;
  try {
    const token = $user.get().authState.access;
    response = await post(token);
    if (response.status === 401 && (await appSession().refreshAccess(token))) response = await post($user.get().authState.access);
  } catch (error) {
    throw toApiError(error);
  }
  if (!response.ok || !response.body) {
    const data: unknown = await response.json().catch(() => null);
    throw apiErrorFrom(response.status, data);
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  // «Остановить» ends the reading at once (and the connection, which stops the model on the server).
  const stop = () => void reader.cancel().catch(() => undefined);
  signal.addEventListener('abort', stop, { once: true });
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (signal.aborted) throw new ApiError({ status: 0, code: 'ABORTED', message: '' });
      buffer += decoder.decode(value, { stream: !done });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const event = parseEvent(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        if (!event) continue;
        if (event.name === 'message' && typeof event.data.delta === 'string') onDelta(event.data.delta);
        if (event.name === 'done') return event.data as unknown as StreamedAnswer;
        if (event.name === 'error') throw new ApiError({ status: 502, code: String(event.data.code ?? 'AI_UPSTREAM_ERROR'), message: String(event.data.message ?? '') });
      }
      if (done) throw new ApiError({ status: 502, code: 'AI_UPSTREAM_ERROR', message: '' });
    }
  } catch (error) {
    throw toApiError(error);
  } finally {
    signal.removeEventListener('abort', stop);
    reader.releaseLock();
  }
}
