import { resetUser, Role, setRole, signIn, type RoleId } from '#core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../../tests/helpers/json-response.ts';
import TariffPlansPage, { PAYMENT_POLL_ATTEMPTS } from './tariff-plans-page.tsx';

const plan = (id: number, name: string, price: string, courses: number, staff: number | null, students: number, yearly: string) => ({
  id,
  name,
  price,
  price_rf_rub: null,
  number_of_courses: courses,
  number_of_staff: staff,
  students_per_month: students,
  total_students: null,
  student_count_by_month: null,
  discount_12_months_byn: yearly,
});

// Unsorted on purpose: the page sorts by price.
const serverPlans = [plan(4, 'Senior', '1788.00', 50, null, 500, '17164.80'), plan(2, 'Junior', '468.00', 1, 1, 10, '4492.80'), plan(3, 'Middle', '948.00', 10, 11, 50, '9100.80')];

function current(name: string | null, extra: Record<string, unknown> = {}) {
  return { tariff_name: name, tariff: name === 'Middle' ? 3 : 2, days_left: 12, trial: false, paid_until: '2026-03-15T12:00:00.000Z', staff: 1, students: 4, number_of_courses: 2, tariff_details: null, ...extra };
}

type Answer = () => Response | Promise<Response>;

/** Routes fetch by URL: the plan list and the current plan; a list of answers is taken in turn. */
function stubApi(routes: { plans: Answer; current?: Answer[] }) {
  let currentCall = 0;
  const fetch = vi.fn(async (url: unknown) => {
    const path = String(url);
    if (path === '/api/schools_tariff/') return routes.plans();
    if (path === '/api/alpha/current_tariff/' && routes.current) {
      const answer = routes.current[Math.min(currentCall++, routes.current.length - 1)]!;
      return answer();
    }
    return json({ code: 'NOT_FOUND', message: 'Не найдено.' }, 404);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const currentCalls = (fetch: ReturnType<typeof stubApi>) => fetch.mock.calls.filter(([url]) => String(url).endsWith('/current_tariff/')).length;

function signInAs(role: RoleId) {
  signIn({ access: 'token', refresh: 'refresh', userId: 1, email: 'user@alpha.ru' });
  setRole(role);
}

const card = (name: string) => screen.getByRole('heading', { level: 2, name }).closest('li')!;
const cardNames = () => Array.from(document.querySelectorAll('.tp-card h2')).map((h) => h.textContent);

beforeEach(() => {
  resetUser();
  window.history.replaceState(null, '', '/school/alpha/tariff-plans');
});

describe('TariffPlansPage for an admin', () => {
  it('marks the current plan, locks the cheaper one with its hint, offers the dearer one', async () => {
    signInAs(Role.Admin);
    stubApi({ plans: () => json(serverPlans), current: [() => json(current('Middle'))] });
    render(<TariffPlansPage school="alpha" />);
    expect(screen.getByRole('status').textContent).toBe('Загрузка тарифов');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Тарифные планы для обучения CourseHub');
    expect(screen.getByText('Смена тарифного плана')).toBeTruthy();

    await screen.findByRole('heading', { level: 2, name: 'Middle' });
    const mine = (await within(card('Middle')).findByRole('button', { name: 'Текущий тариф' })) as HTMLButtonElement;
    expect(mine.disabled).toBe(true);
    expect(cardNames()).toEqual(['Junior', 'Middle', 'Senior']);

    const locked = within(card('Junior')).getByRole('button', { name: 'Выбор недоступен' }) as HTMLButtonElement;
    expect(locked.disabled).toBe(true);
    const hint = within(card('Junior')).getByText('сначала отмените текущую подписку');
    expect(locked.getAttribute('aria-describedby')).toBe(hint.id);

    const connect = within(card('Senior')).getByRole('button', { name: 'Подключить' }) as HTMLButtonElement;
    expect(connect.disabled).toBe(false);
    expect(screen.getAllByRole('button', { name: 'Подключить' })).toHaveLength(1);

    // The header block with the current plan.
    const header = screen.getByText('Ваш тариф:').closest('.tp-current')!;
    expect(header.textContent).toContain('Ваш тариф: Middle');
    expect(header.textContent).toContain('осталось 12 дней');
    expect(header.textContent).toContain('оплачен до 15 марта 2026 г.');

    // 'Подключить' opens the subscription modal for that plan.
    fireEvent.click(connect);
    const dialog = screen.getByRole('dialog', { name: 'Подключение тарифа Senior' });
    expect((within(dialog).getByRole('radio', { name: '1 месяц' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(connect);
  });

  it("offers 'Подключить' on every card when the current plan is unknown (403)", async () => {
    signInAs(Role.Admin);
    stubApi({ plans: () => json(serverPlans), current: [() => json({ code: 'FORBIDDEN', message: 'Нет прав.' }, 403)] });
    render(<TariffPlansPage school="alpha" />);
    await screen.findByRole('heading', { level: 2, name: 'Junior' });
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Подключить' })).toHaveLength(3));
    expect(screen.queryByText('Ваш тариф:')).toBeNull();
  });

  it("reads one day left as 'остался 1 день' and marks a trial", async () => {
    signInAs(Role.Admin);
    stubApi({ plans: () => json(serverPlans), current: [() => json(current('Junior', { days_left: 1, trial: true, paid_until: null }))] });
    render(<TariffPlansPage school="alpha" />);
    const header = (await screen.findByText('Ваш тариф:')).closest('.tp-current')!;
    expect(header.textContent).toContain('пробный период');
    expect(header.textContent).toContain('остался 1 день');
    expect(header.textContent).not.toContain('оплачен до');
  });

  it('preselects 12 months when a yearly card is chosen', async () => {
    signInAs(Role.Admin);
    stubApi({ plans: () => json(serverPlans), current: [() => json(current('Junior'))] });
    render(<TariffPlansPage school="alpha" />);
    await screen.findByRole('button', { name: 'Текущий тариф' });
    fireEvent.click(screen.getByRole('button', { name: /На год/ }));
    fireEvent.click(within(card('Senior')).getByRole('button', { name: 'Подключить' }));
    expect((screen.getByRole('radio', { name: '12 месяцев' }) as HTMLInputElement).checked).toBe(true);
  });
});

describe('TariffPlansPage for everyone else', () => {
  it.each([
    ['a teacher', Role.Teacher],
    ['a student', Role.Student],
    ['a super admin', Role.SuperAdmin],
  ])('shows %s the cards without buttons and never asks for the current plan', async (_who, role) => {
    signInAs(role);
    const fetch = stubApi({ plans: () => json(serverPlans), current: [() => json(current('Middle'))] });
    render(<TariffPlansPage school="alpha" />);
    await screen.findByRole('heading', { level: 2, name: 'Junior' });
    expect(screen.queryAllByRole('button', { name: /Подключить|Текущий тариф|Выбор недоступен/ })).toHaveLength(0);
    expect(screen.queryByText('сначала отмените текущую подписку')).toBeNull();
    expect(screen.queryByText('Ваш тариф:')).toBeNull();
    expect(currentCalls(fetch)).toBe(0);
  });
});

describe('TariffPlansPage plans', () => {
  it.each([
    ['fails', () => json({ code: 'INTERNAL', message: 'x' }, 500)],
    ['is unreachable', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['is empty', () => json([])],
  ] as const)('falls back to the built-in plans when the server list %s', async (_case, answer) => {
    signInAs(Role.Teacher);
    stubApi({ plans: answer });
    render(<TariffPlansPage school="alpha" />);
    await screen.findByRole('heading', { level: 2, name: 'Junior' });
    expect(cardNames()).toEqual(['Junior', 'Middle', 'Senior']);
    expect(card('Junior').querySelector('.tp-price')!.textContent).toBe('468\u00a0BYN / мес');
    expect(within(card('Senior')).getByText('Сотрудники').nextElementSibling!.textContent).toBe('Без ограничений');
  });

  it("puts 'ХИТ' on the second card and switches to yearly prices with 'Экономия 20%'", async () => {
    signInAs(Role.Student);
    stubApi({ plans: () => json(serverPlans) });
    render(<TariffPlansPage school="alpha" />);
    await screen.findByRole('heading', { level: 2, name: 'Junior' });
    expect(screen.getAllByText('ХИТ')).toHaveLength(1);
    expect(within(card('Middle')).getByText('ХИТ')).toBeTruthy();

    const group = screen.getByRole('group', { name: 'Период оплаты' });
    const monthly = within(group).getByRole('button', { name: 'Помесячно' });
    const yearly = within(group).getByRole('button', { name: /На год/ });
    expect(yearly.textContent).toContain('Экономия 20%');
    expect(monthly.getAttribute('aria-pressed')).toBe('true');
    expect(card('Middle').querySelector('.tp-price')!.textContent).toBe('948\u00a0BYN / мес');

    fireEvent.click(yearly);
    expect(yearly.getAttribute('aria-pressed')).toBe('true');
    expect(monthly.getAttribute('aria-pressed')).toBe('false');
    expect(cardNames()).toEqual(['Junior', 'Middle', 'Senior']);
    expect(card('Middle').querySelector('.tp-price')!.textContent).toBe('9\u00a0100,80\u00a0BYN при оплате за год');
  });

  it('shows a single plan alone, without the toggle', async () => {
    signInAs(Role.Student);
    stubApi({ plans: () => json([serverPlans[0]]) });
    render(<TariffPlansPage school="alpha" />);
    await screen.findByRole('heading', { level: 2, name: 'Senior' });
    expect(cardNames()).toEqual(['Senior']);
    expect(screen.queryByRole('group', { name: 'Период оплаты' })).toBeNull();
  });
});

describe('TariffPlansPage after the payment page', () => {
  it('on ?payment=success shows the notice and checks the current plan again until it changes', async () => {
    window.history.replaceState(null, '', '/school/alpha/tariff-plans?payment=success');
    signInAs(Role.Admin);
    const fetch = stubApi({
      plans: () => json(serverPlans),
      current: [() => json(current('Junior')), () => json(current('Junior')), () => json(current('Middle'))],
    });
    render(<TariffPlansPage school="alpha" pollIntervalMs={5} />);
    expect(screen.getByText('Оплата прошла. Тариф обновится в течение минуты.').getAttribute('role')).toBe('status');
    // The address loses ?payment, so a reload does not repeat the notice.
    expect(window.location.pathname).toBe('/school/alpha/tariff-plans');
    expect(window.location.search).toBe('');

    await screen.findByRole('button', { name: 'Текущий тариф' });
    await waitFor(() => expect(within(card('Middle')).queryByRole('button', { name: 'Текущий тариф' })).toBeTruthy());
    expect(screen.getByText('Ваш тариф:').closest('.tp-current')!.textContent).toContain('Middle');
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(currentCalls(fetch)).toBe(3);
  });

  it(`gives up after ${PAYMENT_POLL_ATTEMPTS} more checks when nothing changes`, async () => {
    window.history.replaceState(null, '', '/school/alpha/tariff-plans?payment=success');
    signInAs(Role.Admin);
    const fetch = stubApi({ plans: () => json(serverPlans), current: [() => json(current('Junior'))] });
    render(<TariffPlansPage school="alpha" pollIntervalMs={5} />);
    await waitFor(() => expect(currentCalls(fetch)).toBe(1 + PAYMENT_POLL_ATTEMPTS));
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(currentCalls(fetch)).toBe(1 + PAYMENT_POLL_ATTEMPTS);
    expect(within(card('Junior')).getByRole('button', { name: 'Текущий тариф' })).toBeTruthy();
  });

  it('stops checking when the page is left', async () => {
    window.history.replaceState(null, '', '/school/alpha/tariff-plans?payment=success');
    signInAs(Role.Admin);
    const fetch = stubApi({ plans: () => json(serverPlans), current: [() => json(current('Junior'))] });
    const { unmount } = render(<TariffPlansPage school="alpha" pollIntervalMs={5} />);
    await screen.findByRole('button', { name: 'Текущий тариф' });
    unmount();
    const calls = currentCalls(fetch);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(currentCalls(fetch)).toBeLessThanOrEqual(calls + 1);
  });

  it("on ?payment=declined shows 'Оплата отклонена.' and does not poll", async () => {
    window.history.replaceState(null, '', '/school/alpha/tariff-plans?payment=declined');
    signInAs(Role.Admin);
    const fetch = stubApi({ plans: () => json(serverPlans), current: [() => json(current('Junior'))] });
    render(<TariffPlansPage school="alpha" pollIntervalMs={5} />);
    expect(screen.getByRole('alert').textContent).toBe('Оплата отклонена.');
    expect(screen.queryByText('Оплата прошла. Тариф обновится в течение минуты.')).toBeNull();
    await screen.findByRole('button', { name: 'Текущий тариф' });
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(currentCalls(fetch)).toBe(1);
  });
});
