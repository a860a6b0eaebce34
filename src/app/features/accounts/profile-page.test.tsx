import { $user, appMessages, commonMessages, resetUser, signIn } from '#core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { deferred, stubApi, type Answer } from '../../../../tests/helpers/api-stub.ts';
import { errorOf, field, form, type } from '../../../../tests/helpers/form-queries.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import ProfilePage, { personalPatch, type Profile } from './profile-page.tsx';

const t = appMessages.account;

const PROFILE: Profile = {
  profile_id: 7,
  avatar: null,
  avatar_url: null,
  city: 'Минск',
  sex: '',
  description: '',
  user: { first_name: 'Анна', last_name: 'Смирнова', patronymic: '', email: 'anna@example.ru', phone_number: null, username: 'anna@example.ru' },
};

const withUser = (patch: Partial<Profile['user']>, rest: Partial<Profile> = {}): Profile => ({ ...PROFILE, ...rest, user: { ...PROFILE.user, ...patch } });
// What every write answers while an admin views the platform as a student.
const READ_ONLY = 'В режиме просмотра от имени ученика ничего нельзя изменить. Завершите просмотр, чтобы продолжить.';
const readOnly = () => json({ code: 'IMPERSONATION_READ_ONLY', message: READ_ONLY }, 403);
const fieldError = (field: string, message: string) => () => json({ code: 'VALIDATION_ERROR', message, fields: { [field]: [message] } }, 400);

async function renderProfile(routes: Record<string, Answer> = {}, profile: Profile = PROFILE) {
  const api = stubApi({ 'GET profile/': () => json(profile), ...routes });
  render(<ProfilePage />);
  await screen.findByRole('heading', { name: t.profileTitle });
  return api;
}

beforeEach(() => {
  resetUser();
  signIn({ access: 'acc', refresh: 'ref', userId: 7, email: 'anna@example.ru' });
});

describe('ProfilePage: loading', () => {
  it('shows a loading state, then the profile in the form', async () => {
    const reply = deferred<Response>();
    const { sent } = stubApi({ 'GET profile/': () => reply.promise });
    render(<ProfilePage />);
    expect(screen.getByRole('status').textContent).toBe(t.profileLoading);
    reply.resolve(json(withUser({ phone_number: '+375291234567' }, { sex: 'Ж', description: 'Учусь' })));
    await screen.findByRole('heading', { name: t.profileTitle });
    const personal = form(t.personalTitle);
    expect(personal.getByDisplayValue('Анна').id).toBe('user.first_name');
    expect(field(t.lastName, personal).value).toBe('Смирнова');
    expect(field(t.phone, personal).value).toBe('+375291234567');
    expect(field(t.city, personal).value).toBe('Минск');
    expect(field(t.sex, personal).value).toBe('Ж');
    expect(field(t.description, personal).value).toBe('Учусь');
    expect(sent[0]!.headers.get('authorization')).toBe('Bearer acc');
    expect(screen.getByText('anna@example.ru')).toBeTruthy();
  });

  it('offers a retry when the profile could not be loaded', async () => {
    let calls = 0;
    stubApi({ 'GET profile/': () => (++calls === 1 ? json({ code: 'INTERNAL_ERROR', message: 'x' }, 500) : json(PROFILE)) });
    render(<ProfilePage />);
    expect((await screen.findByRole('alert')).textContent).toContain(commonMessages.serverError);
    fireEvent.click(screen.getByRole('button', { name: commonMessages.retry }));
    expect(await screen.findByRole('heading', { name: t.profileTitle })).toBeTruthy();
  });
});

