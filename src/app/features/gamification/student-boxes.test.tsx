import { $school, INITIAL_SCHOOL, resetUser, Role, selectSchool, setRole, signIn } from '#core';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import { $toasts } from '../../ui/toasts.tsx';
import type { Box, UserPrize } from './boxes-api.ts';
import { paymentNavigation, StudentBoxes } from './student-boxes.tsx';

const box = (id: number, own: Partial<Box> = {}): Box => ({ id, name: `Коробка ${id}`, icon: null, price: 500, currency: 'BYN', quantity: 1, bonus_quantity: 1, is_active: true, auto_deactivation_time: null, ...own });
const won = (id: number, own: Partial<UserPrize> = {}): UserPrize => ({ id, prize: 2, name: 'Кружка', icon: null, is_used: false, received_at: '2026-11-23T10:00:00Z', used_at: null, user_id: 5, ...own });
const page = <T,>(...results: T[]) => json({ count: results.length, next: null, previous: null, results });

beforeEach(() => {
  resetUser();
  $school.set(INITIAL_SCHOOL);
  signIn({ access: 'a', refresh: 'r', userId: 5, email: 'student@school.ru' });
  selectSchool({ schoolName: 'Alpha', contactLink: '', schoolId: 1, headerId: null });
  setRole(Role.Student);
});
afterEach(() => window.history.replaceState(null, '', '/'));

