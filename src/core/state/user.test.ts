import { beforeEach, describe, expect, it } from 'vitest';
import { Role } from '../roles.ts';
import { $user, INITIAL_USER, resetUser, setRole, setTokens, setUserName, signIn } from './user.ts';

beforeEach(resetUser);

describe('user state', () => {
  it('signs in with tokens and no role until a school is chosen', () => {
    signIn({ access: 'a', refresh: 'r', userId: 5, email: 'x@y.ru' }, new Date('2026-01-02T03:04:05Z'));
    expect($user.get()).toEqual({
      authState: { access: 'a', refresh: 'r' }, auth: true, role: Role.Unknown, authDate: '2026-01-02T03:04:05.000Z', userId: 5, userName: '', email: 'x@y.ru',
    });
  });

  it('replaces tokens, role and name without touching the rest', () => {
    signIn({ access: 'a', refresh: 'r', userId: 5, email: 'x@y.ru', userName: 'Иван' });
    setTokens({ access: 'b', refresh: 's' });
    setRole(Role.Teacher);
    setUserName('Пётр');
    expect($user.get()).toMatchObject({ authState: { access: 'b', refresh: 's' }, role: Role.Teacher, userName: 'Пётр', userId: 5 });
    resetUser();
    expect($user.get()).toEqual(INITIAL_USER);
  });
});
