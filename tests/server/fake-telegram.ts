// A local HTTP server that speaks the part of the Telegram Bot API the server uses (getMe,
// sendMessage), for the Telegram suites: TELEGRAM_API_URL points at it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeTelegram {
  url: string;
  /** Every call: the method, the token in the path, the JSON body. */
  calls: { method: string; token: string; body: Record<string, unknown> }[];
  /** The texts sent to a chat, in order. */
  sentTo(chatId: number): string[];
  /** Chats whose sendMessage answers 403 (the user blocked the bot). */
  blocked: Set<number>;
  close(): Promise<void>;
}

export const BOT_USERNAME = 'coursehub_test_bot';

export async function startFakeTelegram(): Promise<FakeTelegram> {
  const calls: FakeTelegram['calls'] = [];
  const blocked = new Set<number>();
  let messageId = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(request.url ?? '');
      const raw = Buffer.concat(chunks).toString('utf8');
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
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    blocked,
    sentTo: (chatId) => calls.filter((call) => call.method === 'sendMessage' && Number(call.body.chat_id) === chatId).map((call) => call.body.text as string),
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
