// The live chat across two real server processes (issue 15): both run the built server on one
// PostgreSQL database. The demo teacher writes through the first; the student's websocket on the
// second receives it (LISTEN/NOTIFY between processes), and the student's sign-out through the
// first closes that socket with 4401. Needs a PostgreSQL server (TEST_DATABASE_URL, else the
// local one); skipped where there is none, as the embedded database serves one process only.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { admin, withDatabase } from '../helpers/postgres-admin.ts';
import { startServer, startTimeout, type RunningServer } from '../helpers/spawn-server.ts';

const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DATABASE = `coursehub_chat_processes_${process.pid}`;
const SHARED_SECRET = randomBytes(32).toString('hex');

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const hasPostgres = await reachable(SERVER_URL);
const dirs: string[] = [];
let first: RunningServer | undefined;
let second: RunningServer | undefined;

async function json<T>(server: RunningServer, method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.base}/api/${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.ok, `${method} ${path}: ${res.status}`).toBe(true);
  return (await res.json()) as T;
}

const signIn = (server: RunningServer, email: string) => json<{ access: string }>(server, 'POST', 'login/', undefined, { login: email, password: 'coursehub-demo' }).then((body) => body.access);

describe.skipIf(!hasPostgres)('the chat across two server processes on one PostgreSQL database', () => {
  beforeAll(async () => {
    await admin(SERVER_URL, `create database ${DATABASE}`);
    const env = (seed: string) => {
      const dir = mkdtempSync(join(tmpdir(), 'coursehub-chat-'));
      dirs.push(dir);
      // One SECRET, as processes behind one address share it: a token of one is good on the other.
      return { DATABASE_URL: withDatabase(SERVER_URL, DATABASE), DATA_DIR: dir, SECRET: SHARED_SECRET, SEED_DEMO: seed, RATE_LIMIT: '0' };
    };
    // The first migrates and seeds the demo school; the second joins the same database.
    first = await startServer(env('1'));
    second = await startServer(env('0'));
  }, startTimeout(2));

  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    await admin(SERVER_URL, `drop database if exists ${DATABASE} with (force)`);
  });

  it("delivers the teacher's message to the student's socket on the other process, and a sign-out closes it", { timeout: 120_000 }, async () => {
    const teacher = await signIn(first!, 'teacher@coursehub.ru');
    const student = await signIn(first!, 'student@coursehub.ru');
    const list = await json<{ results: { id: string; type: string }[] }>(first!, 'GET', 'Coursehub/chats/', teacher);
    const chat = list.results.find((entry) => entry.type === 'personal')!;

    const socket = new WebSocket(`${second!.base.replace('http', 'ws')}/api/Coursehub/chats/ws`);
    const frames: { type: string; message?: { text: string } }[] = [];
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    socket.on('message', (data) => frames.push(JSON.parse(String(data)) as (typeof frames)[number]));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'auth', token: student }));
    await expect.poll(() => frames.some((frame) => frame.type === 'ready'), { timeout: 20_000 }).toBe(true);

    const text = `Через два процесса ${Date.now()}`;
    await json(first!, 'POST', `Coursehub/chats/${chat.id}/messages/`, teacher, { text });
    await expect.poll(() => frames.some((frame) => frame.type === 'message' && frame.message?.text === text), { timeout: 20_000 }).toBe(true);

    await json(first!, 'GET', 'logout/', student);
    expect(await closed).toBe(4401);
  });
});