describe('ProfilePage: personal data', () => {
  it('sends only the changed fields and shows the saved values', async () => {
    const saved = withUser({ first_name: 'Анна-Мария', phone_number: '+375291234567' }, { sex: 'Ж' });
    const { sent } = await renderProfile({ 'PATCH profile/7/': () => json(saved) });
    const personal = form(t.personalTitle);
    type(t.firstName, 'Анна-Мария ', personal);
    type(t.phone, '+375 29 123-45-67', personal);
    fireEvent.change(field(t.sex, personal), { target: { value: 'Ж' } });
    fireEvent.click(personal.getByRole('button', { name: t.save }));
    expect((await personal.findByRole('status')).textContent).toBe(t.saved);
    const patch = sent.find((r) => r.method === 'PATCH')!;
    expect(patch.path).toBe('profile/7/');
    expect(patch.body).toEqual({ sex: 'Ж', user: { first_name: 'Анна-Мария ', phone_number: '+375 29 123-45-67' } });
    expect(patch.headers.get('authorization')).toBe('Bearer acc');
    expect(field(t.firstName, personal).value).toBe('Анна-Мария');
    expect(field(t.phone, personal).value).toBe('+375291234567');
  });

  it('sends nothing when nothing changed', async () => {
    const { sent } = await renderProfile();
    const personal = form(t.personalTitle);
    fireEvent.click(personal.getByRole('button', { name: t.save }));
    expect((await personal.findByRole('status')).textContent).toBe(t.noChanges);
    expect(sent.filter((r) => r.method === 'PATCH')).toEqual([]);
  });

  it('shows a busy label while saving', async () => {
    const reply = deferred<Response>();
    await renderProfile({ 'PATCH profile/7/': () => reply.promise });
    const personal = form(t.personalTitle);
    type(t.city, 'Гомель', personal);
    fireEvent.click(personal.getByRole('button', { name: t.save }));
    expect(((await personal.findByRole('button', { name: t.saving })) as HTMLButtonElement).disabled).toBe(true);
    reply.resolve(json({ ...PROFILE, city: 'Гомель' }));
    await personal.findByRole('status');
  });

  it('shows a field error under its input and keeps everything typed', async () => {
    await renderProfile({ 'PATCH profile/7/': fieldError('user.phone_number', 'Неверный формат номера телефона.') });
    const personal = form(t.personalTitle);
    type(t.phone, '12', personal);
    type(t.patronymic, 'Игоревна', personal);
    type(t.description, 'Люблю учиться', personal);
    fireEvent.click(personal.getByRole('button', { name: t.save }));
    await waitFor(() => expect(errorOf(t.phone, personal)).toBe('Неверный формат номера телефона.'));
    expect(errorOf(t.patronymic, personal)).toBeNull();
    expect(personal.queryByRole('alert')).toBeNull();
    expect(field(t.phone, personal).value).toBe('12');
    expect(field(t.patronymic, personal).value).toBe('Игоревна');
    expect(field(t.description, personal).value).toBe('Люблю учиться');
  });

  it('ties errors of the select and the text area to them too', async () => {
    await renderProfile({
      'PATCH profile/7/': () => json({ code: 'VALIDATION_ERROR', message: 'x', fields: { sex: ['Недопустимое значение.'], description: ['Не длиннее 5000 символов.'] } }, 400),
    });
    const personal = form(t.personalTitle);
    type(t.description, 'много текста', personal);
    fireEvent.click(personal.getByRole('button', { name: t.save }));
    await waitFor(() => expect(errorOf(t.sex, personal)).toBe('Недопустимое значение.'));
    expect(errorOf(t.description, personal)).toBe('Не длиннее 5000 символов.');
  });

  it('shows other errors above the button and keeps everything typed', async () => {
    await renderProfile({ 'PATCH profile/7/': () => json({ code: 'FORBIDDEN', message: 'Можно изменять только свой профиль.' }, 403) });
    const personal = form(t.personalTitle);
    type(t.lastName, 'Иванова', personal);
    fireEvent.click(personal.getByRole('button', { name: t.save }));
    expect((await personal.findByRole('alert')).textContent).toBe('Можно изменять только свой профиль.');
    expect(field(t.lastName, personal).value).toBe('Иванова');
  });

  it("shows the read-only answer of a 'view as' session above the button and keeps the form usable", async () => {
    const { sent } = await renderProfile({ 'PATCH profile/7/': readOnly });
    const personal = form(t.personalTitle);
    type(t.city, 'Гомель', personal);
    fireEvent.click(personal.getByRole('button', { name: t.save }));
    expect((await personal.findByRole('alert')).textContent).toBe(READ_ONLY);
    expect(field(t.city, personal).value).toBe('Гомель');
    expect((personal.getByRole('button', { name: t.save }) as HTMLButtonElement).disabled).toBe(false);
    expect($user.get().auth).toBe(true);
    expect(sent.filter((r) => r.method === 'PATCH')).toHaveLength(1);
  });

  it('builds the patch from the differences only', () => {
    const form = { first_name: 'Анна', last_name: 'Смирнова', patronymic: '', phone_number: '', city: 'Минск', sex: '', description: '' };
    expect(personalPatch(PROFILE, form)).toBeNull();
    expect(personalPatch(PROFILE, { ...form, city: '', description: 'Привет' })).toEqual({ city: '', description: 'Привет' });
    expect(personalPatch(PROFILE, { ...form, last_name: 'Иванова' })).toEqual({ user: { last_name: 'Иванова' } });
  });
});

