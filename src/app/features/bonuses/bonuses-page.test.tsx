import { $school, INITIAL_SCHOOL, resetUser, Role, selectSchool, setRole, signIn } from '#core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import type { Bonus } from './bonuses-api.ts';
import BonusesPage, { expiryDate } from './bonuses-page.tsx';

const bonus = (id: number, own: Partial<Bonus> = {}): Bonus => ({
  id,
  logo: null,
  text: `Бонус ${id}`,
  link: `https://example.com/${id}`,
  expire_date: null,
  active: true,
  ...own,
});
const page = (count: number, ...bonuses: Bonus[]) => json({ count, next: null, previous: null, results: bonuses });
const card = (text: string) => screen.getByText(text).closest('li')!;

beforeEach(() => {
  resetUser();
  $school.set(INITIAL_SCHOOL);
  signIn({ access: 'a', refresh: 'r', userId: 5, email: 'student@school.ru' });
  selectSchool({ schoolName: 'Alpha', contactLink: '', schoolId: 1, headerId: null });
  setRole(Role.Student);
});

describe('BonusesPage', () => {
  it('shows loading, then the bonuses as cards with their logo, text, expiry and link', async () => {
    const { sent } = stubApi({
      'GET Alpha/school_bonuses/': () =>
        page(2, bonus(1, { logo: '/api/files/9/logo.png?t=x', text: 'Скидка 20 % на второй курс школы', link: 'https://coursehub.ru/', expire_date: '2026-12-01T12:00:00Z' }), bonus(2)),
    });
    render(<BonusesPage school="Alpha" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Бонусы' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Загрузка...');
    const first = await screen.findByText('Скидка 20 % на второй курс школы');
    expect(screen.queryByRole('status')).toBeNull();
    expect(document.title).toBe('Бонусы — CourseHub');

    const one = card('Скидка 20 % на второй курс школы');
    expect(one.querySelector('img')?.getAttribute('src')).toBe('/api/files/9/logo.png?t=x');
    expect(within(one).getByText('До 1 декабря 2026')).toBeTruthy();
    const link = within(one).getByRole('link', { name: 'Перейти' });
    expect(link.getAttribute('href')).toBe('https://coursehub.ru/');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.getAttribute('aria-describedby')).toBe(first.id);
    // A student is sent only bonuses they see: no "hidden" note.
    expect(screen.queryByText('Не показывается ученикам')).toBeNull();

    const two = card('Бонус 2');
    expect(two.querySelector('img')).toBeNull();
    expect(two.textContent).not.toContain('До ');
    expect(within(two).getByRole('link', { name: 'Перейти' }).getAttribute('href')).toBe('https://example.com/2');
    expect(sent.some((request) => request.path === 'Alpha/school_bonuses/')).toBe(true);
  });

  it('says so when there are no bonuses', async () => {
    stubApi({ 'GET Alpha/school_bonuses/': () => page(0) });
    render(<BonusesPage school="Alpha" />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Бонусов пока нет' })).toBeTruthy();
    expect(screen.getByText('Здесь появятся скидки и подарки, которые школа предложит вашей группе.')).toBeTruthy();
  });

  it('shows a failed load with a retry, and pages a long list', async () => {
    let calls = 0;
    const { fetch } = stubApi({
      'GET Alpha/school_bonuses/': () => (++calls === 1 ? json({ code: 'DB_UNAVAILABLE', message: 'внутреннее' }, 503) : page(30, bonus(calls))),
      // The member has no boxes: the boxes' section stays away and its alerts with it.
      'GET Alpha/user_boxes/': () => page(0),
      'GET Alpha/school_box/': () => page(0),
      'GET Alpha/user_prizes/': () => page(0),
    });
    render(<BonusesPage school="Alpha" />);
    expect((await screen.findByRole('alert')).textContent).toContain('Что-то пошло не так на сервере.');
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await screen.findByText('Бонус 2');
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Страницы' })).getByRole('button', { name: '3' }));
    await screen.findByText('Бонус 3');
    const query = new URL(String(fetch.mock.calls.at(-1)![0]), 'http://x').searchParams;
    expect([query.get('p'), query.get('s')]).toEqual(['3', '12']);
  });

  it("tells a teacher which of their groups' bonuses students do not see", async () => {
    setRole(Role.Teacher);
    stubApi({
      'GET Alpha/school_bonuses/': () =>
        page(3, bonus(1, { text: 'Действует', expire_date: '2999-01-01T12:00:00Z' }), bonus(2, { text: 'Выключен', active: false }), bonus(3, { text: 'Истёк', expire_date: '2000-01-01T12:00:00Z' })),
    });
    render(<BonusesPage school="Alpha" />);
    await screen.findByText('Действует');
    expect(card('Действует').textContent).not.toContain('Не показывается ученикам');
    expect(within(card('Выключен')).getByText('Не показывается ученикам')).toBeTruthy();
    expect(within(card('Истёк')).getByText('Не показывается ученикам')).toBeTruthy();
  });

  it("gives a teacher the teacher's empty text", async () => {
    setRole(Role.Teacher);
    stubApi({ 'GET Alpha/school_bonuses/': () => page(0) });
    render(<BonusesPage school="Alpha" />);
    expect(await screen.findByText('Здесь появятся бонусы, которые школа предложит ученикам ваших групп.')).toBeTruthy();
  });

  it('makes no link of anything but http(s), and no text paragraph of an empty text', async () => {
    stubApi({ 'GET Alpha/school_bonuses/': () => page(1, bonus(1, { text: '', link: 'javascript:alert(1)' })) });
    const { container } = render(<BonusesPage school="Alpha" />);
    await screen.findByRole('list');
    expect(screen.queryByRole('link')).toBeNull();
    expect(container.querySelector('.bonus-card-text')).toBeNull();
  });
});

describe('expiryDate', () => {
  it('writes a date in Russian without "г.", and nothing for what is not a date', () => {
    expect(expiryDate('2026-12-01T12:00:00Z')).toBe('1 декабря 2026');
    expect(expiryDate('2027-03-15T12:00:00Z')).toBe('15 марта 2027');
    expect(expiryDate('нет')).toBeNull();
  });

  it('shows the active invites programme of the student\'s groups above the bonuses, and nothing without one', async () => {
    stubApi({
      'GET Alpha/school_bonuses/': () => page(0),
      'GET Alpha/invites_program/current/': () => json({ program: { id: 3, link: 'https://coursehub.ru/invite/x' } }),
    });
    render(<BonusesPage school="Alpha" />);
    const card = await screen.findByRole('region', { name: 'Пригласите друга' });
    expect(within(card).getByRole('link', { name: 'Открыть ссылку' }).getAttribute('href')).toBe('https://coursehub.ru/invite/x');
    expect(within(card).getByText('https://coursehub.ru/invite/x')).toBeTruthy();
  });
});
