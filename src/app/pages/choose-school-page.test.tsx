import { $school, $user, INITIAL_SCHOOL, resetUser, Role, signIn } from '#core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubApi } from '../../../tests/helpers/api-stub.ts';
import { json } from '../../../tests/helpers/json-response.ts';
import ChooseSchoolPage from './choose-school-page.tsx';

const schools = [
  { school_id: 1, name: 'Alpha', title: 'Школа Альфа', header_school: 3, role: 'Admin', is_owner: true, tariff_name: 'Start', active: true, contact_link: 'https://t.me/alpha' },
  { school_id: 2, name: 'Beta', title: 'Бета', header_school: null, role: 'Student', is_owner: false, tariff_name: null, active: false, contact_link: null },
];

beforeEach(() => {
  resetUser();
  $school.set(INITIAL_SCHOOL);
  signIn({ access: 'a', refresh: 'r', userId: 9, email: 'u@example.com' });
});

describe('ChooseSchoolPage', () => {
  it('lists the schools with the role, ownership and a lapsed plan', async () => {
    stubApi({ 'GET user-schools/': () => json(schools), 'GET user-invitations/': () => json([]) });
    render(<ChooseSchoolPage />);
    expect(screen.getByRole('status').textContent).toBe('Загрузка...');
    const alpha = await screen.findByRole('button', { name: /Школа Альфа/ });
    expect(alpha.textContent).toContain('Администратор · Владелец');
    expect(screen.getByRole('button', { name: /Бета/ }).textContent).toContain('Пользователь · Тариф не оплачен');
  });

  it('sets the school and the role in it when one is chosen', async () => {
    stubApi({ 'GET user-schools/': () => json(schools), 'GET user-invitations/': () => json([]) });
    render(<ChooseSchoolPage />);
    fireEvent.click(await screen.findByRole('button', { name: /Бета/ }));
    expect($school.get()).toEqual({ schoolName: 'Beta', contactLink: '', schoolId: 2, headerId: null });
    expect($user.get().role).toBe(Role.Student);
  });

  it('says so when the user has no school, and offers to create one', async () => {
    stubApi({ 'GET user-schools/': () => json([]), 'GET user-invitations/': () => json([]) });
    render(<ChooseSchoolPage />);
    expect(await screen.findByText('Вы пока не состоите ни в одной школе.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Создать свою школу' }).getAttribute('href')).toBe('/create-school');
  });

  it('shows a failure with a retry that asks again', async () => {
    let calls = 0;
    stubApi({ 'GET user-schools/': () => (++calls === 1 ? json({ code: 'DOWN', message: 'Сервис недоступен' }, 503) : json(schools)), 'GET user-invitations/': () => json([]) });
    render(<ChooseSchoolPage />);
    expect((await screen.findByRole('alert')).textContent).toContain('Что-то пошло не так на сервере');
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('button', { name: /Школа Альфа/ })).toBeTruthy();
  });

  describe('invitations', () => {
    const invitations = [
      { invitation_id: 11, school_id: 3, school_name: 'Gamma', school_title: 'Гамма', role: 'Teacher', expires_at: '2026-12-01T00:00:00.000Z' },
      { invitation_id: 12, school_id: 4, school_name: 'Delta', school_title: 'Дельта', role: 'Student', expires_at: '2026-12-01T00:00:00.000Z' },
    ];
    const gamma = { school_id: 3, name: 'Gamma', title: 'Гамма', header_school: null, role: 'Teacher', is_owner: false, tariff_name: null, active: true, contact_link: null };

    it('are accepted or declined above the schools; an accepted school joins the list', async () => {
      let accepted = false;
      const { sent } = stubApi({
        'GET user-schools/': () => json(accepted ? [...schools, gamma] : schools),
        'GET user-invitations/': () => json(invitations),
        'POST user-invitations/11/accept/': () => {
          accepted = true;
          return json({ school_id: 3, name: 'Gamma', title: 'Гамма', role: 'Teacher' });
        },
        'POST user-invitations/12/decline/': () => json({ detail: 'Приглашение отклонено.' }),
      });
      render(<ChooseSchoolPage />);
      const section = await screen.findByRole('region', { name: 'Приглашения' });
      expect(section.textContent).toContain('Гамма');
      expect(section.textContent).toContain('Помощник');
      fireEvent.click(screen.getAllByRole('button', { name: 'Принять' })[0]!);
      expect(await screen.findByRole('button', { name: /Гамма/ })).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Отклонить' }));
      await waitFor(() => expect(screen.queryByRole('region', { name: 'Приглашения' })).toBeNull());
      expect(sent.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual(['user-invitations/11/accept/', 'user-invitations/12/decline/']);
    });

    it('show their own failure without hiding the schools', async () => {
      stubApi({
        'GET user-schools/': () => json(schools),
        'GET user-invitations/': () => json(invitations),
        'POST user-invitations/11/accept/': () => json({ code: 'EMAIL_NOT_VERIFIED', message: 'Подтвердите адрес электронной почты.' }, 403),
      });
      render(<ChooseSchoolPage />);
      fireEvent.click((await screen.findAllByRole('button', { name: 'Принять' }))[0]!);
      expect((await screen.findByRole('alert')).textContent).toBe('Подтвердите адрес электронной почты.');
      expect(screen.getByRole('button', { name: /Школа Альфа/ })).toBeTruthy();
      expect(screen.getAllByRole('button', { name: 'Принять' })).toHaveLength(2);
    });

    it('that cannot be loaded leave the schools usable', async () => {
      stubApi({ 'GET user-schools/': () => json(schools), 'GET user-invitations/': () => json({ code: 'DOWN', message: 'Сервис недоступен' }, 503) });
      render(<ChooseSchoolPage />);
      expect(await screen.findByRole('alert')).toBeTruthy();
      expect(await screen.findByRole('button', { name: /Школа Альфа/ })).toBeTruthy();
    });
  });
});