describe('ProfilePage: photo', () => {
  const image = () => new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });

  it('shows no photo yet, asks for a file before sending anything', async () => {
    const { sent } = await renderProfile();
    const avatar = form(t.avatarTitle);
    expect(avatar.getByText(t.avatarNone)).toBeTruthy();
    expect(field(t.avatarFile, avatar).accept).toBe('image/*');
    fireEvent.click(avatar.getByRole('button', { name: t.avatarUpload }));
    expect(errorOf(t.avatarFile, avatar)).toBe(t.avatarPick);
    expect(sent.filter((r) => r.method === 'PATCH')).toEqual([]);
  });

  it("uploads the file as multipart field 'avatar' and shows the new photo", async () => {
    const reply = deferred<Response>();
    const { sent } = await renderProfile({ 'PATCH profile/7/': () => reply.promise });
    const avatar = form(t.avatarTitle);
    const file = image();
    fireEvent.change(field(t.avatarFile, avatar), { target: { files: [file] } });
    fireEvent.click(avatar.getByRole('button', { name: t.avatarUpload }));
    expect(((await avatar.findByRole('button', { name: t.avatarUploading })) as HTMLButtonElement).disabled).toBe(true);
    reply.resolve(json({ ...PROFILE, avatar: 'a.png', avatar_url: '/api/uploads/avatars/a.png' }));
    expect((await avatar.findByRole('status')).textContent).toBe(t.avatarSaved);
    expect(avatar.getByRole('img', { name: t.avatarAlt }).getAttribute('src')).toBe('/api/uploads/avatars/a.png');
    const body = sent.find((r) => r.method === 'PATCH')!.body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('avatar')).toBeInstanceOf(File);
    expect(((body as FormData).get('avatar') as File).name).toBe('me.png');
  });

  it('shows a refused file under the input', async () => {
    await renderProfile({ 'PATCH profile/7/': fieldError('avatar', 'Загрузите изображение в формате PNG, JPEG, WebP или GIF.') });
    const avatar = form(t.avatarTitle);
    fireEvent.change(field(t.avatarFile, avatar), { target: { files: [image()] } });
    fireEvent.click(avatar.getByRole('button', { name: t.avatarUpload }));
    await waitFor(() => expect(errorOf(t.avatarFile, avatar)).toBe('Загрузите изображение в формате PNG, JPEG, WebP или GIF.'));
  });

  it('shows other upload errors above the button', async () => {
    await renderProfile({ 'PATCH profile/7/': () => Promise.reject(new TypeError('Failed to fetch')) }, { ...PROFILE, avatar_url: '/api/uploads/avatars/old.png' });
    const avatar = form(t.avatarTitle);
    expect(avatar.getByRole('img', { name: t.avatarAlt }).getAttribute('src')).toBe('/api/uploads/avatars/old.png');
    fireEvent.change(field(t.avatarFile, avatar), { target: { files: [image()] } });
    fireEvent.click(avatar.getByRole('button', { name: t.avatarUpload }));
    expect((await avatar.findByRole('alert')).textContent).toBe(commonMessages.networkError);
  });
});

