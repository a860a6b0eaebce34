// A local HTTP server that speaks the part of the Telegram Bot API the server uses (getMe,
// sendMessage), for the Telegram suites: TELEGRAM_API_URL points at it. It can be made slow (calls
// held unanswered until released) or unreachable (connections cut).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeTelegram {
  url: string;
  /** Every call: the method, the token in the path, the JSON body. */
  calls: { method: string; token: string; body: Record<string, unknown> }[];
  /** The texts sent to a chat, in order. */
  sentTo(chatId: number): string[];
  /** Chats whose sendMessage answers 403 (the user blocked the bot). */
  blocked: Set<number>;
  /** Holds every call from now on unanswered (and unrecorded) until the returned release is called. */
  stall(): () => void;
  /** The held calls whose client still waits (neither answered nor given up). */
  waiting(): number;
  /** While true, every connection is cut without an answer. */
  unreachable: boolean;
  close(): Promise<void>;
}

export const BOT_USERNAME = 'coursehub_test_bot';

export async function startFakeTelegram(): Promise<FakeTelegram> {
  const calls: FakeTelegram['calls'] = [];
  const blocked = new Set<number>();
  let messageId = 0;
  /** While stalled, the calls waiting for their answer. */
  let held: { answer: () => void; gone: boolean }[] | null = null;
  let unreachable = false;

  function handle(request: IncomingMessage, response: ServerResponse, raw: string): void {
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(request.url ?? '');
    const body = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
    const answer = (status: number, payload: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(payload));
    };
    if (!match) return answer(404, { ok: false, error_code: 404, description: 'Not Found' });
    const [, token, method] = match as unknown as [string, string, string];
    calls.push({ method, token, body });
    if (method === 'getMe') {
      return answer(200, { ok: true, result: { id: 1, is_bot: true, first_name: 'CourseHub', username: BOT_USERNAME, can_join_groups: false, can_read_all_group_messages: false, supports_inline_queries: false } });
    }
    if (method === 'sendMessage') {
      const chatId = Number(body.chat_id);
      if (blocked.has(chatId)) return answer(403, { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' });
      messageId += 1;
      return answer(200, { ok: true, result: { message_id: messageId, date: Math.floor(Date.now() / 1000), chat: { id: chatId, type: 'private' }, text: body.text } });
    }
    return answer(404, { ok: false, error_code: 404, description: 'Not Found: method not found' });
  }

  const server: Server = createServer((request, response) => {
    if (unreachable) {
      request.socket.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      if (!held) return handle(request, response, raw);
      const entry = { answer: () => handle(request, response, raw), gone: false };
      response.on('close', () => {
        entry.gone = true;
      });
      held.push(entry);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    blocked,
    sentTo: (chatId) => calls.filter((call) => call.method === 'sendMessage' && Number(call.body.chat_id) === chatId).map((call) => call.body.text as string),
    stall() {
      held ??= [];
      return () => {
        const waiting = held ?? [];
        held = null;
        for (const entry of waiting) if (!entry.gone) entry.answer();
      };
    },
    waiting: () => (held ?? []).filter((entry) => !entry.gone).length,
    get unreachable() {
      return unreachable;
    },
    set unreachable(value: boolean) {
      unreachable = value;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
