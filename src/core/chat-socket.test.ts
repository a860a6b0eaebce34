import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../tests/helpers/fake-websocket.ts';
import { startHttpTestServer } from '../../tests/helpers/http-test-server.ts';
import type { ApiClient } from './api-client.ts';
import {
  CHAT_TYPING_THROTTLE_MS,
  chatReconnectDelay,
  chatSocketUrl,
  createChatSocket,
  loadChatUnread,
  parseChatFrame,
  type ChatFrame,
  type ChatSocketOptions,
} from './chat-socket.ts';
import { createSession, type SessionEnvironment } from './session.ts';
import { resetAllState } from './state/reset.ts';
import { $unread } from './state/unread.ts';
import { $user, setTokens, signIn } from './state/user.ts';

const LOCATION = { protocol: 'https:', host: 'app.coursehub.ru' };

function fakeSession() {
  const refreshes: (string | null)[] = [];
  let answer: (stale: string | null) => Promise<boolean> = async () => {
    setTokens({ access: 'fresh', refresh: 'r2' });
    return true;
  };
  const live: unknown[] = [];
  const gets: string[] = [];
  // apiCall sends every operation through request(); only the GET of the unread total is expected.
  const api = {
    request: async (path: string, options: { method?: string }) => {
      if (options.method === 'GET') gets.push(path);
      return { total_unread: 9 };
    },
  } as unknown as ApiClient;
  return {
    refreshes,
    live,
    gets,
    answerWith(next: (stale: string | null) => Promise<boolean>) {
      answer = next;
    },
    session: {
      api,
      refreshAccess: (stale: string | null) => {
        refreshes.push(stale);
        return answer(stale);
      },
      setLiveSocket: (socket: unknown) => void live.push(socket),
    },
  };
}