describe('ProfilePage: email', () => {
  it('sends a code to the new address, then confirms it', async () => {
    const pending = withUser({}, { email_change_pending: 'new@example.ru' });
    const changed = withUser({ email: 'new@example.ru' });
    const { sent } = await renderProfile({ 'PATCH profile/7/': () => json(pending), 'POST email-confirm/': () => json(changed) });
    type(t.emailNew, 'new@example.ru', form(t.emailTitle));
    fireEvent.click(form(t.emailTitle).getByRole('button', { name: t.emailSend }));
    expect((await form(t.emailTitle).findByRole('status')).textContent).toContain('new@example.ru');
    expect(sent.find((r) => r.method === 'PATCH')!.body).toEqual({ user: { email: 'new@example.ru' } });
    type(t.code, '123456', form(t.emailTitle));
    fireEvent.click(form(t.emailTitle).getByRole('button', { name: t.emailConfirm }));
    expect((await form(t.emailTitle).findByText(t.emailChanged)).getAttribute('role')).toBe('status');
    const confirm = sent.find((r) => r.path === 'email-confirm/')!;
    expect(confirm.body).toEqual({ email: 'new@example.ru', code: '123456' });
    expect(confirm.headers.get('authorization')).toBe('Bearer acc');
    expect(within(form(t.emailTitle).getByText(t.emailCurrent, { exact: false })).getByText('new@example.ru')).toBeTruthy();
    expect($user.get().email).toBe('new@example.ru');
  });

  it('refuses the current address without asking the server', async () => {
    const { sent } = await renderProfile();
    type(t.emailNew, 'ANNA@example.ru', form(t.emailTitle));
    fireEvent.click(form(t.emailTitle).getByRole('button', { name: t.emailSend }));
    expect(errorOf(t.emailNew, form(t.emailTitle))).toBe(t.emailSame);
    expect(sent.filter((r) => r.method === 'PATCH')).toEqual([]);
  });

  it('shows a taken address under the input and keeps it', async () => {
    await renderProfile({ 'PATCH profile/7/': fieldError('user.email', 'Пользователь с такой электронной почтой уже существует.') });
    type(t.emailNew, 'taken@example.ru', form(t.emailTitle));
    fireEvent.click(form(t.emailTitle).getByRole('button', { name: t.emailSend }));
    await waitFor(() => expect(errorOf(t.emailNew, form(t.emailTitle))).toBe('Пользователь с такой электронной почтой уже существует.'));
    expect(field(t.emailNew, form(t.emailTitle)).value).toBe('taken@example.ru');
  });

  it('shows the busy label while sending the code', async () => {
    const reply = deferred<Response>();
    await renderProfile({ 'PATCH profile/7/': () => reply.promise });
    type(t.emailNew, 'new@example.ru', form(t.emailTitle));
    fireEvent.click(form(t.emailTitle).getByRole('button', { name: t.emailSend }));
    expect(((await form(t.emailTitle).findByRole('button', { name: t.emailSending })) as HTMLButtonElement).disabled).toBe(true);
    reply.resolve(json(withUser({}, { email_change_pending: 'new@example.ru' })));
    await form(t.emailTitle).findByRole('button', { name: t.emailConfirm });
  });

  it('goes on with a code sent earlier, shows a wrong code under the input and keeps it', async () => {
    await renderProfile({ 'POST email-confirm/': () => json({ code: 'INVALID_CODE', message: 'Неверный или устаревший код.' }, 400) }, withUser({}, { email_change_pending: 'later@example.ru' }));
    const email = form(t.emailTitle);
    expect(email.getByRole('status').textContent).toContain('later@example.ru');
    type(t.code, '999999', email);
    fireEvent.click(email.getByRole('button', { name: t.emailConfirm }));
    await waitFor(() => expect(errorOf(t.code, email)).toBe('Неверный или устаревший код.'));
    expect(field(t.code, email).value).toBe('999999');
    expect($user.get().email).toBe('anna@example.ru');
  });

  it('shows other confirmation errors above the button', async () => {
    await renderProfile(
      { 'POST email-confirm/': () => json({ code: 'IMPERSONATION_FORBIDDEN', message: 'Это действие недоступно в режиме просмотра от имени пользователя.' }, 403) },
      withUser({}, { email_change_pending: 'later@example.ru' }),
    );
    type(t.code, '123456', form(t.emailTitle));
    fireEvent.click(form(t.emailTitle).getByRole('button', { name: t.emailConfirm }));
    expect((await form(t.emailTitle).findByRole('alert')).textContent).toBe('Это действие недоступно в режиме просмотра от имени пользователя.');
  });

  it('sends the code again, or goes back to change the address', async () => {
    const { sent } = await renderProfile({ 'PATCH profile/7/': () => json(withUser({}, { email_change_pending: 'later@example.ru' })) }, withUser({}, { email_change_pending: 'later@example.ru' }));
    fireEvent.click(form(t.emailTitle).getByRole('button', { name: t.resend }));
    await waitFor(() => expect(sent.filter((r) => r.method === 'PATCH')).toHaveLength(1));
    expect(sent.find((r) => r.method === 'PATCH')!.body).toEqual({ user: { email: 'later@example.ru' } });
    fireEvent.click(await form(t.emailTitle).findByRole('button', { name: t.emailChangeAddress }));
    expect(field(t.emailNew, form(t.emailTitle)).value).toBe('later@example.ru');
  });
});

