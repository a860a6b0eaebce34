import { $school, $user, appMessages, INITIAL_SCHOOL, invitationMessages, resetUser, Role } from '#core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { deferred, stubApi } from '../../../tests/helpers/api-stub.ts';
import { errorOf, type } from '../../../tests/helpers/form-queries.ts';
import { json } from '../../../tests/helpers/json-response.ts';
import { $router } from '../router.ts';
import InvitationPage from './invitation-page.tsx';

const t = invitationMessages;
const account = appMessages.account;
const TOKEN = 'tok_en-1';
const invitation = (accountExists: boolean) => ({
  invitation_id: 4,
  school_id: 7,
  school_name: 'Alpha',
  school_title: 'Школа Альфа',
  role: 'Student',
  expires_at: '2026-12-01T00:00:00.000Z',
  email: 'new@example.ru',
  account_exists: accountExists,
});
const school = { school_id: 7, name: 'Alpha', title: 'Школа Альфа', header_school: null, role: 'Student', is_owner: false, tariff_name: null, active: true, contact_link: null };

beforeEach(() => {
  resetUser();
  $school.set(INITIAL_SCHOOL);
  $router.open(`/invitation/${TOKEN}`);
});

describe('InvitationPage', () => {
  it('loads the invitation anonymously and shows the school, the role and the address', async () => {
    const reply = deferred<Response>();
    const { sent } = stubApi({ [`GET invitations/${TOKEN}/`]: () => reply.promise });
    render(<InvitationPage token={TOKEN} />);
    expect(screen.getByRole('status').textContent).toBe(t.loading);
    reply.resolve(json(invitation(true)));
    expect(await screen.findByRole('heading', { name: 'Приглашение в школу «Школа Альфа»' })).toBeTruthy();
    expect(screen.getByText('Пользователь')).toBeTruthy();
    expect(screen.getByText('new@example.ru')).toBeTruthy();
    expect(sent[0]!.headers.get('authorization')).toBeNull();
  });

  it('lets a new address set its password and signs it into the school', async () => {
    const { sent } = stubApi({
      [`GET invitations/${TOKEN}/`]: () => json(invitation(false)),
      [`POST invitations/${TOKEN}/accept/`]: (request) =>
        (request.body as { password_confirmation: string }).password_confirmation === 'secret-pass-1'
          ? json({ access: 'acc', refresh: 'ref', user: { id: 9, pk: 9, email: 'new@example.ru', username: 'new@example.ru' }, school: { school_id: 7, name: 'Alpha', title: 'Школа Альфа', role: 'Student' } })
          : json({ code: 'VALIDATION_ERROR', message: 'Пароли не совпадают.', fields: { password_confirmation: ['Пароли не совпадают.'] } }, 400),
      'GET user-schools/': () => json([school]),
    });
    render(<InvitationPage token={TOKEN} />);
    await screen.findByText(t.setPasswordHint);
    type(account.firstName, 'Олег');
    type(account.password, 'secret-pass-1');
    type(account.passwordAgain, 'secret-pass-2');
    fireEvent.click(screen.getByRole('button', { name: t.accept }));
    await waitFor(() => expect(errorOf(account.passwordAgain)).toBe('Пароли не совпадают.'));

    type(account.passwordAgain, 'secret-pass-1');
    fireEvent.click(screen.getByRole('button', { name: t.accept }));
    await waitFor(() => expect($router.get()?.path).toBe('/school/Alpha/student-courses'));
    expect($user.get()).toMatchObject({ auth: true, userId: 9, email: 'new@example.ru', role: Role.Student });
    expect($school.get().schoolName).toBe('Alpha');
    expect(sent.find((request) => request.method === 'POST')!.body).toEqual({ first_name: 'Олег', last_name: '', password: 'secret-pass-1', password_confirmation: 'secret-pass-2' });
  });

  it('lets an existing account accept, then sends it to sign in', async () => {
    const { sent } = stubApi({
      [`GET invitations/${TOKEN}/`]: () => json(invitation(true)),
      [`POST invitations/${TOKEN}/accept/`]: () => json({ school: { school_id: 7, name: 'Alpha', title: 'Школа Альфа', role: 'Student' } }),
    });
    render(<InvitationPage token={TOKEN} />);
    expect(screen.queryByLabelText(account.password)).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: t.accept }));
    expect((await screen.findByRole('status')).textContent).toBe(t.accepted('Школа Альфа'));
    expect(screen.getByRole('link', { name: t.toLogin }).getAttribute('href')).toBe('/login');
    expect(sent.at(-1)!.body).toEqual({});
    expect($user.get().auth).toBe(false);
  });

  it('declines', async () => {
    stubApi({
      [`GET invitations/${TOKEN}/`]: () => json(invitation(true)),
      [`POST invitations/${TOKEN}/decline/`]: () => json({ detail: 'Приглашение отклонено.' }),
    });
    render(<InvitationPage token={TOKEN} />);
    fireEvent.click(await screen.findByRole('button', { name: t.decline }));
    expect((await screen.findByRole('status')).textContent).toBe(t.declined);
  });

  it('says so when the link is unknown or stale, and offers to sign in', async () => {
    stubApi({ [`GET invitations/${TOKEN}/`]: () => json({ code: 'INVITATION_NOT_FOUND', message: 'Приглашение не найдено или устарело.' }, 404) });
    render(<InvitationPage token={TOKEN} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Приглашение не найдено или устарело.');
    expect(screen.getByRole('link', { name: t.toLogin })).toBeTruthy();
  });
});