function open(extra: Partial<ChatSocketOptions> = {}) {
  const fake = fakeSession();
  const socket = createChatSocket({ school: 'Школа 1', session: fake.session, WebSocket: FakeWebSocket, location: LOCATION, random: () => 0.5, ...extra });
  const frames: ChatFrame[] = [];
  socket.subscribe((frame) => frames.push(frame));
  return { socket, frames, ...fake };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.reset();
  resetAllState();
  signIn({ access: 'access-1', refresh: 'r1', userId: 7, email: 'teacher@coursehub.ru' });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('chat socket helpers', () => {
  it('builds the socket URL on the page origin with the scheme of the page', () => {
    expect(chatSocketUrl('Школа 1', LOCATION)).toBe('wss://app.coursehub.ru/api/%D0%A8%D0%BA%D0%BE%D0%BB%D0%B0%201/chats/ws');
    expect(chatSocketUrl('Alpha', { protocol: 'http:', host: '127.0.0.1:3000' })).toBe('ws://127.0.0.1:3000/api/Alpha/chats/ws');
  });

  it('backs off exponentially up to the maximum, with half of each delay random', () => {
    expect([0, 1, 2, 3].map((n) => chatReconnectDelay(n, () => 0))).toEqual([500, 1000, 2000, 4000]);
    expect([0, 1, 2, 3].map((n) => chatReconnectDelay(n, () => 1))).toEqual([1000, 2000, 4000, 8000]);
    expect(chatReconnectDelay(10, () => 1)).toBe(30_000);
    expect(chatReconnectDelay(500, () => 0)).toBe(15_000);
  });

  it('understands the contract frames and ignores anything else', () => {
    const message = { id: 3, chat_id: 'c1', author: { id: 1, name: 'A', avatar: null }, text: 'hi', files: [], created_at: '2026-01-01T00:00:00Z' };
    expect(parseChatFrame(JSON.stringify({ type: 'message', message }))).toEqual({ type: 'message', message });
    expect(parseChatFrame('{"type":"typing","chat_id":"c1","user":{"id":2,"name":"Ира"}}')).toEqual({ type: 'typing', chat_id: 'c1', user: { id: 2, name: 'Ира' } });
    expect(parseChatFrame('{"type":"typing","chat_id":"c1","user":{"id":2}}')).toEqual({ type: 'typing', chat_id: 'c1', user: { id: 2, name: '' } });
    expect(parseChatFrame('{"type":"read","chat_id":"c1","user_id":2,"last_read_id":5}')).toEqual({ type: 'read', chat_id: 'c1', user_id: 2, last_read_id: 5 });
    expect(parseChatFrame('{"type":"unread","total_unread":4}')).toEqual({ type: 'unread', total_unread: 4 });
    expect(parseChatFrame('{"type":"ready"}')).toEqual({ type: 'ready', resumed: false });
    for (const bad of ['not json', '42', 'null', '{"type":"message","message":{"id":"x"}}', '{"type":"unread","total_unread":-1}', '{"type":"read","chat_id":"c"}', '{"type":"typing"}', '{"type":"other"}']) {
      expect(parseChatFrame(bad), bad).toBeNull();
    }
    expect(parseChatFrame(new ArrayBuffer(2))).toBeNull();
  });

  it('reads the unread total into the client state', async () => {
    const fake = fakeSession();
    await expect(loadChatUnread(fake.session.api, 'Школа 1')).resolves.toBe(9);
    expect(fake.gets).toEqual(['%D0%A8%D0%BA%D0%BE%D0%BB%D0%B0%201/chats/unread/']);
    expect($unread.get().messages).toBe(9);
  });
});

describe('chat socket', () => {
  it('connects, signs in with the access token in its first frame and hands frames to subscribers', () => {
    const { socket, frames, live } = open();
    socket.start();
    socket.start(); // once
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(live).toEqual([socket]);
    const ws = FakeWebSocket.last;
    expect(ws.url).toBe('wss://app.coursehub.ru/api/%D0%A8%D0%BA%D0%BE%D0%BB%D0%B0%201/chats/ws');
    expect(socket.$status.get()).toBe('connecting');
    ws.open();
    expect(ws.sent).toEqual([{ type: 'auth', token: 'access-1' }]);
    ws.frame({ type: 'ready' });
    expect(socket.$status.get()).toBe('ready');
    ws.frame({ type: 'typing', chat_id: 'c1', user: { id: 2, name: 'Ира' } });
    ws.frame('garbage');
    ws.frame({ type: 'unread', total_unread: 5 });
    expect(frames).toEqual([
      { type: 'ready', resumed: false },
      { type: 'typing', chat_id: 'c1', user: { id: 2, name: 'Ира' } },
      { type: 'unread', total_unread: 5 },
    ]);
    expect($unread.get().messages).toBe(5);
  });

  it('stops telling a listener once it unsubscribes', () => {
    const { socket } = open();
    const heard: ChatFrame[] = [];
    const off = socket.subscribe((frame) => heard.push(frame));
    socket.start();
    FakeWebSocket.last.accept();
    off();
    FakeWebSocket.last.frame({ type: 'unread', total_unread: 1 });
    expect(heard).toEqual([{ type: 'ready', resumed: false }]);
  });

  it('reconnects after a loss with growing delays, then says the connection resumed and reloads the unread total', async () => {
    const { socket, frames, gets } = open();
    socket.start();
    FakeWebSocket.last.drop();
    expect(socket.$status.get()).toBe('waiting');
    // random 0.5: three quarters of each cap.
    vi.advanceTimersByTime(749);
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
    FakeWebSocket.last.drop();
    vi.advanceTimersByTime(1499);
    expect(FakeWebSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(3);
    FakeWebSocket.last.accept();
    expect(frames).toEqual([{ type: 'ready', resumed: false }]);
    // A later loss starts again from the shortest delay, and its ready is a resumption.
    FakeWebSocket.last.drop(1011);
    vi.advanceTimersByTime(750);
    expect(FakeWebSocket.instances).toHaveLength(4);
    FakeWebSocket.last.accept();
    expect(frames.at(-1)).toEqual({ type: 'ready', resumed: true });
    await vi.waitFor(() => expect($unread.get().messages).toBe(9));
    expect(gets).toEqual(['%D0%A8%D0%BA%D0%BE%D0%BB%D0%B0%201/chats/unread/']);
  });

  it('on 4401 asks the session for a fresh token and reconnects with it at once', async () => {
    const { socket, refreshes } = open();
    socket.start();
    FakeWebSocket.last.open();
    FakeWebSocket.last.drop(4401);
    expect(refreshes).toEqual(['access-1']);
    await vi.waitFor(() => expect(FakeWebSocket.instances).toHaveLength(2));
    FakeWebSocket.last.open();
    expect(FakeWebSocket.last.sent).toEqual([{ type: 'auth', token: 'fresh' }]);
    FakeWebSocket.last.frame({ type: 'ready' });
    expect(socket.$status.get()).toBe('ready');
  });

  it('waits before trying again when the fresh token is refused too', async () => {
    const { socket, refreshes } = open();
    socket.start();
    FakeWebSocket.last.drop(4401);
    await vi.waitFor(() => expect(FakeWebSocket.instances).toHaveLength(2));
    FakeWebSocket.last.drop(4401);
    await vi.waitFor(() => expect(refreshes).toHaveLength(2));
    await vi.waitFor(() => expect(socket.$status.get()).toBe('waiting'));
    await Promise.resolve();
    expect(FakeWebSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(750);
    expect(FakeWebSocket.instances).toHaveLength(3);
  });

  it('stays down when the token cannot be renewed (the session logs out) or the renewal throws', async () => {
    const first = open();
    first.answerWith(async () => false);
    first.socket.start();
    FakeWebSocket.last.drop(4401);
    await vi.waitFor(() => expect(first.socket.$status.get()).toBe('idle'));
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);

    const second = open();
    second.answerWith(() => Promise.reject(new Error('offline')));
    second.socket.start();
    const timers = vi.getTimerCount();
    FakeWebSocket.last.drop(4401);
    await vi.waitFor(() => expect(vi.getTimerCount()).toBe(timers + 1));
    expect(second.socket.$status.get()).toBe('waiting');
    vi.advanceTimersByTime(750);
    expect(FakeWebSocket.instances).toHaveLength(3);
  });

  it('stays closed on 4403 (not a member of the school)', () => {
    const { socket } = open();
    socket.start();
    FakeWebSocket.last.drop(4403);
    expect(socket.$status.get()).toBe('forbidden');
    socket.start();
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('does not connect without a token or without WebSocket, and tries again after a constructor failure', () => {
    $user.set({ ...$user.get(), authState: { access: null, refresh: null } });
    const { socket } = open();
    socket.start();
    expect(socket.$status.get()).toBe('idle');
    expect(FakeWebSocket.instances).toHaveLength(0);

    signIn({ access: 'a', refresh: 'r', userId: 7, email: 'x@y.ru' });
    const none = open({ WebSocket: undefined });
    vi.stubGlobal('WebSocket', undefined);
    none.socket.start();
    expect(none.socket.$status.get()).toBe('idle');

    let throws = true;
    class Flaky extends FakeWebSocket {
      constructor(url: string) {
        if (throws) throw new SyntaxError('bad url');
        super(url);
      }
    }
    const flaky = open({ WebSocket: Flaky });
    flaky.socket.start();
    expect(flaky.socket.$status.get()).toBe('waiting');
    throws = false;
    vi.advanceTimersByTime(750);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('sends typing only while live, once per chat in the throttle window', () => {
    let clock = 0;
    const { socket } = open({ now: () => clock });
    socket.start();
    expect(socket.sendTyping('c1')).toBe(false);
    FakeWebSocket.last.accept();
    expect(socket.sendTyping('c1')).toBe(true);
    clock += CHAT_TYPING_THROTTLE_MS - 1;
    expect(socket.sendTyping('c1')).toBe(false);
    expect(socket.sendTyping('c2')).toBe(true);
    clock += 1;
    expect(socket.sendTyping('c1')).toBe(true);
    expect(FakeWebSocket.last.sent.slice(1)).toEqual([
      { type: 'typing', chat_id: 'c1' },
      { type: 'typing', chat_id: 'c2' },
      { type: 'typing', chat_id: 'c1' },
    ]);
  });

  it('closes for good: no reconnect, no pending timer, nothing more heard', () => {
    const { socket, frames } = open();
    socket.start();
    const timers = vi.getTimerCount();
    FakeWebSocket.last.drop();
    expect(vi.getTimerCount()).toBe(timers + 1);
    socket.close();
    expect(vi.getTimerCount()).toBe(timers);
    expect(socket.$status.get()).toBe('closed');
    socket.start();
    expect(FakeWebSocket.instances).toHaveLength(1);

    const live = open();
    live.socket.start();
    const ws = FakeWebSocket.last;
    ws.accept();
    live.socket.close();
    live.socket.close();
    expect(ws.closedWith).toBe(1000);
    ws.frame({ type: 'unread', total_unread: 3 });
    ws.drop();
    expect(live.frames).toEqual([{ type: 'ready', resumed: false }]);
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(frames).toEqual([]);
  });

  it('renews the token through the real session on 4401 (one refresh call) and signs in again with it', async () => {
    // A real HTTP exchange: real timers here (no backoff is involved).
    vi.useRealTimers();
    const server = await startHttpTestServer(() => ({ body: { access: 'renewed', refresh: 'r2' } }));
    try {
      const environment: SessionEnvironment = { clearStorage: () => undefined, clearCookies: () => undefined, navigate: () => undefined, setTimeout: () => 0, now: () => 1, warn: () => undefined };
      const session = createSession({ baseURL: `${server.url}/api`, environment });
      const socket = createChatSocket({ school: 'Alpha', session, WebSocket: FakeWebSocket, location: LOCATION });
      socket.start();
      FakeWebSocket.last.accept();
      FakeWebSocket.last.drop(4401);
      await vi.waitFor(() => expect(FakeWebSocket.instances).toHaveLength(2));
      expect(server.requests.map((request) => `${request.method} ${request.url} ${request.body}`)).toEqual(['POST /api/token/refresh/ {"refresh":"r1"}']);
      expect($user.get().authState).toEqual({ access: 'renewed', refresh: 'r2' });
      FakeWebSocket.last.open();
      expect(FakeWebSocket.last.sent).toEqual([{ type: 'auth', token: 'renewed' }]);
      socket.close();
    } finally {
      await server.close();
    }
  });

  it('is closed by logout through the session (spec §4: logout closes a live socket)', () => {
    const environment: SessionEnvironment = { clearStorage: () => undefined, clearCookies: () => undefined, navigate: () => undefined, setTimeout: () => 0, now: () => 1, warn: () => undefined };
    const session = createSession({ baseURL: 'http://127.0.0.1:9', environment });
    const socket = createChatSocket({ school: 'Alpha', session, WebSocket: FakeWebSocket, location: LOCATION });
    socket.start();
    FakeWebSocket.last.accept();
    session.logout();
    expect(FakeWebSocket.last.closedWith).toBe(1000);
    expect(socket.$status.get()).toBe('closed');
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });
});
