// The AI assistant's calls (spec §7 chatgpt/…, under the school: /api/{school}/chatgpt/…). The
// answer of send_message streams as server-sent events, read with fetch and the body's reader as
// it arrives (the API client would wait for the whole body).
import { $user, ApiError, apiCall, apiErrorFrom, toApiError, type ApiAnswer, type ApiBody } from '#core';
import { appSession } from '../../app-session.ts';

const api = () => appSession().api;

type SendBody = ApiBody<'POST {school}/chatgpt/send_message/'>;
export type AnswerLanguage = NonNullable<SendBody['language']>;
export type AiMessage = ApiAnswer<'GET {school}/chatgpt/latest_messages/{chat}/'>['results'][number];
/** A chat of the sidebar: the server keys them by id. */
export type AiChat = { id: number } & ApiAnswer<'GET {school}/chatgpt/latest_chats/'>[string];
export type Welcome = ApiAnswer<'GET {school}/chatgpt/user_welcome_message/'>;

/** The sidebar's chats, top first. */
export async function latestChats(school: string): Promise<AiChat[]> {
  const chats = await apiCall(api(), 'GET {school}/chatgpt/latest_chats/', { path: { school } });
  return Object.entries(chats)
    .map(([id, chat]) => ({ id: Number(id), ...chat }))
    .sort((a, b) => a.order - b.order);
}

export const createChat = (school: string) => apiCall(api(), 'POST {school}/chatgpt/create_chat/', { path: { school }, body: {} });

export const deleteChat = (school: string, chatId: number) => apiCall(api(), 'POST {school}/chatgpt/delete_chat/', { path: { school }, body: { chat_id: chatId } });

export const assignChatOrder = (school: string, orders: Record<number, number>) =>
  apiCall(api(), 'POST {school}/chatgpt/assign_chat_order/', {
    path: { school },
    body: Object.fromEntries(Object.entries(orders).map(([id, order]) => [id, { order }])),
  });

export const latestMessages = (school: string, chatId: number) => apiCall(api(), 'GET {school}/chatgpt/latest_messages/{chat}/', { path: { school, chat: chatId } });

export const userWelcome = (school: string) => apiCall(api(), 'GET {school}/chatgpt/user_welcome_message/', { path: { school } });

export const updateWelcome = (school: string, change: ApiBody<'POST {school}/chatgpt/update_welcome_message/'>) =>
  apiCall(api(), 'POST {school}/chatgpt/update_welcome_message/', { path: { school }, body: change });

/** The stream's closing `done` event: the stored question and answer, as latest_messages lists them. */
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
  body: SendBody,
  onDelta: (delta: string) => void,
  signal: AbortSignal,
): Promise<StreamedAnswer> {
  const post = (token: string | null) =>
    fetch(`/api/${encodeURIComponent(school)}/chatgpt/send_message/`, {
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
