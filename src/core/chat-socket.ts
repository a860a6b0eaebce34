import { atom, type ReadableAtom } from 'nanostores';
import { apiCall } from './api-call.ts';
import type { ApiClient } from './api-client.ts';
import type { Closable, Session } from './session.ts';
import { setUnread } from './state/unread.ts';
import { $user } from './state/user.ts';

// The live chat connection of issue 15 (the chat contract, «Websocket»): one socket per school
// area at `/api/{school}/chats/ws` on the page's own origin. Its first frame carries the access
// token (never the URL); the server answers `ready` or closes with 4401 (token refused: the
// session renews it and the socket comes back) or 4403 (not a member: it stays closed). Any other
// loss comes back after an exponential delay with jitter. Logout closes it (session.setLiveSocket).

export interface ChatAuthor {
  id: number;
  name: string;
  avatar: string | null;
}

export interface ChatFile {
  id: number;
  name: string;
  size: number;
  url: string;
}

export interface ChatMessage {
  /** Increasing within its chat. */
  id: number;
  chat_id: string;
  /** Null when the author's account is gone. */
  author: ChatAuthor | null;
  text: string;
  files: ChatFile[];
  /** ISO 8601. */
  created_at: string;
}

/** What subscribers hear: the server's frames, and `ready` with `resumed` true after a reconnect (time to catch up). */
export type ChatFrame =
  | { type: 'ready'; resumed: boolean }
  | { type: 'message'; message: ChatMessage }
  | { type: 'typing'; chat_id: string; user: { id: number; name: string } }
  | { type: 'read'; chat_id: string; user_id: number; last_read_id: number }
  | { type: 'unread'; total_unread: number };

/**
 * idle: not started or no token; connecting: opening or signing in; ready: live; waiting: lost,
 * coming back; forbidden: the server said 4403; closed: closed for good (logout, another school).
 */
export type ChatSocketStatus = 'idle' | 'connecting' | 'ready' | 'waiting' | 'forbidden' | 'closed';

/** The part of the browser's WebSocket the client uses (a test passes its own class). */
export interface WebSocketLike {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}
export type WebSocketClass = new (url: string) => WebSocketLike;

export const CHAT_CLOSE_UNAUTHORIZED = 4401;
export const CHAT_CLOSE_FORBIDDEN = 4403;
/** The first reconnect waits about this long, each next one twice as long up to the maximum. */
export const CHAT_RECONNECT_BASE_MS = 1000;
export const CHAT_RECONNECT_MAX_MS = 30_000;
/** At most one typing frame per chat this often. */
export const CHAT_TYPING_THROTTLE_MS = 3000;
/** The contract: the client hides «…печатает» this long after the last typing frame. */
export const CHAT_TYPING_VISIBLE_MS = 5000;

/**
 * The delay before reconnect attempt `attempt` (0 first): half of the exponential cap fixed, the
 * other half random, so that clients dropped at once do not all come back at the same moment.
 */
export function chatReconnectDelay(attempt: number, random: () => number = Math.random, baseMs = CHAT_RECONNECT_BASE_MS, maxMs = CHAT_RECONNECT_MAX_MS): number {
  const cap = Math.min(maxMs, baseMs * 2 ** Math.min(attempt, 30));
  return Math.round(cap / 2 + (random() * cap) / 2);
}

