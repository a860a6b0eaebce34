// The account pages are wired into the app's route switch (each loads on demand).
import { $school, appMessages, INITIAL_SCHOOL, resetUser, Role, selectSchool, setRole, signIn } from '#core';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import { App } from '../../app.tsx';
import { $router } from '../../router.ts';

const t = appMessages.account;

beforeEach(() => {
  resetUser();
  $school.set(INITIAL_SCHOOL);
});

describe('account routes', () => {
  it.each([
    ['/signup', t.signupTitle],
    ['/forgot-password', t.forgotTitle],
    ['/token-validate/5/tok', t.resetTitle],
    ['/auth/callback', t.socialTitle],
  ])('%s shows its page', async (path, title) => {
    stubApi({});
    $router.open(path);
    render(<App />);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
  });

  it("shows the profile in the school area's 'profile'", async () => {
    signIn({ access: 'a', refresh: 'r', userId: 7, email: 'anna@example.ru' });
    selectSchool({ schoolName: 'alpha', contactLink: '', schoolId: 1, headerId: null });
    setRole(Role.Student);
    stubApi({
      'GET profile/': () =>
        json({ profile_id: 7, avatar: null, avatar_url: null, city: '', sex: '', description: '', user: { first_name: '', last_name: '', patronymic: '', email: 'anna@example.ru', phone_number: null, username: 'anna' } }),
    });
    $router.open('/school/alpha/profile');
    render(<App />);
    expect(await screen.findByRole('heading', { level: 1, name: t.profileTitle })).toBeTruthy();
    expect(screen.getByRole('form', { name: t.passwordTitle })).toBeTruthy();
  });
});
