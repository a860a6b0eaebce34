import { $school, INITIAL_SCHOOL, resetUser, Role, selectSchool, setRole, signIn } from '#core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import type { AdminBonus } from './bonuses-admin-api.ts';
import { endOfLocalDay, localDay } from './bonus-form.tsx';
import BonusesSettingsTab from './bonuses-settings-tab.tsx';

const bonus = (id: number, own: Partial<AdminBonus> = {}): AdminBonus => ({
  id,
  logo: null,
  logo_file: null,
  text: `Бонус ${id}`,
  link: `https://example.com/${id}`,
  expire_date: null,
  active: true,
  student_groups: [7],
  ...own,
});
const page = (count: number, ...rows: AdminBonus[]) => json({ count, next: null, previous: null, results: rows });
// The boxes and prizes section below the bonuses (gamification's BoxesAdmin), empty unless a test fills it.
const list = (...results: unknown[]) => json({ count: results.length, next: null, previous: null, results });
const noBoxes = { 'GET Alpha/school_box/': () => list(), 'GET Alpha/school_prize/': () => list(), 'GET Alpha/user_prizes/': () => list() };
const groups = () => json({ count: 2, next: null, previous: null, results: [{ group_id: 7, name: 'Поток 1', course_name: 'Python' }, { group_id: 8, name: 'Поток 2', course_name: 'Дизайн' }] });

beforeEach(() => {
  resetUser();
  $school.set(INITIAL_SCHOOL);
  signIn({ access: 'a', refresh: 'r', userId: 1, email: 'admin@school.ru' });
  selectSchool({ schoolName: 'Alpha', contactLink: '', schoolId: 1, headerId: null });
  setRole(Role.Admin);
});

