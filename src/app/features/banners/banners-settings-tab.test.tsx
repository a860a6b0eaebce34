import { $school, INITIAL_SCHOOL, resetUser, Role, selectSchool, setRole, signIn } from '#core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import type { Banner } from './banners-api.ts';
import BannersSettingsTab from './banners-settings-tab.tsx';

const banner = (id: number, own: Partial<Banner> = {}): Banner => ({
  id,
  title: `Баннер ${id}`,
  description: '',
  link: '',
  is_active: false,
  groups: [7, 8],
  clicks_count: 0,
  unique_clicks_count: 0,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
  ...own,
});
const page = (...rows: Banner[]) => json({ count: rows.length, next: null, previous: null, results: rows });
const groups = () => json({ count: 2, next: null, previous: null, results: [{ group_id: 7, name: 'Поток 1', course_name: 'Python' }, { group_id: 8, name: 'Поток 2', course_name: 'Дизайн' }] });

beforeEach(() => {
  resetUser();
  $school.set(INITIAL_SCHOOL);
  signIn({ access: 'a', refresh: 'r', userId: 1, email: 'admin@school.ru' });
  selectSchool({ schoolName: 'Alpha', contactLink: '', schoolId: 1, headerId: null });
  setRole(Role.Admin);
});

describe('BannersSettingsTab', () => {
  it('creates a banner for all groups when none is chosen; the title is required', async () => {
    let rows: Banner[] = [];
    const { sent } = stubApi({
      'GET Alpha/banners/': () => page(...rows),
      'GET Alpha/students_group/': groups,
      'POST Alpha/banners/': () => {
        rows = [banner(1, { title: 'Новый поток', is_active: true })];
        return json(rows[0], 201);
      },
    });
    render(<BannersSettingsTab school="Alpha" />);
    expect(await screen.findByText('Баннеров пока нет')).toBeTruthy();
    expect(document.title).toBe('Баннер — CourseHub');
    fireEvent.click(screen.getByRole('button', { name: 'Создать баннер' }));
    const dialog = screen.getByRole('dialog', { name: 'Новый баннер' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(within(dialog).getByText('Укажите заголовок.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Заголовок'), { target: { value: 'Новый поток' } });
    fireEvent.change(within(dialog).getByLabelText('Ссылка'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(within(dialog).getByText('Укажите ссылку, начинающуюся с http:// или https://.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Ссылка'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByLabelText('Включить (остальные баннеры выключатся)'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByRole('rowheader', { name: 'Новый поток' })).toBeTruthy();
    expect(sent.find((request) => request.method === 'POST')!.body).toEqual({ title: 'Новый поток', description: '', link: '', is_active: true });
    expect(screen.getByText('Включён')).toBeTruthy();
  });

  it('switches a banner on and off, and deletes one after a confirmation', async () => {
    let rows = [banner(1), banner(2, { is_active: true })];
    const { sent } = stubApi({
      'GET Alpha/banners/': () => page(...rows),
      'PATCH Alpha/banners/1/': () => {
        rows = [banner(1, { is_active: true }), banner(2)];
        return json(rows[0]);
      },
      'DELETE Alpha/banners/2/': () => {
        rows = [rows[0]!];
        return new Response(null, { status: 204 });
      },
    });
    render(<BannersSettingsTab school="Alpha" />);
    const first = (await screen.findByRole('rowheader', { name: 'Баннер 1' })).closest('tr')!;
    fireEvent.click(within(first).getByRole('button', { name: 'Включить' }));
    await waitFor(() => expect(within(screen.getByRole('rowheader', { name: 'Баннер 2' }).closest('tr')!).getByRole('button', { name: 'Включить' })).toBeTruthy());
    expect(sent.find((request) => request.method === 'PATCH')!.body).toEqual({ is_active: true });
    fireEvent.click(within(screen.getByRole('rowheader', { name: 'Баннер 2' }).closest('tr')!).getByRole('button', { name: 'Удалить' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Удалить баннер?' })).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Баннер 2' })).toBeNull());
  });

  it("shows a banner's clicks for a period", async () => {
    const { fetch } = stubApi({
      'GET Alpha/banners/': () => page(banner(4, { title: 'Клики', clicks_count: 3, unique_clicks_count: 2 })),
      'GET Alpha/banners/4/statistics/': () =>
        json({ total_clicks: 3, unique_clicks: 2, click_details: [{ timestamp: '2026-11-20T10:00:00Z', user_id: 9, user_email: 'olga@example.com', user_name: 'Ольга Петрова' }] }),
    });
    render(<BannersSettingsTab school="Alpha" />);
    expect(await screen.findByText('3 (уникальных: 2)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Статистика' }));
    const dialog = screen.getByRole('dialog', { name: 'Статистика: Клики' });
    expect(await within(dialog).findByText('Ольга Петрова (olga@example.com)')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('С'), { target: { value: '2026-11-20' } });
    fireEvent.change(within(dialog).getByLabelText('По'), { target: { value: '2026-11-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Показать' }));
    expect(within(dialog).getByText('Дата окончания не может быть раньше даты начала.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('По'), { target: { value: '2026-11-30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Показать' }));
    await waitFor(() => {
      const query = new URL(String(fetch.mock.calls.at(-1)![0]), 'http://x').searchParams;
      expect([query.get('start_date'), query.get('end_date')]).toEqual(['2026-11-20', '2026-11-30']);
    });
  });
});
