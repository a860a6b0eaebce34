import { $school, INITIAL_SCHOOL, resetUser, Role, selectSchool, setRole, signIn } from '#core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import type { InvitesProgram } from './bonuses-admin-api.ts';
import InvitesSettingsTab from './invites-settings-tab.tsx';

const list = (...rows: InvitesProgram[]) => json({ count: rows.length, next: null, previous: null, results: rows });
const groups = () => json({ count: 1, next: null, previous: null, results: [{ group_id: 7, name: 'Поток 1', course_name: 'Python' }] });

beforeEach(() => {
  resetUser();
  $school.set(INITIAL_SCHOOL);
  signIn({ access: 'a', refresh: 'r', userId: 1, email: 'admin@school.ru' });
  selectSchool({ schoolName: 'Alpha', contactLink: '', schoolId: 1, headerId: null });
  setRole(Role.Admin);
});

describe('InvitesSettingsTab', () => {
  it('creates the programme: an active one needs a link, checked here and by the server', async () => {
    let saved: InvitesProgram | null = null;
    const { sent } = stubApi({
      'GET Alpha/invites_program/': () => (saved ? list(saved) : list()),
      'GET Alpha/students_group/': groups,
      'POST Alpha/invites_program/': (request) => {
        const body = request.body as InvitesProgram;
        if (body.link === 'https://taken.example/') return json({ code: 'INVITES_PROGRAM_EXISTS', message: 'У школы уже есть инвайт-программа.' }, 400);
        saved = { ...body, id: 2 };
        return json(saved, 201);
      },
    });
    render(<InvitesSettingsTab school="Alpha" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Создать программу' }));
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(screen.getByText('Если программа активна, ссылка не может быть пустой.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Ссылка'), { target: { value: 'https://taken.example/' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect((await screen.findByRole('alert')).textContent).toBe('У школы уже есть инвайт-программа.');
    fireEvent.change(screen.getByLabelText('Ссылка'), { target: { value: 'https://coursehub.ru/invite' } });
    fireEvent.click(await screen.findByLabelText('Поток 1 (Python)'));
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByRole('button', { name: 'Удалить программу' })).toBeTruthy();
    expect(sent.filter((request) => request.method === 'POST').at(-1)!.body).toEqual({ link: 'https://coursehub.ru/invite', is_active: true, groups: [7] });
  });

  it('changes and deletes the programme after a confirmation', async () => {
    let program: InvitesProgram | null = { id: 4, is_active: true, link: 'https://coursehub.ru/a', groups: [7], created_at: '2026-11-01T10:00:00Z', updated_at: '2026-11-01T10:00:00Z' };
    const { sent } = stubApi({
      'GET Alpha/invites_program/': () => (program ? list(program) : list()),
      'GET Alpha/students_group/': groups,
      'PATCH Alpha/invites_program/4/': (request) => json({ ...program!, ...(request.body as object) }),
      'DELETE Alpha/invites_program/4/': () => {
        program = null;
        return new Response(null, { status: 204 });
      },
    });
    render(<InvitesSettingsTab school="Alpha" />);
    await waitFor(() => expect((screen.getByLabelText('Ссылка') as HTMLInputElement).value).toBe('https://coursehub.ru/a'));
    fireEvent.click(screen.getByLabelText('Программа активна'));
    fireEvent.change(screen.getByLabelText('Ссылка'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(sent.some((request) => request.method === 'PATCH')).toBe(true));
    expect(sent.find((request) => request.method === 'PATCH')!.body).toEqual({ link: '', is_active: false, groups: [7] });
    // Saved, the programme is read again.
    await waitFor(() => expect(sent.filter((request) => request.path === 'Alpha/invites_program/').length).toBe(2));
    fireEvent.click(await screen.findByRole('button', { name: 'Удалить программу' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Удалить инвайт-программу?' })).getByRole('button', { name: 'Удалить программу' }));
    expect(await screen.findByText('Инвайт-программы пока нет')).toBeTruthy();
  });
});
