import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHttpTestServer, type HttpTestServer } from '../../tests/helpers/http-test-server.ts';
import { expectConsole } from '../../tests/setup/console-guard.ts';
import { sessionMessages } from './messages.ts';
import { Role } from './roles.ts';
import { createSession, LOGOUT_GUARD_MS, type SessionEnvironment } from './session.ts';
import { $school } from './state/school.ts';
import { resetAllState } from './state/reset.ts';
import { $user, setRole, signIn } from './state/user.ts';

function fakeEnvironment() {
  const calls: string[] = [];
  const timers: { callback: () => void; ms: number }[] = [];
  let clock = 1_000_000;
  const env: SessionEnvironment = {
    clearStorage: () => calls.push('clearStorage'),
    clearCookies: () => calls.push('clearCookies'),
    navigate: (path) => calls.push(`navigate ${path}`),
    setTimeout: (callback, ms) => timers.push({ callback, ms }),
    now: () => clock,
    warn: (message) => console.warn(message),
  };
  return {
    env,
    calls,
    timers,
    advance(ms: number) {
      clock += ms;
    },
    runTimers() {
      for (const timer of timers.splice(0)) timer.callback();
    },
  };
}

let server: HttpTestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
beforeEach(() => {
  resetAllState();
  signIn({ access: 'old-access', refresh: 'refresh-1', userId: 7, email: 'admin@coursehub.ru' });
  setRole(Role.Admin);
  $school.set({ schoolName: 'Coursehub', contactLink: '', schoolId: 1, headerId: null });
});

describe('session: token refresh', () => {
  it('makes exactly one refresh call for 20 concurrent 401s and replays all 20', async () => {
    let refreshCalls = 0;
    server = await startHttpTestServer((req) => {
      if (req.url === '/api/token/refresh/') {
        refreshCalls += 1;
        expect(JSON.parse(req.body)).toEqual({ refresh: 'refresh-1' });
        expect(req.headers.authorization).toBeUndefined();
        return { body: { access: 'new-access', refresh: 'refresh-2' }, delay: 30 };
      }
      if (req.headers.authorization === 'Bearer new-access') return { body: { path: req.url } };
      return { status: 401, body: { code: 'TOKEN_EXPIRED', message: 'Сессия истекла' }, delay: 5 };
    });
    const fake = fakeEnvironment();
    const { api } = createSession({ baseURL: `${server.url}/api`, environment: fake.env });

    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => api.get<{ path: string }>(`items/${i}/`)));

    expect(refreshCalls).toBe(1);
    expect(results.map((r) => r.path)).toEqual(Array.from({ length: 20 }, (_, i) => `/api/items/${i}/`));
    expect($user.get().authState).toEqual({ access: 'new-access', refresh: 'refresh-2' });
    expect(fake.calls).toEqual([]); // no logout
  });

  it('replays at once a 401 that comes back after another request already refreshed', async () => {
    let refreshCalls = 0;
    server = await startHttpTestServer((req) => {
      if (req.url === '/api/token/refresh/') {
        refreshCalls += 1;
        return { body: { access: 'new-access', refresh: 'refresh-2' } };
      }
      if (req.headers.authorization === 'Bearer new-access') return { body: { ok: true } };
      // The slow request carries the old token and fails only after the refresh is over.
      return { status: 401, body: {}, delay: req.url === '/api/slow/' ? 80 : 0 };
    });
    const { api } = createSession({ baseURL: `${server.url}/api`, environment: fakeEnvironment().env });
    const slow = api.get('slow/');
    await api.get('fast/');
    await expect(slow).resolves.toEqual({ ok: true });
    expect(refreshCalls).toBe(1);
  });

  it('answers a 401 that comes while the tokens are switched once the new ones are in, never refreshing the revoked ones', async () => {
    server = await startHttpTestServer(() => ({ status: 401, body: { code: 'TOKEN_REVOKED' } }));
    const fake = fakeEnvironment();
    const session = createSession({ baseURL: `${server.url}/api`, environment: fake.env });
    let release!: () => void;
    const switched = session.switchTokens(async () => {
      // Ending an impersonation: the server has revoked the student's tokens and not answered yet.
      await new Promise<void>((resolve) => (release = resolve));
      $user.set({ ...$user.get(), authState: { access: 'admin-access', refresh: 'admin-refresh' } });
    });
    const replay = session.refreshAccess('old-access');
    release();
    await switched;
    await expect(replay).resolves.toBe(true);
    expect(server.requests).toEqual([]); // no refresh of the revoked tokens
    expect(fake.calls).toEqual([]); // no logout
  });

  it('holds a request made while the tokens are switched and sends it with the new ones', async () => {
    server = await startHttpTestServer((req) => (req.headers.authorization === 'Bearer admin-access' ? { body: { ok: true } } : { status: 401, body: {} }));
    const session = createSession({ baseURL: `${server.url}/api`, environment: fakeEnvironment().env });
    let release!: () => void;
    const switched = session.switchTokens(async () => {
      await new Promise<void>((resolve) => (release = resolve));
      $user.set({ ...$user.get(), authState: { access: 'admin-access', refresh: 'admin-refresh' } });
    });
    const poll = session.api.get('notifications/');
    release();
    await switched;
    await expect(poll).resolves.toEqual({ ok: true });
    expect(server.requests.map((r) => r.headers.authorization)).toEqual(['Bearer admin-access']);
  });

  it('after a failed switch, a waiting 401 refreshes as any other', async () => {
    server = await startHttpTestServer((req) => (req.url === '/api/token/refresh/' ? { body: { access: 'new-access', refresh: 'refresh-2' } } : { status: 401, body: {} }));
    const session = createSession({ baseURL: `${server.url}/api`, environment: fakeEnvironment().env });
    let fail!: (error: Error) => void;
    const switched = session.switchTokens(() => new Promise<void>((_resolve, reject) => (fail = reject)));
    const replay = session.refreshAccess('old-access');
    fail(new Error('the stop failed'));
    await expect(switched).rejects.toThrow('the stop failed');
    await expect(replay).resolves.toBe(true);
    expect(server.requests.map((r) => r.url)).toEqual(['/api/token/refresh/']);
    expect($user.get().authState).toEqual({ access: 'new-access', refresh: 'refresh-2' });
  });

  it('logs out when there is no refresh token', async () => {
    $user.set({ ...$user.get(), authState: { access: 'old-access', refresh: null } });
    server = await startHttpTestServer(() => ({ status: 401, body: {} }));
    const fake = fakeEnvironment();
    const { api } = createSession({ baseURL: server.url, environment: fake.env });
    await expect(api.get('user/')).rejects.toMatchObject({ status: 401 });
    expect(server.requests.map((r) => r.url)).toEqual(['/user/']);
    expect(fake.calls).toEqual(['clearStorage', 'clearCookies']);
    expect($user.get().auth).toBe(false);
  });

  it('logs a warning and logs out when the refresh call fails', async () => {
    expectConsole('warn', new RegExp(sessionMessages.refreshFailed));
    server = await startHttpTestServer((req) => (req.url === '/token/refresh/' ? { status: 401, body: { code: 'TOKEN_REUSED' } } : { status: 401, body: {} }));
    const fake = fakeEnvironment();
    const { api } = createSession({ baseURL: server.url, environment: fake.env });
    await expect(api.get('user/')).rejects.toMatchObject({ status: 401 });
    expect(fake.calls).toEqual(['clearStorage', 'clearCookies']);
    expect($user.get().authState).toEqual({ access: null, refresh: null });
  });

  it.each([
    ['no tokens at all', {}],
    ['only an access token', { access: 'a' }],
    ['empty tokens', { access: '', refresh: '' }],
    ['a null body', null],
  ])('logs out when the refresh reply has %s', async (_name, reply) => {
    server = await startHttpTestServer((req) => (req.url === '/token/refresh/' ? { body: reply === null ? 'null' : reply, headers: { 'content-type': 'application/json' } } : { status: 401, body: {} }));
    const fake = fakeEnvironment();
    const { api } = createSession({ baseURL: server.url, environment: fake.env });
    await expect(api.get('user/')).rejects.toMatchObject({ status: 401 });
    expect(fake.calls).toEqual(['clearStorage', 'clearCookies']);
  });
});

