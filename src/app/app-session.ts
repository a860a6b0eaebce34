import { createSession, type Session } from '#core';

let session: Session | undefined;

/** The app's one session: the API client with refresh, logout and the 451 rule. */
export function appSession(): Session {
  session ??= createSession();
  return session;
}
