// A local HTTP server speaking the OpenAI chat completions protocol (POST /v1/chat/completions with
// stream: true → SSE `data: {choices:[{delta:{content}}]}` … `data: [DONE]`), for the assistant's
// tests. Each request is answered by a script the test sets: parts written one by one, each
// optionally held until the test releases it, so a test can see the answer arrive in parts.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  body: { model: string; stream: boolean; messages: { role: string; content: string }[] };
  authorization: string | undefined;
}

export type Script =
  | { kind: 'stream'; parts: string[]; usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number }; hold?: boolean }
  | { kind: 'error'; status: number };

export interface FakeOpenAi {
  /** The API root to configure: http://127.0.0.1:port/v1. */
  baseUrl: string;
  requests: FakeRequest[];
  /** How the next requests are answered (until set again). */
  script: Script;
  /** With hold: parts written so far; release() writes the next one. */
  written: number;
  release(): void;
  /** Whether the last streamed request's connection was closed before its end (the server aborted it). */
  aborted: boolean;
  close(): Promise<void>;
}

const frame = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`;

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  let waiting: (() => void) | null = null;
  const fake: FakeOpenAi = {
    baseUrl: '',
    requests: [],
    script: { kind: 'stream', parts: ['Привет', ', ', 'мир!'] },
    written: 0,
    aborted: false,
    release() {
      const next = waiting;
      waiting = null;
      next?.();
    },
    close: async () => undefined,
  };

  async function stream(res: ServerResponse, script: Extract<Script, { kind: 'stream' }>) {
    fake.written = 0;
    fake.aborted = false;
    let finished = false;
    res.on('close', () => {
      if (!finished) fake.aborted = true;
    });
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const base = { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'test-model' };
    res.write(frame({ ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] }));
    for (const part of script.parts) {
      if (script.hold && fake.written > 0) await new Promise<void>((resolve) => (waiting = resolve));
      if (res.destroyed) return;
      res.write(frame({ ...base, choices: [{ index: 0, delta: { content: part }, finish_reason: null }] }));
      fake.written += 1;
    }
    if (script.hold) await new Promise<void>((resolve) => (waiting = resolve));
    if (res.destroyed) return;
    res.write(frame({ ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }));
    if (script.usage) res.write(frame({ ...base, choices: [], usage: script.usage }));
    finished = true;
    res.end('data: [DONE]\n\n');
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      fake.requests.push({ body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as FakeRequest['body'], authorization: req.headers.authorization });
      const script = fake.script;
      if (script.kind === 'error') {
        res.writeHead(script.status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'upstream failure', type: 'server_error' } }));
        return;
      }
      void stream(res, script);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  fake.close = () =>
    new Promise((resolve, reject) => {
      fake.release();
      server.closeAllConnections();
      server.close((err) => (err ? reject(err) : resolve()));
    });
  return fake;
}