describe('session: logout', () => {
  it('clears state, storage, cookies and the socket, then goes to the initial page after 100 ms', () => {
    const fake = fakeEnvironment();
    const session = createSession({ baseURL: 'http://127.0.0.1:9', environment: fake.env });
    let socketClosed = 0;
    session.setLiveSocket({ close: () => void (socketClosed += 1) });

    session.logout();

    expect($user.get()).toMatchObject({ auth: false, role: Role.Unknown, userId: null, authState: { access: null, refresh: null } });
    expect($school.get().schoolName).toBe('');
    expect(socketClosed).toBe(1);
    expect(fake.calls).toEqual(['clearStorage', 'clearCookies']);
    expect(fake.timers.map((t) => t.ms)).toEqual([100]);
    fake.runTimers();
    expect(fake.calls.at(-1)).toBe('navigate /');
  });

  it('ignores a second logout within 5 seconds and accepts one after', () => {
    const fake = fakeEnvironment();
    const session = createSession({ baseURL: 'http://127.0.0.1:9', environment: fake.env });
    session.logout();
    fake.advance(LOGOUT_GUARD_MS - 1);
    session.logout();
    expect(fake.timers).toHaveLength(1);
    fake.advance(1);
    session.logout();
    expect(fake.timers).toHaveLength(2);
  });

  it('signOut tells the server, then logs out even when the server is unreachable', async () => {
    server = await startHttpTestServer(() => ({ body: {} }));
    const fake = fakeEnvironment();
    const session = createSession({ baseURL: server.url, environment: fake.env });
    await session.signOut();
    expect(server.requests[0]).toMatchObject({ method: 'GET', url: '/logout/' });
    expect(server.requests[0]?.headers.authorization).toBe('Bearer old-access');
    expect(fake.calls).toContain('clearStorage');

    const offline = fakeEnvironment();
    await createSession({ baseURL: 'http://127.0.0.1:9', environment: offline.env }).signOut();
    expect(offline.calls).toContain('clearStorage');
  });
});

describe('session: access denied', () => {
  it('sends the browser to /access-denied when a request is rejected with 451', async () => {
    server = await startHttpTestServer(() => ({ status: 451, body: { code: 'ACCESS_DENIED', message: 'Доступ ограничен' } }));
    const fake = fakeEnvironment();
    const { api } = createSession({ baseURL: server.url, environment: fake.env });
    await expect(api.get('courses/')).rejects.toMatchObject({ status: 451 });
    expect(fake.calls).toEqual(['navigate /access-denied']);
  });

  it('does not navigate on other errors', async () => {
    server = await startHttpTestServer(() => ({ status: 403, body: {} }));
    const fake = fakeEnvironment();
    const { api } = createSession({ baseURL: server.url, environment: fake.env });
    await expect(api.get('courses/')).rejects.toMatchObject({ status: 403 });
    expect(fake.calls).toEqual([]);
  });
});
