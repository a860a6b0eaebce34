import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearPublicCache } from '../shared/public-client.ts';
import { Tariffs } from './tariffs.tsx';
import { json, stubFetchSequence } from '../../../tests/helpers/json-response.ts';

const API = 'https://coursehub.example';

const serverPlans = [
  // Unsorted on purpose: the widget sorts by price.
  { id: 4, name: 'Senior', price: '1788.00', price_rf_rub: 52000, number_of_courses: 50, number_of_staff: null, students_per_month: 500, total_students: null, student_count_by_month: null, discount_12_months_byn: '17164.80' },
  { id: 2, name: 'Junior', price: '468.00', price_rf_rub: 13600, number_of_courses: 1, number_of_staff: 1, students_per_month: 10, total_students: null, student_count_by_month: null, discount_12_months_byn: '4492.80' },
  { id: 3, name: 'Middle', price: '948.00', price_rf_rub: 27500, number_of_courses: 10, number_of_staff: 11, students_per_month: 50, total_students: null, student_count_by_month: null, discount_12_months_byn: '9100.80' },
  { id: 9, name: 'Старт', price: '0', price_rf_rub: 0, number_of_courses: 1, number_of_staff: 1, students_per_month: 10, total_students: 10, student_count_by_month: 10, discount_12_months_byn: null },
];



const cardNames = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent).filter((n) => !['Start', 'Personal'].includes(n ?? '') && !n?.startsWith('Создайте'));

const card = (name: string) => screen.getByRole('heading', { name, level: 3 }).closest('li')!;

afterEach(() => {
  clearPublicCache();
});

