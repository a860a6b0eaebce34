import { $school, $user, appMessages, commonMessages, INITIAL_SCHOOL, resetUser } from '#core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { deferred, stubApi } from '../../../../tests/helpers/api-stub.ts';
import { errorOf, field, type } from '../../../../tests/helpers/form-queries.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import { $router } from '../../router.ts';
import SignupPage from './signup-page.tsx';

const t = appMessages.account;
const session = { access: 'acc', refresh: 'ref', user: { id: 9, email: 'anna@example.ru', username: 'anna@example.ru' } };
const password = `${t.password}`;

function fillForm() {
  type(t.email, 'Anna@Example.ru');
  type(password, 'secret-pass');
  type(t.passwordAgain, 'secret-pass');
}

function submit() {
  fireEvent.click(screen.getByRole('button', { name: t.signupSubmit }));
}

async function toCodeStep() {
  fillForm();
  submit();
  await screen.findByRole('heading', { name: t.confirmTitle });
}

beforeEach(() => {
  resetUser();
  $school.set(INITIAL_SCHOOL);
  $router.open('/signup');
});

describe('SignupPage: the account form', () => {
  it('registers anonymously with what was typed, names only when given, and goes on to the code step', async () => {
    const { sent } = stubApi({ 'POST register/': () => json(session, 201) });
    render(<SignupPage />);
    fillForm();
    type(`${t.firstName} ${t.optional}`, ' Анна ');
    submit();
    expect(await screen.findByRole('heading', { name: t.confirmTitle })).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ email: 'Anna@Example.ru', password: 'secret-pass', password_confirmation: 'secret-pass', first_name: 'Анна' });
    expect(sent[0]!.headers.get('authorization')).toBeNull();
    expect(screen.getByText(session.user.email)).toBeTruthy();
    // Not signed in yet: the session starts after the code step.
    expect($user.get().auth).toBe(false);
  });

  it('shows a busy label and blocks a second submit while the request runs', async () => {
    const reply = deferred<Response>();
    const { sent } = stubApi({ 'POST register/': () => reply.promise });
    render(<SignupPage />);
    fillForm();
    submit();
    const button = await screen.findByRole('button', { name: t.signupSubmitting });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(button);
    expect(sent).toHaveLength(1);
    reply.resolve(json(session, 201));
    await screen.findByRole('heading', { name: t.confirmTitle });
  });

  it('shows field errors under their inputs and keeps everything typed', async () => {
    stubApi({
      'POST register/': () =>
        json({ code: 'VALIDATION_ERROR', message: 'Проверьте правильность заполнения полей.', fields: { email: ['Пользователь с таким email уже зарегистрирован.'], password_confirmation: ['Пароли не совпадают.'] } }, 400),
    });
    render(<SignupPage />);
    fillForm();
    type(`${t.lastName} ${t.optional}`, 'Смирнова');
    submit();
    await waitFor(() => expect(errorOf(t.email)).toBe('Пользователь с таким email уже зарегистрирован.'));
    expect(errorOf(t.passwordAgain)).toBe('Пароли не совпадают.');
    expect(errorOf(password)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull(); // the field messages say it all
    expect(field(t.email).value).toBe('Anna@Example.ru');
    expect(field(password).value).toBe('secret-pass');
    expect(field(t.passwordAgain).value).toBe('secret-pass');
    expect(field(`${t.lastName} ${t.optional}`).value).toBe('Смирнова');
    expect(screen.getByRole('button', { name: t.signupSubmit })).toBeTruthy();
  });

  it('shows any other error above the button and keeps everything typed', async () => {
    stubApi({ 'POST register/': () => json({ code: 'RATE_LIMITED', message: 'Слишком много попыток. Подождите немного и попробуйте снова.' }, 429) });
    render(<SignupPage />);
    fillForm();
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Слишком много попыток. Подождите немного и попробуйте снова.');
    expect(field(t.email).value).toBe('Anna@Example.ru');
    expect(field(password).value).toBe('secret-pass');
  });

  it('says so when the server cannot be reached', async () => {
    stubApi({ 'POST register/': () => Promise.reject(new TypeError('Failed to fetch')) });
    render(<SignupPage />);
    fillForm();
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(commonMessages.networkError);
  });

  it('links to sign-in', () => {
    render(<SignupPage />);
    expect(screen.getByRole('link', { name: t.toLogin }).getAttribute('href')).toBe('/login');
  });
});

