// Runs the built server (dist/server/main.js, as `npm start` does) as a child process.
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from './free-port.ts';

export const SERVER_ENTRY = 'dist/server/main.js';

export interface RunningServer {
  child: ChildProcess;
  base: string;
  stderr(): string;
  /** SIGTERM (or the given signal) and wait for the exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Resolves with the exit code once the process has exited. */
export const exited = (child: ChildProcess) =>
  child.exitCode !== null ? Promise.resolve(child.exitCode) : new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

/**
 * How long startServer waits for a server that neither answers nor exits. Only a hung server
 * reaches it: a first start (initdb, migrations, demo seed) took over 20 s on a busy 2-core
 * machine, and a slow start is waited out, not failed.
 */
export const START_LIMIT_MS = 5 * 60_000;

/** A test's or hook's timeout that lets `servers` servers start one after another, plus `rest` ms for the rest of it. */
export const startTimeout = (servers = 1, rest = 60_000) => servers * START_LIMIT_MS + rest;

/**
 * Starts the server and waits until its health check answers, or fails at once when it exits, with
 * what it printed. `prefix` runs it under another command (`unshare --pid …`).
 */
export async function startServer(env: Record<string, string>, prefix: readonly string[] = []): Promise<RunningServer> {
  const port = await freePort();
  const [command, ...args] = [...prefix, process.execPath, SERVER_ENTRY];
  const child = spawn(command!, args, {
    env: { ...process.env, PORT: String(port), DEMO_PORT: '0', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  // Both streams in the order they came, for the error when the server does not come up.
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    log += chunk.toString();
  });
  const base = `http://127.0.0.1:${port}`;
  const server: RunningServer = {
    child,
    base,
    stderr: () => stderr,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const done = exited(child);
      child.kill(signal);
      await done;
    },
  };
  const deadline = Date.now() + START_LIMIT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the server exited (${child.signalCode ?? child.exitCode}) before answering; it printed: ${log}`);
    if (await fetch(`${base}/api/health/`).then((r) => r.ok, () => false)) return server;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await server.stop('SIGKILL');
  throw new Error(`the server neither answered nor exited in ${START_LIMIT_MS / 60_000} minutes; it printed: ${log}`);
}

/** Runs a server that is expected not to start: its exit code and what it printed on stderr. */
export async function runUntilExit(env: Record<string, string>, prefix: readonly string[] = []): Promise<{ code: number | null; stderr: string }> {
  const [command, ...args] = [...prefix, process.execPath, SERVER_ENTRY];
  const child = spawn(command!, args, {
    env: { ...process.env, PORT: String(await freePort()), DEMO_PORT: '0', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await exited(child);
  return { code, stderr };
}
