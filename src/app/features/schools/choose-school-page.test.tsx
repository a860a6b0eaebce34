import { $school, $user, commonMessages, INITIAL_SCHOOL, resetUser, Role, signIn } from '#core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { deferred, stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
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
    expect(screen.getByRole('button', { name: /Бета/ }).textContent).toContain('Ученик · Тариф не оплачен');
  });

  it('sets the school and the role in it when one is chosen', async () => {
    stubApi({ 'GET user-schools/': () => json(schools), 'GET user-invitations/': () => json([]) });
    render(<ChooseSchoolPage />);
    fireEvent.click(await screen.findByRole('button', { name: /Бета/ }));
    expect($school.get()).toEqual({ schoolName: 'Beta', schoolTitle: 'Бета', contactLink: '', schoolId: 2, headerId: null });
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
      const reload = deferred<Response>();
      const accept = deferred<Response>();
      const decline = deferred<Response>();
      let schoolCalls = 0;
      const { sent } = stubApi({
        'GET user-schools/': () => (++schoolCalls === 1 ? json(schools) : reload.promise),
        'GET user-invitations/': () => json(invitations),
        'POST user-invitations/11/accept/': () => accept.promise,
        'POST user-invitations/12/decline/': () => decline.promise,
      });
      render(<ChooseSchoolPage />);
      const section = within(await screen.findByRole('region', { name: 'Приглашения' }));
      const [gammaRow, deltaRow] = section.getAllByRole('listitem');
      expect(gammaRow!.textContent).toContain('Гамма');
      expect(gammaRow!.textContent).toContain('Преподаватель');
      expect(deltaRow!.textContent).toContain('Дельта');
      expect(deltaRow!.textContent).toContain('Ученик');
      // The section comes before the schools.
      const alpha = await screen.findByRole('button', { name: /Школа Альфа/ });
      expect(gammaRow!.compareDocumentPosition(alpha) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

      fireEvent.click(within(gammaRow!).getByRole('button', { name: 'Принять' }));
      expect(((await section.findByRole('button', { name: 'Принимаем…' })) as HTMLButtonElement).disabled).toBe(true);
      expect((within(deltaRow!).getByRole('button', { name: 'Отклонить' }) as HTMLButtonElement).disabled).toBe(true);
      accept.resolve(json({ school_id: 3, name: 'Gamma', title: 'Гамма', role: 'Teacher' }));
      // Accepted: the schools are asked for again, and the ones shown stay meanwhile.
      await waitFor(() => expect(schoolCalls).toBe(2));
      expect(screen.getByRole('button', { name: /Школа Альфа/ })).toBeTruthy();
      expect(screen.queryByText('Загрузка...')).toBeNull();
      expect(section.queryByText('Гамма')).toBeNull();
      reload.resolve(json([...schools, gamma]));
      expect(await screen.findByRole('button', { name: /Гамма/ })).toBeTruthy();

      fireEvent.click(section.getByRole('button', { name: 'Отклонить' }));
      expect(((await section.findByRole('button', { name: 'Отклоняем…' })) as HTMLButtonElement).disabled).toBe(true);
      decline.resolve(json({ detail: 'Приглашение отклонено.' }));
      await waitFor(() => expect(screen.queryByRole('region', { name: 'Приглашения' })).toBeNull());
      expect(sent.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual(['user-invitations/11/accept/', 'user-invitations/12/decline/']);
      // Choosing the newly joined school works like any other.
      fireEvent.click(screen.getByRole('button', { name: /Гамма/ }));
      expect($user.get().role).toBe(Role.Teacher);
    });

    it('show a failed answer inside the section, keeping the invitation and the schools', async () => {
      stubApi({
        'GET user-schools/': () => json(schools),
        'GET user-invitations/': () => json(invitations),
        'POST user-invitations/11/accept/': () => json({ code: 'EMAIL_NOT_VERIFIED', message: 'Подтвердите адрес электронной почты.' }, 403),
      });
      render(<ChooseSchoolPage />);
      const section = within(await screen.findByRole('region', { name: 'Приглашения' }));
      fireEvent.click(section.getAllByRole('button', { name: 'Принять' })[0]!);
      expect((await section.findByRole('alert')).textContent).toBe('Подтвердите адрес электронной почты.');
      expect(screen.getAllByRole('alert')).toHaveLength(1);
      expect(section.getAllByRole('button', { name: 'Принять' })).toHaveLength(2);
      expect(section.getAllByRole('button', { name: 'Принять' }).every((button) => !(button as HTMLButtonElement).disabled)).toBe(true);
      expect(screen.getByRole('button', { name: /Школа Альфа/ })).toBeTruthy();
    });

    it('that cannot be loaded show the error in their section only; the schools stay usable', async () => {
      stubApi({ 'GET user-schools/': () => json(schools), 'GET user-invitations/': () => json({ code: 'DOWN', message: 'Сервис недоступен' }, 503) });
      render(<ChooseSchoolPage />);
      const section = within(await screen.findByRole('region', { name: 'Приглашения' }));
      expect(section.getByRole('alert').textContent).toBe(commonMessages.serverError);
      fireEvent.click(await screen.findByRole('button', { name: /Бета/ }));
      expect(screen.getAllByRole('alert')).toHaveLength(1);
      expect($school.get().schoolName).toBe('Beta');
    });

    it('leave no section when there are none', async () => {
      stubApi({ 'GET user-schools/': () => json(schools), 'GET user-invitations/': () => json([]) });
      render(<ChooseSchoolPage />);
      await screen.findByRole('button', { name: /Школа Альфа/ });
      expect(screen.queryByRole('region', { name: 'Приглашения' })).toBeNull();
    });
  });
});