describe('StudentBoxes', () => {
  it('opens a box on the server and shows what came out, then the prize among the member’s prizes', async () => {
    let opened = false;
    const { sent } = stubApi({
      'GET Alpha/user_boxes/': () => page({ id: 1, box: box(7), unopened_count: opened ? 0 : 1, opened_count: opened ? 1 : 0, remaining_to_guarantee: opened ? 2 : 3 }),
      'GET Alpha/school_box/': () => page(box(7)),
      'GET Alpha/user_prizes/': () => page(...(opened ? [won(3)] : [])),
      'POST Alpha/open_box/7/': () => {
        opened = true;
        return json({ message: 'Вы открыли коробку и получили приз: Кружка', outcome: 'won', prize: { id: 2, name: 'Кружка', icon: null, user_prize_id: 3 }, opening_id: 1, unopened_count: 0, remaining_to_guarantee: 2 });
      },
    });
    render(<StudentBoxes school="Alpha" />);
    expect(await screen.findByText('Неоткрытых: 1')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Коробки с призами' })).toBeTruthy();
    expect(screen.getByText('До гарантированного приза: 3')).toBeTruthy();
    expect(screen.getByText('5,00 BYN')).toBeTruthy();
    expect(screen.getByText('1 шт. + 1 в подарок')).toBeTruthy();
    expect(screen.getByText('Здесь появятся призы, которые вы выиграете.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Открыть: Коробка 7' }));
    expect((await screen.findByRole('status')).textContent).toBe('Вы открыли коробку и получили приз: Кружка');
    expect(await screen.findByText('Неоткрытых: 0')).toBeTruthy();
    const prize = (await screen.findByText('Кружка')).closest('li')!;
    expect(within(prize).getByRole('button', { name: 'Отметить использованным: Кружка' })).toBeTruthy();
    expect(sent.filter((request) => request.method === 'POST').map((request) => [request.path, request.body])).toEqual([['Alpha/open_box/7/', {}]]);
    expect((screen.getByRole('button', { name: 'Открыть: Коробка 7' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the server’s refusal as a toast and keeps the list', async () => {
    stubApi({
      'GET Alpha/user_boxes/': () => page({ id: 1, box: box(7), unopened_count: 1, opened_count: 0, remaining_to_guarantee: null }),
      'GET Alpha/school_box/': () => page(),
      'GET Alpha/user_prizes/': () => page(),
      'POST Alpha/open_box/7/': () => json({ code: 'NO_BOXES', message: 'У вас нет неоткрытых коробок.' }, 400),
    });
    render(<StudentBoxes school="Alpha" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Открыть: Коробка 7' }));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Открыть: Коробка 7' }) as HTMLButtonElement).disabled).toBe(false));
    expect(screen.getByText('Неоткрытых: 1')).toBeTruthy();
    expect($toasts.get().at(-1)).toMatchObject({ text: 'У вас нет неоткрытых коробок.', kind: 'error' });
    expect(screen.queryByText('Купить коробку')).toBeNull();
  });

  it('buys a paid box: asks the server for a payment link and goes there', async () => {
    const go = vi.spyOn(paymentNavigation, 'go').mockImplementation(() => undefined);
    const { sent } = stubApi({
      'GET Alpha/user_boxes/': () => page(),
      'GET Alpha/school_box/': () => page(box(7, { name: 'Золотая', price: 1500, quantity: 2, bonus_quantity: 0 }), box(8, { name: 'Бесплатная', price: 0 })),
      'GET Alpha/user_prizes/': () => page(),
      'POST Alpha/box_payment_link/': () => json({ payment_link: 'http://pay.test/boxes/abc/', payment_id: 'abc' }, 201),
    });
    render(<StudentBoxes school="Alpha" />);
    const card = (await screen.findByText('Золотая')).closest('li')!;
    expect(within(card).getByText('15,00 BYN')).toBeTruthy();
    expect(within(card).getByText('2 шт.')).toBeTruthy();
    // A box that costs nothing is not for sale.
    expect(screen.queryByText('Бесплатная')).toBeNull();
    expect(screen.getByText('У вас пока нет коробок.')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Купить: Золотая' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('http://pay.test/boxes/abc/'));
    expect(sent.find((request) => request.method === 'POST')!.body).toEqual({ box_id: 7 });
  });

  it('says when a box cannot be bought, and marks a prize used', async () => {
    let used = false;
    const { sent } = stubApi({
      'GET Alpha/user_boxes/': () => page(),
      'GET Alpha/school_box/': () => page(box(7)),
      'GET Alpha/user_prizes/': () => page(won(3, { is_used: used }), won(4, { name: 'Книга', is_used: true })),
      'POST Alpha/box_payment_link/': () => json({ code: 'BOX_NOT_FOR_SALE', message: 'Эта коробка сейчас не продаётся.', fields: { box_id: ['Эта коробка сейчас не продаётся.'] } }, 400),
      'PATCH Alpha/user_prizes/3/update_status/': () => {
        used = true;
        return json(won(3, { is_used: true }));
      },
    });
    render(<StudentBoxes school="Alpha" />);
    expect(within((await screen.findByText('Книга')).closest('li')!).getByText('Использован')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Купить: Коробка 7' }));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Купить: Коробка 7' }) as HTMLButtonElement).disabled).toBe(false));
    expect($toasts.get().at(-1)).toMatchObject({ text: 'Эта коробка сейчас не продаётся.', kind: 'error' });
    fireEvent.click(screen.getByRole('button', { name: 'Отметить использованным: Кружка' }));
    await waitFor(() => expect(within(screen.getByText('Кружка').closest('li')!).queryByText('Использован')).toBeTruthy());
    expect(sent.find((request) => request.method === 'PATCH')!.body).toEqual({ is_used: true });
  });

  it('tells a member back from the payment page how it went', async () => {
    window.history.replaceState(null, '', '/school/Alpha/student-courses/bonus?payment=success');
    stubApi({ 'GET Alpha/user_boxes/': () => page(), 'GET Alpha/school_box/': () => page(), 'GET Alpha/user_prizes/': () => page() });
    render(<StudentBoxes school="Alpha" />);
    expect((await screen.findByRole('status')).textContent).toBe('Оплата принята: коробки появятся в списке, как только платёж подтвердится.');
  });

  it('shows nothing while loading nor when the school has no boxes for the member, and a failed load with a retry', async () => {
    const { fetch } = stubApi({ 'GET Alpha/user_boxes/': () => page(), 'GET Alpha/school_box/': () => page(), 'GET Alpha/user_prizes/': () => page() });
    const { container, unmount } = render(<StudentBoxes school="Alpha" />);
    expect(container.innerHTML).toBe('');
    // Every answer in and read: still nothing.
    await waitFor(() => expect(fetch.mock.results).toHaveLength(3));
    await act(async () => {
      await Promise.all(fetch.mock.results.map((result) => result.value as Promise<Response>));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(container.innerHTML).toBe('');
    unmount();

    let calls = 0;
    stubApi({
      'GET Alpha/user_boxes/': () => (++calls === 1 ? json({ code: 'DB_UNAVAILABLE', message: 'внутреннее' }, 503) : page({ id: 1, box: box(7), unopened_count: 2, opened_count: 0, remaining_to_guarantee: 1 })),
      'GET Alpha/school_box/': () => page(),
      'GET Alpha/user_prizes/': () => page(),
    });
    render(<StudentBoxes school="Alpha" />);
    expect((await screen.findByRole('alert')).textContent).toContain('Что-то пошло не так на сервере.');
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Неоткрытых: 2')).toBeTruthy();
    expect(screen.getByText('Следующая коробка — с гарантированным призом')).toBeTruthy();
  });
});