describe('ProfilePage: password', () => {
  const fill = () => {
    const password = form(t.passwordTitle);
    type(t.oldPassword, 'old-secret-1', password);
    type(t.newPassword, 'new-secret-1', password);
    type(t.newPasswordAgain, 'new-secret-1', password);
  };
  const submit = () => fireEvent.click(form(t.passwordTitle).getByRole('button', { name: t.passwordSubmit }));

  it('changes the password, keeps the fresh tokens and clears the form', async () => {
    const { sent } = await renderProfile({ 'POST change-password/': () => json({ access: 'acc2', refresh: 'ref2', detail: 'Пароль успешно изменён.' }) });
    fill();
    submit();
    expect((await form(t.passwordTitle).findByRole('status')).textContent).toBe('Пароль успешно изменён.');
    expect(sent.find((r) => r.path === 'change-password/')!.body).toEqual({ old_password: 'old-secret-1', new_password: 'new-secret-1', new_password_again: 'new-secret-1' });
    expect($user.get().authState).toEqual({ access: 'acc2', refresh: 'ref2' });
    expect($user.get().auth).toBe(true);
    expect(field(t.oldPassword, form(t.passwordTitle)).value).toBe('');
  });

  it('shows the busy label while saving', async () => {
    const reply = deferred<Response>();
    await renderProfile({ 'POST change-password/': () => reply.promise });
    fill();
    submit();
    expect(((await form(t.passwordTitle).findByRole('button', { name: t.passwordSubmitting })) as HTMLButtonElement).disabled).toBe(true);
    reply.resolve(json({ access: 'a', refresh: 'r', detail: 'ok' }));
    await form(t.passwordTitle).findByRole('status');
  });

  it('shows a wrong current password under its input and keeps all three', async () => {
    await renderProfile({ 'POST change-password/': fieldError('old_password', 'Неверный текущий пароль.') });
    fill();
    submit();
    const password = form(t.passwordTitle);
    await waitFor(() => expect(errorOf(t.oldPassword, password)).toBe('Неверный текущий пароль.'));
    expect(errorOf(t.newPassword, password)).toBeNull();
    expect(field(t.oldPassword, password).value).toBe('old-secret-1');
    expect(field(t.newPassword, password).value).toBe('new-secret-1');
    expect(field(t.newPasswordAgain, password).value).toBe('new-secret-1');
    expect($user.get().authState).toEqual({ access: 'acc', refresh: 'ref' });
  });

  it('shows other errors above the button and keeps what was typed', async () => {
    await renderProfile({ 'POST change-password/': readOnly });
    fill();
    submit();
    expect((await form(t.passwordTitle).findByRole('alert')).textContent).toBe(READ_ONLY);
    expect(field(t.newPassword, form(t.passwordTitle)).value).toBe('new-secret-1');
  });

  it('shows a field the form has no input for in the form message', async () => {
    await renderProfile({ 'POST change-password/': fieldError('non_field_errors', 'Что-то не так.') });
    fill();
    submit();
    expect((await form(t.passwordTitle).findByRole('alert')).textContent).toBe('Что-то не так.');
  });
});
