import { $school, $user, appMessages, commonMessages, INITIAL_SCHOOL, resetUser } from '#core';
import { render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { deferred, stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import { $router } from '../../router.ts';
import SocialCallbackPage from './social-callback-page.tsx';

const t = appMessages.account;
const session = { access: 'acc', refresh: 'ref', user: { id: 4, email: 'ivan@example.ru', username: 'ivan' } };
const school = { school_id: 3, name: 'alpha', title: 'Альфа', header_school: null, role: 'Student', is_owner: false, tariff_name: null, active: true, contact_link: null };

beforeEach(() => {
  resetUser();
  $school.set(INITIAL_SCHOOL);
});

describe('SocialCallbackPage', () => {
  it('shows a loading state, then starts the session the server completed', async () => {
    const reply = deferred<Response>();
    const { sent } = stubApi({ 'GET auth/social-complete/': () => reply.promise, 'GET user-schools/': () => json([school]) });
    render(<SocialCallbackPage />);
    expect(screen.getByRole('status').textContent).toBe(t.socialLoading);
    reply.resolve(json(session));
    await waitFor(() => expect(window.location.pathname).toBe('/school/alpha/student-courses'));
    expect(sent[0]!.headers.get('authorization')).toBeNull();
    expect($user.get()).toMatchObject({ auth: true, userId: 4, authState: { access: 'acc', refresh: 'ref' } });
  });

  it("shows the server's message when social sign-in is not configured, with a way back", async () => {
    stubApi({ 'GET auth/social-complete/': () => json({ code: 'SOCIAL_AUTH_NOT_CONFIGURED', message: 'Вход через социальные сети не настроен на этом сервере.' }, 501) });
    render(<SocialCallbackPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('Вход через социальные сети не настроен на этом сервере. Войдите по email и паролю.');
    expect(screen.getByRole('link', { name: t.backToLogin }).getAttribute('href')).toBe('/login');
    expect($user.get().auth).toBe(false);
  });

  it.each([
    ['a refusal', () => json({ code: 'NOT_AUTHENTICATED', message: 'Требуется вход в систему.' }, 401), 'Требуется вход в систему.'],
    ['another server failure', () => json({ code: 'INTERNAL_ERROR', message: 'stack trace' }, 500), commonMessages.serverError],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch')), commonMessages.networkError],
  ])('shows %s as an error', async (_name, answer, message) => {
    stubApi({ 'GET auth/social-complete/': answer });
    render(<SocialCallbackPage />);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByRole('link', { name: t.backToLogin })).toBeTruthy();
  });

  it('never takes tokens from the address', async () => {
    $router.open('/auth/callback?access=evil&refresh=evil&token=evil#access=evil');
    const { sent } = stubApi({ 'GET auth/social-complete/': () => json({ code: 'SOCIAL_AUTH_NOT_CONFIGURED', message: 'x' }, 501) });
    render(<SocialCallbackPage />);
    await screen.findByRole('alert');
    expect($user.get().auth).toBe(false);
    expect($user.get().authState).toEqual({ access: null, refresh: null });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.path).toBe('auth/social-complete/');
  });
});
