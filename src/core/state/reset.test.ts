import { describe, expect, it } from 'vitest';
import { defaultLanding } from '../landing-blocks.ts';
import { Role } from '../roles.ts';
import { $tariff } from './cached-data.ts';
import { $filters } from './filters.ts';
import { $landing } from './landing.ts';
import { resetAllState } from './reset.ts';
import { $school } from './school.ts';
import { $unread } from './unread.ts';
import { $user, setRole, signIn } from './user.ts';

describe('resetAllState', () => {
  it('puts every store back to its initial value', () => {
    signIn({ access: 'a', refresh: 'r', userId: 1, email: 'e@x.ru' });
    setRole(Role.Admin);
    $school.set({ schoolName: 's', contactLink: '', schoolId: 2, headerId: null });
    $unread.set({ messages: 1, appeals: 1, meetings: 1 });
    $filters.set({ homework: { status: 'Принято' } });
    $landing.set(defaultLanding());
    $tariff.set({ tariff_name: 'Junior' });
    resetAllState();
    expect($user.get().auth).toBe(false);
    expect($school.get().schoolId).toBeNull();
    expect($unread.get()).toEqual({ messages: 0, appeals: 0, meetings: 0 });
    expect($filters.get()).toEqual({ homework: { status: 'Все статусы' } });
    expect($landing.get()).toBeNull();
    expect($tariff.get()).toBeNull();
  });
});
