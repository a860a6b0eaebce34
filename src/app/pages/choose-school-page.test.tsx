import { $school, $user, INITIAL_SCHOOL, resetUser, Role, signIn } from '#core';
import { fireEvent, render, screen } from '@testing-library/react';
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
    stubApi({ 'GET user-schools/': () => json(schools) });
    render(<ChooseSchoolPage />);
    expect(screen.getByRole('status').textContent).toBe('Загрузка...');
    const alpha = await screen.findByRole('button', { name: /Школа Альфа/ });
    expect(alpha.textContent).toContain('Администратор · Владелец');
    expect(screen.getByRole('button', { name: /Бета/ }).textContent).toContain('Пользователь · Тариф не оплачен');
  });

  it('sets the school and the role in it when one is chosen', async () => {
    stubApi({ 'GET user-schools/': () => json(schools) });
    render(<ChooseSchoolPage />);
    fireEvent.click(await screen.findByRole('button', { name: /Бета/ }));
    expect($school.get()).toEqual({ schoolName: 'Beta', contactLink: '', schoolId: 2, headerId: null });
    expect($user.get().role).toBe(Role.Student);
  });

  it('says so when the user has no school, and offers to create one', async () => {
    stubApi({ 'GET user-schools/': () => json([]) });
    render(<ChooseSchoolPage />);
    expect(await screen.findByText('Вы пока не состоите ни в одной школе.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Создать свою школу' }).getAttribute('href')).toBe('/create-school');
  });

  it('shows a failure with a retry that asks again', async () => {
    let calls = 0;
    stubApi({ 'GET user-schools/': () => (++calls === 1 ? json({ code: 'DOWN', message: 'Сервис недоступен' }, 503) : json(schools)) });
    render(<ChooseSchoolPage />);
    expect((await screen.findByRole('alert')).textContent).toContain('Что-то пошло не так на сервере');
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('button', { name: /Школа Альфа/ })).toBeTruthy();
  });
});
