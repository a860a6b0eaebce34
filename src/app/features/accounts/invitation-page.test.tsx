import { $impersonation, $school, $user, appMessages, commonMessages, INITIAL_IMPERSONATION, INITIAL_SCHOOL, invitationMessages, resetUser, Role, signIn } from '#core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { deferred, stubApi } from '../../../../tests/helpers/api-stub.ts';
import { errorOf, type } from '../../../../tests/helpers/form-queries.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import { $router } from '../../router.ts';
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
const joined = { school_id: 7, name: 'Alpha', title: 'Школа Альфа', role: 'Student' };
const session = { access: 'acc', refresh: 'ref', user: { id: 9, pk: 9, email: 'new@example.ru', username: 'new@example.ru' }, school: joined };
const mismatch = () => json({ code: 'VALIDATION_ERROR', message: 'Пароли не совпадают.', fields: { password_confirmation: ['Пароли не совпадают.'] } }, 400);

beforeEach(() => {
  resetUser();
  $school.set(INITIAL_SCHOOL);
  $impersonation.set(INITIAL_IMPERSONATION);
  $router.open(`/invitation/${TOKEN}`);
});

describe('InvitationPage', () => {
  it('loads the invitation anonymously and shows the school, the role and the address', async () => {
    const reply = deferred<Response>();
    const { sent } = stubApi({ [`GET invitations/${TOKEN}/`]: () => reply.promise });
    render(<InvitationPage token={TOKEN} />);
    expect(screen.getByRole('status').textContent).toBe(commonMessages.loading);
    reply.resolve(json(invitation(true)));
    expect(await screen.findByRole('heading', { name: 'Приглашение в школу «Школа Альфа»' })).toBeTruthy();
    expect(screen.getByText('Ученик')).toBeTruthy();
    expect(screen.getByText('new@example.ru')).toBeTruthy();
    expect(sent[0]!.headers.get('authorization')).toBeNull();
  });

  it('lets a new address set its password (a mismatch shown under its field), then signs it into the school it joined', async () => {
    const second = deferred<Response>();
    let tries = 0;
    const { sent } = stubApi({
      [`GET invitations/${TOKEN}/`]: () => json(invitation(false)),
      [`POST invitations/${TOKEN}/accept/`]: () => (++tries === 1 ? mismatch() : second.promise),
    });
    render(<InvitationPage token={TOKEN} />);
    await screen.findByText(t.setPasswordHint);
    type(account.firstName, 'Олег');
    type(account.password, 'secret-pass-1');
    type(account.passwordAgain, 'secret-pass-2');
    fireEvent.click(screen.getByRole('button', { name: t.accept }));
    await waitFor(() => expect(errorOf(account.passwordAgain)).toBe('Пароли не совпадают.'));
    expect(errorOf(account.password)).toBeNull();
    expect($user.get().auth).toBe(false);

    type(account.passwordAgain, 'secret-pass-1');
    fireEvent.click(screen.getByRole('button', { name: t.accept }));
    expect(((await screen.findByRole('button', { name: t.accepting })) as HTMLButtonElement).disabled).toBe(true);
    second.resolve(json(session));
    await waitFor(() => expect($router.get()?.path).toBe('/school/Alpha/student-courses'));
    expect($user.get()).toMatchObject({ auth: true, authState: { access: 'acc', refresh: 'ref' }, userId: 9, email: 'new@example.ru', role: Role.Student });
    expect($school.get()).toEqual({ schoolName: 'Alpha', schoolTitle: 'Школа Альфа', contactLink: '', schoolId: 7, headerId: null });
    const posts = sent.filter((request) => request.method === 'POST');
    expect(posts.map((request) => request.body)).toEqual([
      { first_name: 'Олег', last_name: '', password: 'secret-pass-1', password_confirmation: 'secret-pass-2' },
      { first_name: 'Олег', last_name: '', password: 'secret-pass-1', password_confirmation: 'secret-pass-1' },
    ]);
    expect(posts.every((request) => request.headers.get('authorization') === null)).toBe(true);
    // The answer names the school and the role: no user-schools/ round trip.
    expect(sent.map((request) => request.path)).not.toContain('user-schools/');
  });

  it("drops what another account left in the browser before the new account's session starts", async () => {
    signIn({ access: 'old', refresh: 'old-r', userId: 3, email: 'other@example.ru' });
    $school.set({ schoolName: 'Beta', contactLink: 'https://t.me/beta', schoolId: 2, headerId: 5 });
    $impersonation.set({ ...INITIAL_IMPERSONATION, isImpersonating: true, impersonatedUserId: 4, impersonatedUserEmail: 'x@example.ru' });
    stubApi({ [`GET invitations/${TOKEN}/`]: () => json(invitation(false)), [`POST invitations/${TOKEN}/accept/`]: () => json(session) });
    render(<InvitationPage token={TOKEN} />);
    await screen.findByText(t.setPasswordHint);
    type(account.password, 'secret-pass-1');
    type(account.passwordAgain, 'secret-pass-1');
    fireEvent.click(screen.getByRole('button', { name: t.accept }));
    await waitFor(() => expect($user.get().userId).toBe(9));
    expect($impersonation.get()).toEqual(INITIAL_IMPERSONATION);
    expect($school.get()).toEqual({ schoolName: 'Alpha', schoolTitle: 'Школа Альфа', contactLink: '', schoolId: 7, headerId: null });
  });

  it('lets an existing account accept, then sends it to sign in', async () => {
    const { sent } = stubApi({
      [`GET invitations/${TOKEN}/`]: () => json(invitation(true)),
      [`POST invitations/${TOKEN}/accept/`]: () => json({ school: joined }),
    });
    render(<InvitationPage token={TOKEN} />);
    fireEvent.click(await screen.findByRole('button', { name: t.accept }));
    expect((await screen.findByRole('status')).textContent).toBe(t.accepted('Школа Альфа'));
    expect(screen.queryByLabelText(account.password)).toBeNull();
    expect(screen.getByText(t.signInToStart)).toBeTruthy();
    expect(screen.getByRole('link', { name: t.toLogin }).getAttribute('href')).toBe('/login');
    expect(sent.at(-1)!.body).toEqual({});
    expect($user.get().auth).toBe(false);
  });

  it('chooses the school at once for the invited account when it is signed in already', async () => {
    signIn({ access: 'acc', refresh: 'ref', userId: 9, email: 'New@Example.ru' });
    stubApi({
      [`GET invitations/${TOKEN}/`]: () => json(invitation(true)),
      [`POST invitations/${TOKEN}/accept/`]: () => json({ school: joined }),
    });
    render(<InvitationPage token={TOKEN} />);
    fireEvent.click(await screen.findByRole('button', { name: t.accept }));
    await screen.findByRole('status');
    expect(screen.queryByRole('link', { name: t.toLogin })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: t.toSchool }));
    expect($router.get()?.path).toBe('/school/Alpha/student-courses');
    expect($school.get().schoolName).toBe('Alpha');
    expect($user.get()).toMatchObject({ userId: 9, role: Role.Student, authState: { access: 'acc', refresh: 'ref' } });
  });

  it('declines, busy while the answer is on its way', async () => {
    const reply = deferred<Response>();
    const { sent } = stubApi({
      [`GET invitations/${TOKEN}/`]: () => json(invitation(true)),
      [`POST invitations/${TOKEN}/decline/`]: () => reply.promise,
    });
    render(<InvitationPage token={TOKEN} />);
    fireEvent.click(await screen.findByRole('button', { name: t.decline }));
    expect(((await screen.findByRole('button', { name: t.declining })) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: t.accept }) as HTMLButtonElement).disabled).toBe(true);
    reply.resolve(json({ detail: 'Приглашение отклонено.' }));
    expect((await screen.findByRole('status')).textContent).toBe(t.declined);
    expect(screen.queryByRole('button', { name: t.accept })).toBeNull();
    expect(sent.at(-1)!.path).toBe(`invitations/${TOKEN}/decline/`);
  });

  it('says so when the link is unknown or stale, and offers to sign in', async () => {
    stubApi({ [`GET invitations/${TOKEN}/`]: () => json({ code: 'INVITATION_NOT_FOUND', message: 'Приглашение не найдено или устарело.' }, 404) });
    render(<InvitationPage token={TOKEN} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Приглашение не найдено или устарело.');
    expect(screen.getByRole('heading', { name: t.heading })).toBeTruthy();
    expect(screen.getByRole('link', { name: t.toLogin }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('button', { name: t.accept })).toBeNull();
  });
});
