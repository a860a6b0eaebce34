import { apiCall, type ApiAnswer } from './api-call.ts';
import { createApiClient, type ApiClient, type ApiClientOptions } from './api-client.ts';
import type { ApiError } from './api-error.ts';
import { sessionMessages } from './messages.ts';
import { Path } from './routes.ts';
import { resetAllState } from './state/reset.ts';
import { $user, setTokens } from './state/user.ts';

/** Spec §9: logout redirect delay and the re-entry guard. */
export const LOGOUT_REDIRECT_DELAY_MS = 100;
export const LOGOUT_GUARD_MS = 5000;
export const ACCESS_DENIED_STATUS = 451;

/** What a session does to the browser, injectable so tests and other hosts can supply their own. */
export interface SessionEnvironment {
  clearStorage(): void;
  clearCookies(): void;
  navigate(path: string): void;
  setTimeout(callback: () => void, ms: number): unknown;
  now(): number;
  warn(message: string, detail?: unknown): void;
}

/** The browser's environment, read when called (never at import). */
export function browserEnvironment(): SessionEnvironment {
  return {
    clearStorage() {
      localStorage.clear();
      sessionStorage.clear();
    },
    clearCookies() {
      for (const cookie of document.cookie.split(';')) {
        const name = cookie.split('=')[0]?.trim();
        if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
      }
    },
    navigate: (path) => window.location.assign(path),
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    now: () => Date.now(),
    warn: (message, detail) => console.warn(message, detail),
  };
}

export interface Closable {
  close(): void;
}

export interface Session {
  api: ApiClient;
  /** Clears everything the browser holds for the user and goes to the initial page. */
  logout(): void;
  /** Asks the server to revoke the session, then logs out locally whatever it answers. */
  signOut(): Promise<void>;
  /** The live (websocket) connection to close on logout. */
  setLiveSocket(socket: Closable | null): void;
  /**
   * Renews the access token as a 401 does (one refresh at a time, logout when it fails), for a
   * caller outside the API client such as the chat socket closed with 4401; resolves true when a
   * fresh token is in the user store.
   */
  refreshAccess(staleToken: string | null): Promise<boolean>;
  /**
   * Runs a change of whose tokens the user store holds that the server makes first (ending an
   * impersonation revokes its tokens, then answers with the admin's). Requests made meanwhile wait
   * for it and go with the new tokens; a 401 of one already on its way is replayed with them
   * instead of refreshing the revoked ones (which failed and signed the admin out). The change's
   * own requests must not wait: send them with `auth: false` and their own Authorization header.
   */
  switchTokens(change: () => Promise<void>): Promise<void>;
}

export interface SessionOptions extends Omit<ApiClientOptions, 'getAccessToken' | 'beforeSend' | 'onUnauthorized' | 'onRejected'> {
  environment?: SessionEnvironment;
}

/** The contract's token pair, each part still checked: an empty or foreign answer ends the session. */
type TokenReply = Partial<Record<keyof ApiAnswer<'POST token/refresh/'>, unknown>> | null;

export function createSession(options: SessionOptions = {}): Session {
  const { environment, ...clientOptions } = options;
  let env: SessionEnvironment | undefined = environment;
  const getEnv = () => (env ??= browserEnvironment());

  let refreshing: Promise<boolean> | null = null;
  let switching: Promise<void> | null = null;
  let lastLogoutAt: number | null = null;
  let liveSocket: Closable | null = null;

  function logout(): void {
    const e = getEnv();
    const now = e.now();
    if (lastLogoutAt !== null && now - lastLogoutAt < LOGOUT_GUARD_MS) return;
    lastLogoutAt = now;
    resetAllState(); // before clearing storage: resetting writes the initial values
    e.clearStorage();
    e.clearCookies();
    liveSocket?.close();
    liveSocket = null;
    e.setTimeout(() => e.navigate(Path.initial), LOGOUT_REDIRECT_DELAY_MS);
  }

  async function refreshTokens(): Promise<boolean> {
    const refresh = $user.get().authState.refresh;
    if (!refresh) {
      logout();
      return false;
    }
    try {
      const reply: TokenReply = await apiCall(api, 'POST token/refresh/', { body: { refresh }, auth: false });
      if (typeof reply?.access !== 'string' || typeof reply.refresh !== 'string' || !reply.access || !reply.refresh) {
        logout();
        return false;
      }
      setTokens({ access: reply.access, refresh: reply.refresh });
      return true;
    } catch (error) {
      getEnv().warn(sessionMessages.refreshFailed, error);
      logout();
      return false;
    }
  }

  // One refresh at a time: every 401 that arrives while it runs waits for the same promise and is
  // replayed with its result. A 401 for a token that has since been replaced is replayed at once.
  function onUnauthorized(staleToken: string | null): Promise<boolean> {
    if (switching) return switching.then(() => onUnauthorized(staleToken));
    const current = $user.get().authState.access;
    if (!refreshing && current && current !== staleToken) return Promise.resolve(true);
    refreshing ??= refreshTokens().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  function onRejected(error: ApiError): void {
    if (error.status === ACCESS_DENIED_STATUS) getEnv().navigate(Path.accessDenied);
  }

  const api = createApiClient({
    ...clientOptions,
    getAccessToken: () => $user.get().authState.access,
    // Nothing new is sent with tokens a switch is revoking: it waits for the new ones.
    beforeSend: () => switching,
    onUnauthorized,
    onRejected,
  });

  return {
    api,
    logout,
    async signOut() {
      try {
        await apiCall(api, 'GET logout/');
      } catch {
        // The local logout below is what protects the user; the server revokes on its side too.
      }
      logout();
    },
    setLiveSocket(socket) {
      liveSocket = socket;
    },
    refreshAccess: onUnauthorized,
    switchTokens(change) {
      const run = change();
      const settled: Promise<void> = run.then(
        () => undefined,
        () => undefined,
      );
      switching = settled;
      void settled.then(() => {
        if (switching === settled) switching = null;
      });
      return run;
    },
  };
}
