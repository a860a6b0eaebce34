import { $impersonation, $user, apiCall, setUserName, type ApiAnswer } from '#core';
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { appSession } from '../app-session.ts';

type UserReply = ApiAnswer<'GET user/'>;

/** 'Анна Иванова'; the email when the account has no name. */
export function personName(user: Pick<UserReply, 'email' | 'first_name' | 'last_name'>): string {
  return [user.first_name, user.last_name].map((part) => part.trim()).filter(Boolean).join(' ') || user.email;
}

// Sign-in answers only the username (often the email): the name is asked once per page load.
let askedFor: number | null = null;

/** Lets a test start from a fresh page load. */
export function forgetPersonName(): void {
  askedFor = null;
}

/**
 * The signed-in person as the school header shows them: first and last name when known, else the
 * email. The name comes from `GET user/` and is kept in the user state; a failed request leaves
 * what the state already holds.
 */
export function usePersonName(): string {
  const user = useStore($user);
  const impersonating = useStore($impersonation).isImpersonating;
  const { auth, userId } = user;
  useEffect(() => {
    // While viewing as a student the name already says so ('… (просмотр от имени)').
    if (!auth || impersonating || userId === null || askedFor === userId) return;
    askedFor = userId;
    apiCall(appSession().api, 'GET user/').then(
        (reply) => {
          if ($user.get().userId === reply.id && !$impersonation.get().isImpersonating) setUserName(personName(reply));
        },
        () => undefined,
      );
  }, [auth, userId, impersonating]);
  return user.userName || user.email;
}
