import { beforeEach, describe, expect, it } from 'vitest';
import { Role } from '../roles.ts';
import { $userProfile } from './cached-data.ts';
import { $impersonation, impersonationBannerText, INITIAL_IMPERSONATION, startImpersonation, stopImpersonation } from './impersonation.ts';
import { $user, resetUser, setRole, signIn } from './user.ts';

const target = { access: 'sa', refresh: 'sr', userId: 42, email: 'student@school.ru', userName: 'Анна Петрова' };

beforeEach(() => {
  resetUser();
  $impersonation.set(INITIAL_IMPERSONATION);
  signIn({ access: 'aa', refresh: 'ar', userId: 1, email: 'admin@school.ru', userName: 'Админ' });
  setRole(Role.Admin);
  $userProfile.set({ avatar: 'admin.png' });
});

describe('impersonation (spec §4)', () => {
  it('keeps the real user and becomes the student with the label after the name', () => {
    const admin = $user.get();
    startImpersonation(target);
    expect($user.get()).toMatchObject({
      authState: { access: 'sa', refresh: 'sr' }, role: Role.Student, userId: 42, email: 'student@school.ru', userName: 'Анна Петрова (просмотр от имени)',
    });
    expect($impersonation.get()).toEqual({
      isImpersonating: true, impersonatedUserId: 42, impersonatedUserEmail: 'student@school.ru', message: '', originalUserState: admin, originalUserProfile: { avatar: 'admin.png' },
    });
    expect($userProfile.get()).toBeNull();
  });

  it('restores the real user on stop, with fresh tokens when given', () => {
    const admin = $user.get();
    startImpersonation(target);
    stopImpersonation({ access: 'new', refresh: 'newr' });
    expect($user.get()).toEqual({ ...admin, authState: { access: 'new', refresh: 'newr' } });
    expect($impersonation.get()).toEqual(INITIAL_IMPERSONATION);
    expect($userProfile.get()).toBeNull();
  });

  it('restores the stored session when stop gives no tokens, and survives a stop without a start', () => {
    const admin = $user.get();
    startImpersonation(target);
    stopImpersonation();
    expect($user.get()).toEqual(admin);
    stopImpersonation();
    expect($user.get()).toEqual(admin);
  });

  it('keeps the first real user when switching from one student to another', () => {
    const admin = $user.get();
    startImpersonation(target);
    startImpersonation({ ...target, userId: 43, email: 'other@school.ru', message: 'Режим проверки' });
    expect($impersonation.get().originalUserState).toEqual(admin);
    expect($impersonation.get().originalUserProfile).toEqual({ avatar: 'admin.png' });
  });

  it('shows the custom message, else the email after the standard text', () => {
    expect(impersonationBannerText({ ...INITIAL_IMPERSONATION, impersonatedUserEmail: 'a@b.ru' })).toBe('Вы просматриваете сайт от имени a@b.ru');
    expect(impersonationBannerText({ ...INITIAL_IMPERSONATION, impersonatedUserEmail: 'a@b.ru', message: 'Проверка курса' })).toBe('Проверка курса');
  });
});
