import { persistentAtom } from '../persistent-atom.ts';
import { Role, type RoleId } from '../roles.ts';

export interface AuthTokens {
  access: string | null;
  refresh: string | null;
}

/** Spec §3 client state "user", persisted under `user`. */
export interface UserState {
  authState: AuthTokens;
  auth: boolean;
  role: RoleId;
  /** ISO time of sign-in. */
  authDate: string | null;
  userId: number | null;
  userName: string;
  email: string;
}

export const INITIAL_USER: UserState = {
  authState: { access: null, refresh: null },
  auth: false,
  role: Role.Unknown,
  authDate: null,
  userId: null,
  userName: '',
  email: '',
};

export const $user = persistentAtom<UserState>('user', INITIAL_USER);

export function signIn(session: { access: string; refresh: string; userId: number; email: string; userName?: string }, now = new Date()): void {
  $user.set({
    authState: { access: session.access, refresh: session.refresh },
    auth: true,
    role: Role.Unknown, // chosen with the school
    authDate: now.toISOString(),
    userId: session.userId,
    userName: session.userName ?? '',
    email: session.email,
  });
}

export function setTokens(tokens: { access: string; refresh: string }): void {
  $user.set({ ...$user.get(), authState: { access: tokens.access, refresh: tokens.refresh } });
}

export function setRole(role: RoleId): void {
  $user.set({ ...$user.get(), role });
}

export function setUserName(userName: string): void {
  $user.set({ ...$user.get(), userName });
}

export function resetUser(): void {
  $user.set(INITIAL_USER);
}