describe('BonusesSettingsTab', () => {
  it("lists the school's bonuses and filters them by text and switch", async () => {
    const { sent } = stubApi({
      ...noBoxes,
      'GET Alpha/school_bonuses/': (request) => {
        const query = new URL(`http://x/${request.path}`).searchParams;
        return query.size ? page(1, bonus(1, { text: 'Скидка', expire_date: '2000-01-01T00:00:00Z' })) : page(2, bonus(1, { text: 'Скидка' }), bonus(2, { active: false }));
      },
    });
    render(<BonusesSettingsTab school="Alpha" />);
    expect(await screen.findByRole('rowheader', { name: 'Скидка' })).toBeTruthy();
    expect(screen.getByText('Выключен')).toBeTruthy();
    expect(document.title).toBe('Бонусы — CourseHub');
    fireEvent.change(screen.getByLabelText('Показать'), { target: { value: 'false' } });
    await waitFor(() => expect(sent.some((request) => request.path === 'Alpha/school_bonuses/')).toBe(true));
    const { fetch } = stubApi({ ...noBoxes, 'GET Alpha/school_bonuses/': () => page(0) });
    fireEvent.change(screen.getByLabelText('Поиск по тексту или ссылке'), { target: { value: 'нет такого' } });
    expect(await screen.findByText('Ничего не найдено', {}, { timeout: 2000 })).toBeTruthy();
    const query = fetch.mock.calls.map(([url]) => new URL(String(url), 'http://x')).findLast((url) => url.pathname.endsWith('/school_bonuses/'))!.searchParams;
    expect([query.get('search'), query.get('is_active')]).toEqual(['нет такого', 'false']);
  });

  it('creates a bonus for a group, with its last day, and shows it; refusals go under their fields', async () => {
    let created = false;
    const { sent } = stubApi({
      ...noBoxes,
      'GET Alpha/school_bonuses/': () => (created ? page(1, bonus(5, { text: 'Новый' })) : page(0)),
      'GET Alpha/students_group/': groups,
      'POST Alpha/school_bonuses/': (request) => {
        const body = request.body as Record<string, unknown>;
        if (body.link === 'https://bad.example/') return json({ code: 'VALIDATION_ERROR', message: 'Не все указанные группы относятся к вашей школе', fields: { student_groups: ['Не все указанные группы относятся к вашей школе'] } }, 400);
        created = true;
        return json(bonus(5, { text: 'Новый' }), 201);
      },
    });
    render(<BonusesSettingsTab school="Alpha" />);
    expect(await screen.findByText('Бонусов пока нет')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Создать бонус' }));
    const dialog = screen.getByRole('dialog', { name: 'Новый бонус' });
    // Checked here first: a link is needed.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(within(dialog).getByText('Укажите ссылку.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Текст'), { target: { value: 'Новый' } });
    fireEvent.change(within(dialog).getByLabelText('Ссылка'), { target: { value: 'https://bad.example/' } });
    fireEvent.change(within(dialog).getByLabelText('Действует до (включительно)'), { target: { value: '2026-12-31' } });
    fireEvent.click(await within(dialog).findByLabelText('Поток 1 (Python)'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect((await within(dialog).findAllByText('Не все указанные группы относятся к вашей школе')).length).toBeGreaterThan(0);
    // Nothing typed is lost.
    expect((within(dialog).getByLabelText('Текст') as HTMLTextAreaElement).value).toBe('Новый');
    fireEvent.change(within(dialog).getByLabelText('Ссылка'), { target: { value: 'https://coursehub.ru/' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByRole('rowheader', { name: 'Новый' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    const post = sent.filter((request) => request.method === 'POST').at(-1)!;
    expect(post.body).toEqual({ text: 'Новый', link: 'https://coursehub.ru/', expire_date: endOfLocalDay('2026-12-31'), active: true, logo_file: null, student_groups: [7] });
  });

  it('edits and deletes a bonus after a confirmation', async () => {
    let gone = false;
    const { sent } = stubApi({
      ...noBoxes,
      'GET Alpha/school_bonuses/': () => (gone ? page(0) : page(1, bonus(3, { text: 'Старый', expire_date: '2026-12-31T20:59:59.000Z' }))),
      'GET Alpha/students_group/': groups,
      'PATCH Alpha/school_bonuses/3/': () => json(bonus(3, { text: 'Изменён' })),
      'DELETE Alpha/school_bonuses/3/': () => {
        gone = true;
        return new Response(null, { status: 204 });
      },
    });
    render(<BonusesSettingsTab school="Alpha" />);
    await screen.findByRole('rowheader', { name: 'Старый' });
    fireEvent.click(screen.getByRole('button', { name: 'Изменить' }));
    const dialog = screen.getByRole('dialog', { name: 'Бонус' });
    expect((within(dialog).getByLabelText('Действует до (включительно)') as HTMLInputElement).value).toBe(localDay('2026-12-31T20:59:59.000Z'));
    fireEvent.change(within(dialog).getByLabelText('Текст'), { target: { value: 'Изменён' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.find((request) => request.method === 'PATCH')!.body).toMatchObject({ text: 'Изменён', student_groups: [7] });
    fireEvent.click(await screen.findByRole('button', { name: 'Удалить' }));
    const confirm = screen.getByRole('dialog', { name: 'Удалить бонус?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Удалить' }));
    expect(await screen.findByText('Бонусов пока нет')).toBeTruthy();
  });

  it('shows the school\'s boxes and prizes below the bonuses, loaded on their own', async () => {
    stubApi({
      'GET Alpha/school_bonuses/': () => page(0),
      'GET Alpha/school_box/': () => list({ id: 4, name: 'Золотая', icon: null, icon_file: null, price: 1500, currency: 'BYN', quantity: 2, bonus_quantity: 1, is_active: true, auto_deactivation_time: null, prizes: [1] }),
      'GET Alpha/school_prize/': () => list({ id: 1, name: 'Кружка', icon: null, icon_file: null, drop_chance: 30, guaranteed_box_count: null, is_active: true }),
      'GET Alpha/user_prizes/': () => list(),
    });
    render(<BonusesSettingsTab school="Alpha" />);
    expect(await screen.findByText('Бонусов пока нет')).toBeTruthy();
    const section = await screen.findByRole('region', { name: 'Коробки и призы' });
    const box = (await within(section).findByRole('rowheader', { name: 'Золотая' })).closest('tr')!;
    expect(within(box).getByText('15,00 BYN')).toBeTruthy();
    expect(await within(box).findByText('Кружка')).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Добавить коробку' })).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Добавить приз' })).toBeTruthy();
    expect(within(section).getByText('Призов пока никто не выиграл')).toBeTruthy();
    // The page's own heading stays the tab's.
    expect(screen.getByRole('heading', { level: 1, name: 'Бонусы' })).toBeTruthy();
  });

  it('turns a calendar day into the end of that day, and back', () => {
    const end = endOfLocalDay('2026-03-08')!;
    expect(localDay(end)).toBe('2026-03-08');
    expect(new Date(end).getHours()).toBe(23);
    expect(endOfLocalDay('')).toBeNull();
    expect(localDay(null)).toBe('');
    expect(localDay('not a date')).toBe('');
  });
});