/** `wss://host/api/{school}/chats/ws` on an https page, `ws://` on http. */
export function chatSocketUrl(school: string, location: { protocol: string; host: string }): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/api/${encodeURIComponent(school)}/chats/ws`;
}

/** Reads the caller's total of unread messages (`GET {school}/chats/unread/`) into the unread store. */
export async function loadChatUnread(api: ApiClient, school: string): Promise<number> {
  const { total_unread: total } = await apiCall(api, 'GET {school}/chats/unread/', { path: { school } });
  setUnread({ messages: total });
  return total;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isId = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

/** A server frame as the client understands it, or null for anything else (ignored). */
export function parseChatFrame(data: unknown): ChatFrame | null {
  if (typeof data !== 'string') return null;
  let frame: unknown;
  try {
    frame = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isObject(frame)) return null;
  switch (frame.type) {
    case 'ready':
      return { type: 'ready', resumed: false };
    case 'message':
      return isObject(frame.message) && isId(frame.message.id) && typeof frame.message.chat_id === 'string' ? { type: 'message', message: frame.message as unknown as ChatMessage } : null;
    case 'typing':
      return typeof frame.chat_id === 'string' && isObject(frame.user) && isId(frame.user.id)
        ? { type: 'typing', chat_id: frame.chat_id, user: { id: frame.user.id, name: String(frame.user.name ?? '') } }
        : null;
    case 'read':
      return typeof frame.chat_id === 'string' && isId(frame.user_id) && isId(frame.last_read_id)
        ? { type: 'read', chat_id: frame.chat_id, user_id: frame.user_id, last_read_id: frame.last_read_id }
        : null;
    case 'unread':
      return typeof frame.total_unread === 'number' && frame.total_unread >= 0 ? { type: 'unread', total_unread: frame.total_unread } : null;
    default:
      return null;
  }
}

export interface ChatSocketOptions {
  school: string;
  /** The app's session: it renews the token on 4401 and closes the socket on logout. */
  session: Pick<Session, 'refreshAccess' | 'setLiveSocket'> & { api?: ApiClient };
  /** The browser's WebSocket by default. */
  WebSocket?: WebSocketClass;
  /** The page's location by default. */
  location?: { protocol: string; host: string };
  random?: () => number;
  now?: () => number;
  baseDelayMs?: number;
  maxDelayMs?: number;
}

export interface ChatSocket extends Closable {
  readonly school: string;
  /** The connection's state, for a «переподключение…» hint. */
  readonly $status: ReadableAtom<ChatSocketStatus>;
  /** Connects (once; again after an `idle` without token, never after `forbidden`). */
  start(): void;
  /** Hears every frame; returns the unsubscribe. */
  subscribe(listener: (frame: ChatFrame) => void): () => void;
  /** Says «печатает» in a chat: sent only while live, at most once per chat in CHAT_TYPING_THROTTLE_MS. */
  sendTyping(chatId: string): boolean;
  /** Closes for good: no reconnect (logout, leaving the school). */
  close(): void;
}

export function createChatSocket(options: ChatSocketOptions): ChatSocket {
  const { school, session, random = Math.random, now = () => Date.now(), baseDelayMs = CHAT_RECONNECT_BASE_MS, maxDelayMs = CHAT_RECONNECT_MAX_MS } = options;
  const $status = atom<ChatSocketStatus>('idle');
  const listeners = new Set<(frame: ChatFrame) => void>();
  const typingSent = new Map<string, number>();

  let ws: WebSocketLike | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;
  /** 4401s since the last `ready`: the first reconnects at once with the renewed token, the next ones wait. */
  let refused = 0;
  let everReady = false;
  let closed = false;

  const emit = (frame: ChatFrame) => {
    for (const listener of [...listeners]) listener(frame);
  };

  function detach(socket: WebSocketLike) {
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    socket.onerror = null;
  }

  function schedule() {
    $status.set('waiting');
    const delay = chatReconnectDelay(attempt, random, baseDelayMs, maxDelayMs);
    attempt += 1;
    timer = setTimeout(() => {
      timer = null;
      connect();
    }, delay);
  }

  function onReady() {
    attempt = 0;
    refused = 0;
    $status.set('ready');
    const resumed = everReady;
    everReady = true;
    // After a loss the total may have moved without a frame reaching this client.
    if (resumed && session.api) loadChatUnread(session.api, school).catch(() => undefined);
    emit({ type: 'ready', resumed });
  }

  function onClosed(code: number, token: string) {
    ws = null;
    if (closed) return;
    if (code === CHAT_CLOSE_FORBIDDEN) {
      $status.set('forbidden');
      return;
    }
    if (code !== CHAT_CLOSE_UNAUTHORIZED) {
      schedule();
      return;
    }
    refused += 1;
    $status.set('waiting');
    session.refreshAccess(token).then(
      (renewed) => {
        if (closed || ws || timer) return;
        // No token to be had: the session has logged out (and closed this socket).
        if (!renewed) $status.set('idle');
        else if (refused === 1) connect();
        else schedule();
      },
      () => !closed && !ws && !timer && schedule(),
    );
  }

  function connect() {
    if (closed || ws) return;
    const token = $user.get().authState.access;
    if (!token) {
      $status.set('idle');
      return;
    }
    const Socket = options.WebSocket ?? (globalThis.WebSocket as unknown as WebSocketClass | undefined);
    if (!Socket) {
      $status.set('idle');
      return;
    }
    $status.set('connecting');
    const location = options.location ?? globalThis.location;
    let socket: WebSocketLike;
    try {
      socket = new Socket(chatSocketUrl(school, location));
    } catch {
      schedule();
      return;
    }
    ws = socket;
    socket.onopen = () => socket.send(JSON.stringify({ type: 'auth', token }));
    socket.onmessage = (event) => {
      const frame = parseChatFrame(event.data);
      if (!frame) return;
      if (frame.type === 'ready') onReady();
      else {
        if (frame.type === 'unread') setUnread({ messages: frame.total_unread });
        emit(frame);
      }
    };
    // An error is always followed by a close, which decides what happens next.
    socket.onerror = () => undefined;
    socket.onclose = (event) => {
      detach(socket);
      onClosed(event.code, token);
    };
  }

  const self: ChatSocket = {
    school,
    $status,
    start() {
      if (closed || ws || timer || $status.get() === 'forbidden') return;
      session.setLiveSocket(self);
      connect();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    sendTyping(chatId) {
      if (!ws || $status.get() !== 'ready') return false;
      const at = now();
      const last = typingSent.get(chatId);
      if (last !== undefined && at - last < CHAT_TYPING_THROTTLE_MS) return false;
      typingSent.set(chatId, at);
      ws.send(JSON.stringify({ type: 'typing', chat_id: chatId }));
      return true;
    },
    close() {
      if (closed) return;
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      if (ws) {
        detach(ws);
        ws.close(1000);
        ws = null;
      }
      $status.set('closed');
    },
  };
  return self;
}