describe('Tariffs', () => {
  it("shows 'Загрузка тарифов' while the plans load", async () => {
    let release!: (r: Response) => void;
    stubFetchSequence(() => new Promise<Response>((resolve) => (release = resolve)));
    render(<Tariffs apiBase={API} />);
    expect(screen.getByRole('status').textContent).toContain('Загрузка тарифов');
    // The static parts do not wait for the plans.
    expect(screen.getByText('Создайте свой проект на Course Hub прямо сейчас!')).toBeTruthy();
    release(json(serverPlans));
    await screen.findByRole('heading', { name: 'Junior' });
  });

  it('shows the server plans sorted by price, the first three in monthly mode, and emits ch-ready', async () => {
    const fetch = stubFetchSequence(() => json(serverPlans));
    const emit = vi.fn();
    render(<Tariffs apiBase={API} emit={emit} />);
    await screen.findByRole('heading', { name: 'Старт' });
    expect(String(fetch.mock.calls[0]![0])).toBe(`${API}/api/schools_tariff/`);
    expect(cardNames()).toEqual(['Старт', 'Junior', 'Middle']);
    expect(screen.getByText('Тарифные планы для обучения CourseHub')).toBeTruthy();
    await waitFor(() => expect(emit).toHaveBeenCalledWith('ch-ready', { plans: 4, source: 'server' }));
    expect(emit.mock.calls.filter(([name]) => name === 'ch-ready')).toHaveLength(1);

    const cards = screen.getAllByRole('listitem').filter((li) => li.classList.contains('card'));
    expect(cards).toHaveLength(3);
    // Price 0 reads 'бесплатно' without '/ мес'.
    expect(within(cards[0]!).getByText('бесплатно')).toBeTruthy();
    expect(cards[0]!.textContent).not.toContain('/ мес');
    // The 'ХИТ' badge sits on the second card only.
    expect(within(cards[1]!).getByText('ХИТ')).toBeTruthy();
    expect(screen.getAllByText('ХИТ')).toHaveLength(1);
    expect(cards[1]!.querySelector('.price')!.textContent).toBe('468\u00a0BYN / мес');
    expect(within(cards[1]!).getByText('Курсы').nextSibling?.textContent).toContain('1');
    expect(within(cards[1]!).getByText('Ученики в месяц').nextSibling?.textContent).toContain('10');
  });

  it('switches to yearly: only ids 2, 3, 4 with the yearly price; the toggle is a pressed-state group', async () => {
    stubFetchSequence(() => json(serverPlans));
    render(<Tariffs apiBase={API} />);
    await screen.findByRole('heading', { name: 'Старт' });
    const group = screen.getByRole('group', { name: 'Период оплаты' });
    const monthly = within(group).getByRole('button', { name: 'Помесячно' });
    const yearly = within(group).getByRole('button', { name: /На год/ });
    expect(yearly.textContent).toContain('Экономия 20%');
    expect(monthly.getAttribute('aria-pressed')).toBe('true');
    expect(yearly.getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(yearly);
    expect(yearly.getAttribute('aria-pressed')).toBe('true');
    expect(cardNames()).toEqual(['Junior', 'Middle', 'Senior']);
    const senior = card('Senior')!;
    expect(senior.querySelector('.price')!.textContent).toBe('17\u00a0164,80\u00a0BYN при оплате за год');
    // Senior has no staff limit.
    expect(within(senior).getByText('Сотрудники').nextSibling?.textContent).toContain('Без ограничений');

    fireEvent.click(monthly);
    expect(cardNames()).toEqual(['Старт', 'Junior', 'Middle']);
  });

  it('takes the period from the attribute and follows its changes after mount', async () => {
    stubFetchSequence(() => json(serverPlans));
    const { rerender } = render(<Tariffs apiBase={API} period="yearly" />);
    await screen.findByRole('heading', { name: 'Senior' });
    expect(screen.getByRole('button', { name: /На год/ }).getAttribute('aria-pressed')).toBe('true');
    rerender(<Tariffs apiBase={API} period="monthly" />);
    expect(screen.getByRole('button', { name: 'Помесячно' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByRole('heading', { name: 'Senior' })).toBeNull();
    rerender(<Tariffs apiBase={API} period="yearly" />);
    expect(card('Senior')).toBeTruthy();
    // Removing the attribute resets to monthly; an unknown value reads as monthly too.
    rerender(<Tariffs apiBase={API} />);
    expect(screen.getByRole('button', { name: 'Помесячно' }).getAttribute('aria-pressed')).toBe('true');
    rerender(<Tariffs apiBase={API} period="weekly" />);
    expect(screen.getByRole('button', { name: 'Помесячно' }).getAttribute('aria-pressed')).toBe('true');
  });

  it.each([
    ['an empty list', () => json([])],
    ['a server error', () => json({ code: 'SERVER_ERROR', message: 'boom' }, 500)],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a list without usable plans', () => json([{ id: 'x' }])],
  ])('falls back to the default plans silently on %s', async (_label, answer) => {
    stubFetchSequence(answer);
    const emit = vi.fn();
    render(<Tariffs apiBase={API} emit={emit} />);
    await screen.findByRole('heading', { name: 'Junior' });
    expect(cardNames()).toEqual(['Junior', 'Middle', 'Senior']);
    expect(card('Junior')!.querySelector('.price')!.textContent).toBe('468\u00a0BYN / мес');
    expect(card('Senior')!.querySelector('.price')!.textContent).toBe('1\u00a0788\u00a0BYN / мес');
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => expect(emit).toHaveBeenCalledWith('ch-ready', { plans: 3, source: 'defaults' }));
    expect(emit).not.toHaveBeenCalledWith('ch-error', expect.anything());
  });

  it('shows a single plan alone, without the toggle or dots', async () => {
    stubFetchSequence(() => json([serverPlans[2]]));
    render(<Tariffs apiBase={API} period="yearly" />);
    await screen.findByRole('heading', { name: 'Middle' });
    expect(screen.queryByRole('group', { name: 'Период оплаты' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Тарифы' })).toBeNull();
    expect(screen.queryByText('ХИТ')).toBeNull();
    expect(cardNames()).toEqual(['Middle']);
  });

  it("links 'Подключить' to create-school on the platform and emits ch-plan-select", async () => {
    stubFetchSequence(() => json(serverPlans));
    const emit = vi.fn();
    render(<Tariffs apiBase={`${API}/`} emit={emit} period="yearly" />);
    await screen.findByRole('heading', { name: 'Senior' });
    const links = screen.getAllByRole('link', { name: 'Подключить' });
    expect(links).toHaveLength(3);
    for (const link of links) expect(link.getAttribute('href')).toBe(`${API}/create-school`);
    links[1]!.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(links[1]!);
    expect(emit).toHaveBeenCalledWith('ch-plan-select', { planId: 3, name: 'Middle', period: 'yearly' });
  });

  it('renders the comparison table with a ✓/— matrix per plan', async () => {
    stubFetchSequence(() => json([]));
    render(<Tariffs apiBase={API} />);
    await screen.findByRole('heading', { name: 'Junior' });
    const table = screen.getByRole('table', { name: 'Сравнение возможностей тарифов' });
    const columns = within(table).getAllByRole('columnheader').map((th) => th.textContent);
    expect(columns).toEqual(['Возможность', 'Junior', 'Middle', 'Senior']);
    const rows = within(table).getAllByRole('rowheader').map((th) => th.textContent);
    expect(rows).toEqual([
      'Мессенджер с чатами и каналами',
      'Автоматический зачёт',
      'Сертификаты',
      'Публикация в каталоге',
      'ИИ-ассистент',
      'Домашние задания',
      'Умные комментарии к урокам',
      'Аналитика обучения',
      'Отдельный сайт для каждого курса',
      'Рассылка всем ученикам',
      'Мобильное приложение',
    ]);
    const row = (name: string) => within(table).getByRole('rowheader', { name }).closest('tr')!;
    const marks = (name: string) => Array.from(row(name).querySelectorAll('td')).map((td) => td.textContent);
    expect(marks('Сертификаты')).toEqual(['✓Есть', '✓Есть', '✓Есть']);
    expect(marks('ИИ-ассистент')).toEqual(['—Нет', '✓Есть', '✓Есть']);
    expect(marks('Мобильное приложение')).toEqual(['—Нет', '—Нет', '✓Есть']);
  });

  it('shows the Start and Personal blocks with a consultation link, and the banner', async () => {
    stubFetchSequence(() => json([]));
    render(<Tariffs apiBase={API} />);
    await screen.findByRole('heading', { name: 'Junior' });
    const start = screen.getByRole('heading', { name: 'Start' }).closest('section')!;
    for (const text of ['14 дней бесплатно', '1 курс', 'до 10 учеников', 'Конструктор лендингов', 'Приём оплаты и онлайн-касса']) {
      expect(within(start).getByText(text)).toBeTruthy();
    }
    expect(within(start).getByRole('link', { name: 'Получить консультацию' }).getAttribute('href')).toBe('https://t.me/coursehub');
    const personal = screen.getByRole('heading', { name: 'Personal' }).closest('section')!;
    expect(within(personal).getByText('Объём хранилища')).toBeTruthy();
    expect(within(personal).getByRole('link', { name: 'Получить консультацию' }).getAttribute('rel')).toBe('noopener noreferrer');
    const banner = screen.getByRole('heading', { name: 'Создайте свой проект на Course Hub прямо сейчас!' }).closest('section')!;
    expect(within(banner).getByRole('link', { name: 'Попробовать бесплатно' }).getAttribute('href')).toBe(`${API}/create-school`);
  });

  it('scrolls the carousel row to a card from its dot and follows swipes', async () => {
    stubFetchSequence(() => json([]));
    render(<Tariffs apiBase={API} />);
    await screen.findByRole('heading', { name: 'Junior' });
    // The cards came with an answer outside act(): their first effect (back to the first card) may
    // still be scheduled, and run after the click below on a busy machine. Run it now.
    await act(async () => {});
    const dots = within(screen.getByRole('group', { name: 'Тарифы' })).getAllByRole('button');
    expect(dots.map((d) => d.getAttribute('aria-label'))).toEqual(['Показать тариф Junior', 'Показать тариф Middle', 'Показать тариф Senior']);
    expect(dots[0]!.getAttribute('aria-current')).toBe('true');

    const row = card('Junior').closest('ul')!;
    Object.defineProperty(row, 'clientWidth', { configurable: true, value: 300 });
    const scrollTo = vi.fn();
    Object.defineProperty(row, 'scrollTo', { configurable: true, value: scrollTo });
    fireEvent.click(dots[2]!);
    expect(scrollTo).toHaveBeenCalledWith({ left: 600 });
    expect(dots[2]!.getAttribute('aria-current')).toBe('true');
    expect(dots[0]!.hasAttribute('aria-current')).toBe(false);

    // Without scrollTo (old engines) the row's scrollLeft is set directly.
    Object.defineProperty(row, 'scrollTo', { configurable: true, value: undefined });
    fireEvent.click(dots[1]!);
    expect(row.scrollLeft).toBe(300);

    // A native swipe moves the active dot.
    row.scrollLeft = 0;
    fireEvent.scroll(row);
    expect(dots[0]!.getAttribute('aria-current')).toBe('true');
  });
});