describe('SignupPage: the email code step', () => {
  it('confirms the code, then starts the session and offers choose-school', async () => {
    const { sent } = stubApi({
      'POST register/': () => json(session, 201),
      'POST code/confirm/': () => json({ detail: 'Адрес электронной почты подтверждён.' }),
      'GET user-schools/': () => json([]),
    });
    render(<SignupPage />);
    await toCodeStep();
    type(t.code, ' 123456 ');
    fireEvent.click(screen.getByRole('button', { name: t.confirmSubmit }));
    await waitFor(() => expect(window.location.pathname).toBe('/chooseSchool'));
    const confirm = sent.find((r) => r.path === 'code/confirm/')!;
    expect(confirm.body).toEqual({ email: session.user.email, code: '123456' });
    expect(confirm.headers.get('authorization')).toBeNull();
    expect($user.get()).toMatchObject({ auth: true, userId: 9, email: session.user.email, authState: { access: 'acc', refresh: 'ref' } });
    expect(sent.find((r) => r.path === 'user-schools/')!.headers.get('authorization')).toBe('Bearer acc');
  });

  it('shows a wrong code under the code input and keeps it', async () => {
    stubApi({
      'POST register/': () => json(session, 201),
      'POST code/confirm/': () => json({ code: 'INVALID_CODE', message: 'Неверный или устаревший код.' }, 400),
    });
    render(<SignupPage />);
    await toCodeStep();
    type(t.code, '000000');
    fireEvent.click(screen.getByRole('button', { name: t.confirmSubmit }));
    await waitFor(() => expect(errorOf(t.code)).toBe('Неверный или устаревший код.'));
    expect(field(t.code).value).toBe('000000');
    expect($user.get().auth).toBe(false);
  });

  it('shows the busy label while the code is checked', async () => {
    const reply = deferred<Response>();
    stubApi({ 'POST register/': () => json(session, 201), 'POST code/confirm/': () => reply.promise });
    render(<SignupPage />);
    await toCodeStep();
    type(t.code, '123456');
    fireEvent.click(screen.getByRole('button', { name: t.confirmSubmit }));
    expect(((await screen.findByRole('button', { name: t.confirmSubmitting })) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: t.resend }) as HTMLButtonElement).disabled).toBe(true);
    reply.resolve(json({ code: 'INVALID_CODE', message: 'Неверный или устаревший код.' }, 400));
    await screen.findByRole('button', { name: t.confirmSubmit });
  });

  it('sends a new code on request and shows the answer', async () => {
    const { sent } = stubApi({
      'POST register/': () => json(session, 201),
      'POST code/resend/': () => json({ detail: 'Если адрес зарегистрирован и ещё не подтверждён, мы отправили на него новый код.' }),
    });
    render(<SignupPage />);
    await toCodeStep();
    type(t.code, '12');
    fireEvent.click(screen.getByRole('button', { name: t.resend }));
    expect((await screen.findByRole('status')).textContent).toBe('Если адрес зарегистрирован и ещё не подтверждён, мы отправили на него новый код.');
    expect(sent.find((r) => r.path === 'code/resend/')!.body).toEqual({ email: session.user.email });
    expect(field(t.code).value).toBe('12');
  });

  it('shows a failed resend as an error', async () => {
    stubApi({
      'POST register/': () => json(session, 201),
      'POST code/resend/': () => json({ code: 'RATE_LIMITED', message: 'Слишком много попыток. Подождите немного и попробуйте снова.' }, 429),
    });
    render(<SignupPage />);
    await toCodeStep();
    fireEvent.click(screen.getByRole('button', { name: t.resend }));
    expect((await screen.findByRole('alert')).textContent).toBe('Слишком много попыток. Подождите немного и попробуйте снова.');
  });

  it('lets the user go on without confirming for now', async () => {
    const { sent } = stubApi({ 'POST register/': () => json(session, 201), 'GET user-schools/': () => json([]) });
    render(<SignupPage />);
    await toCodeStep();
    fireEvent.click(screen.getByRole('button', { name: t.confirmLater }));
    await waitFor(() => expect(window.location.pathname).toBe('/chooseSchool'));
    expect($user.get().auth).toBe(true);
    expect(sent.some((r) => r.path === 'code/confirm/')).toBe(false);
  });

  it('after a confirmed code, a failed start only retries the start', async () => {
    let schools = 0;
    const { sent } = stubApi({
      'POST register/': () => json(session, 201),
      'POST code/confirm/': () => json({ detail: 'ok' }),
      'GET user-schools/': () => (++schools === 1 ? json({ code: 'INTERNAL_ERROR', message: 'x' }, 500) : json([])),
    });
    render(<SignupPage />);
    await toCodeStep();
    type(t.code, '123456');
    fireEvent.click(screen.getByRole('button', { name: t.confirmSubmit }));
    expect((await screen.findByRole('alert')).textContent).toBe(commonMessages.serverError);
    fireEvent.click(screen.getByRole('button', { name: t.confirmSubmit }));
    await waitFor(() => expect(schools).toBe(2));
    expect(sent.filter((r) => r.path === 'code/confirm/')).toHaveLength(1);
  });
});
