import { impersonationMessages } from '../messages.ts';
import { persistentAtom } from '../persistent-atom.ts';
import { Role } from '../roles.ts';
import { $userProfile } from './cached-data.ts';
import { $user, type UserState } from './user.ts';

/** Spec §3 impersonation state, persisted under `impersonation`. */
export interface ImpersonationState {
  isImpersonating: boolean;
  impersonatedUserId: number | null;
  impersonatedUserEmail: string;
  message: string;
  originalUserState: UserState | null;
  originalUserProfile: unknown;
}

export const INITIAL_IMPERSONATION: ImpersonationState = {
  isImpersonating: false,
  impersonatedUserId: null,
  impersonatedUserEmail: '',
  message: '',
  originalUserState: null,
  originalUserProfile: null,
};

export const $impersonation = persistentAtom<ImpersonationState>('impersonation', INITIAL_IMPERSONATION);

export interface ImpersonationTarget {
  access: string;
  refresh: string;
  userId: number;
  email: string;
  userName: string;
  message?: string;
}

/**
 * Spec §4: keep the real user, become the target as a Student with 'просмотр от имени' after the
 * name, and drop the profile (it belongs to the real user).
 */
export function startImpersonation(target: ImpersonationTarget): void {
  const current = $impersonation.get();
  const original = current.isImpersonating ? current.originalUserState : $user.get();
  const originalProfile = current.isImpersonating ? current.originalUserProfile : $userProfile.get();
  $impersonation.set({
    isImpersonating: true,
    impersonatedUserId: target.userId,
    impersonatedUserEmail: target.email,
    message: target.message ?? '',
    originalUserState: original,
    originalUserProfile: originalProfile,
  });
  $user.set({
    ...$user.get(),
    authState: { access: target.access, refresh: target.refresh },
    role: Role.Student,
    userId: target.userId,
    email: target.email,
    userName: `${target.userName} (${impersonationMessages.nameSuffix})`.trim(),
  });
  $userProfile.set(null);
}

/** Restores the real user; fresh tokens from impersonate/stop/ replace the stored ones. */
export function stopImpersonation(tokens?: { access: string; refresh: string }): void {
  const { originalUserState } = $impersonation.get();
  if (originalUserState) {
    $user.set(tokens ? { ...originalUserState, authState: { ...tokens } } : originalUserState);
  }
  $userProfile.set(null);
  $impersonation.set(INITIAL_IMPERSONATION);
}

/** The banner text: the custom message, else 'Вы просматриваете сайт от имени {email}'. */
export function impersonationBannerText(state: ImpersonationState): string {
  return state.message || `${impersonationMessages.viewingAs} ${state.impersonatedUserEmail}`;
}
