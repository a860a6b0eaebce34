import { $school, commonMessages, formatMoney, INITIAL_SCHOOL, resetUser, Role, selectSchool, setRole, signIn } from '#core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import { $toasts, dismissToast } from '../../ui/toasts.tsx';
import PaymentMethodsTab from './payment-methods-tab.tsx';
import type { CourseOrder, PaymentMethod } from './sales-api.ts';

const method = (id: number, own: Partial<PaymentMethod> = {}): PaymentMethod => ({
  id,
  payment_method: 'prodamus',
  payment_method_name: `Касса ${id}`,
  account_no: '',
  payment_url: 'https://shop.payform.ru/',
  is_active: true,
  has_api_key: true,
  api_key_last4: 'x9Z1',
  usable: true,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  ...own,
});
const order = (id: string, own: Partial<CourseOrder> = {}): CourseOrder => ({
  id,
  number: `CO-${id.slice(0, 8).toUpperCase()}`,
  course_id: 4,
  course_name: 'Python с нуля',
  email: 'buyer@example.com',
  name: '',
  phone: '',
  payment_method: 'prodamus',
  group_id: null,
  amount: 15000,
  currency: 'BYN',
  status: 'pending',
  access: null,
  created_at: '2026-11-20T10:00:00.000Z',
  paid_at: null,
  ...own,
});
const page = <T,>(...rows: T[]) => json({ count: rows.length, next: null, previous: null, results: rows });
const noOrders = () => page();
const toasts = () => $toasts.get().map((toast) => toast.text);

beforeEach(() => {
  resetUser();
  $school.set(INITIAL_SCHOOL);
  signIn({ access: 'a', refresh: 'r', userId: 1, email: 'admin@school.ru' });
  selectSchool({ schoolName: 'Alpha', contactLink: '', schoolId: 1, headerId: null });
  setRole(Role.Admin);
});
afterEach(() => {
  for (const toast of $toasts.get()) dismissToast(toast.id);
});

/** The card of a method, by its name. */
const card = (name: string) => screen.getByRole('heading', { level: 3, name }).closest('li')!;

describe('PaymentMethodsTab', () => {
  it("lists the school's methods as cards: provider, shop, the key's last characters (never the key) and whether it takes payments", async () => {
    stubApi({
      'GET Alpha/payment_method/': () =>
        page(
          method(2, { payment_method_name: 'Основная касса', account_no: 'shop-77' }),
          method(1, { payment_method_name: 'Без ключа', has_api_key: false, api_key_last4: '', usable: false }),
          method(3, { payment_method_name: 'Демо', payment_method: 'sandbox', payment_url: '', has_api_key: false, api_key_last4: '', is_active: false, usable: false }),
        ),
      'GET Alpha/payment_link/': noOrders,
    });
    render(<PaymentMethodsTab school="Alpha" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Способы оплаты' })).toBeTruthy();
    await screen.findByRole('heading', { level: 3, name: 'Основная касса' });
    const main = within(card('Основная касса'));
    expect(main.getByText('Prodamus')).toBeTruthy();
    expect(main.getByText('shop-77')).toBeTruthy();
    expect(main.getByText('Ключ сохранён (…x9Z1)')).toBeTruthy();
    expect(main.getByText('Принимает оплату')).toBeTruthy();
    const keyless = within(card('Без ключа'));
    expect(keyless.getByText('Ключ не задан')).toBeTruthy();
    expect(keyless.getByText('Оплата сейчас недоступна: проверьте ключ и адрес формы')).toBeTruthy();
    const demo = within(card('Демо'));
    expect(demo.getByText('Тестовая оплата (демо)')).toBeTruthy();
    expect(demo.getByText('Выключен')).toBeTruthy();
    expect(demo.queryByText('Секретный ключ')).toBeNull();
    expect(await screen.findByText('Заказов пока нет.')).toBeTruthy();
  });

  it('adds a Prodamus method: name, form address and key checked first, then the server; the key is sent once and not shown', async () => {
    let rows: PaymentMethod[] = [];
    let refuse = true;
    const { sent } = stubApi({
      'GET Alpha/payment_method/': () => page(...rows),
      'GET Alpha/payment_link/': noOrders,
      'POST Alpha/payment_method/': () => {
        if (refuse) return json({ code: 'VALIDATION_ERROR', message: 'Проверьте поля.', fields: { payment_url: ['Адрес платёжной формы должен начинаться с https://.'] } }, 400);
        rows = [method(8, { payment_method_name: 'Касса школы', account_no: 'shop-1', api_key_last4: 'cret' })];
        return json(rows[0], 201);
      },
    });
    render(<PaymentMethodsTab school="Alpha" />);
    expect(await screen.findByText('Способов оплаты пока нет')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Добавить способ оплаты' }));
    const dialog = screen.getByRole('dialog', { name: 'Новый способ оплаты' });
    expect((within(dialog).getByLabelText('Платёжная система') as HTMLSelectElement).value).toBe('prodamus');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(within(dialog).getByText('Укажите название.')).toBeTruthy();
    expect(within(dialog).getByText('Укажите адрес платёжной формы.')).toBeTruthy();
    expect(within(dialog).getByText('Укажите секретный ключ платёжной системы.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Адрес платёжной формы'), { target: { value: 'shop.payform.ru' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(within(dialog).getByText('Укажите адрес, начинающийся с http:// или https://.')).toBeTruthy();
    expect(sent.some((request) => request.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Название'), { target: { value: ' Касса школы ' } });
    fireEvent.change(within(dialog).getByLabelText('Номер магазина'), { target: { value: 'shop-1' } });
    fireEvent.change(within(dialog).getByLabelText('Адрес платёжной формы'), { target: { value: 'http://shop.payform.ru/' } });
    fireEvent.change(within(dialog).getByLabelText('Секретный ключ'), { target: { value: 'top-secret' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText('Адрес платёжной формы должен начинаться с https://.')).toBeTruthy();
    expect((within(dialog).getByLabelText('Секретный ключ') as HTMLInputElement).value).toBe('top-secret');

    refuse = false;
    fireEvent.change(within(dialog).getByLabelText('Адрес платёжной формы'), { target: { value: 'https://shop.payform.ru/' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Касса школы' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent.filter((request) => request.method === 'POST').at(-1)!.body).toEqual({
      payment_method: 'prodamus',
      payment_method_name: 'Касса школы',
      account_no: 'shop-1',
      payment_url: 'https://shop.payform.ru/',
      api_key: 'top-secret',
      is_active: true,
    });
    expect(toasts()).toContain('Способ оплаты сохранён');
    expect(screen.queryByText(/top-secret/)).toBeNull();
    expect(within(card('Касса школы')).getByText('Ключ сохранён (…cret)')).toBeTruthy();
  });

  it('changes a method without retyping its key: an empty key field keeps the stored one', async () => {
    let rows = [method(2, { payment_method_name: 'Касса' })];
    const { sent } = stubApi({
      'GET Alpha/payment_method/': () => page(...rows),
      'GET Alpha/payment_link/': noOrders,
      'PATCH Alpha/payment_method/2/': (request) => {
        rows = [{ ...rows[0]!, ...(request.body as Partial<PaymentMethod>), usable: false }];
        return json(rows[0]);
      },
    });
    render(<PaymentMethodsTab school="Alpha" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Изменить Касса' }));
    const dialog = screen.getByRole('dialog', { name: 'Способ оплаты' });
    expect((within(dialog).getByLabelText('Секретный ключ') as HTMLInputElement).value).toBe('');
    expect(within(dialog).getByText(/Ключ сохранён \(…x9Z1\)/)).toBeTruthy();
    fireEvent.click(within(dialog).getByLabelText('Принимать оплату'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(within(card('Касса')).getByText('Выключен')).toBeTruthy());
    expect(sent.find((request) => request.method === 'PATCH')!.body).toEqual({
      payment_method: 'prodamus',
      payment_method_name: 'Касса',
      account_no: '',
      payment_url: 'https://shop.payform.ru/',
      is_active: false,
    });
  });

  it('deletes a method after a confirmation, and says why when it could not', async () => {
    let rows = [method(1, { payment_method_name: 'Старая' }), method(2, { payment_method_name: 'Новая' })];
    let refuse = true;
    stubApi({
      'GET Alpha/payment_method/': () => page(...rows),
      'GET Alpha/payment_link/': noOrders,
      'DELETE Alpha/payment_method/1/': () => {
        if (refuse) return json({ code: 'PAYMENT_METHOD_NOT_FOUND', message: 'Способ оплаты не найден.' }, 404);
        rows = [rows[1]!];
        return new Response(null, { status: 204 });
      },
    });
    render(<PaymentMethodsTab school="Alpha" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Удалить Старая' }));
    const confirm = screen.getByRole('dialog', { name: 'Удалить способ оплаты?' });
    expect(within(confirm).getByText(/Способ оплаты «Старая» будет удалён/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(toasts()).toContain('Способ оплаты не найден.'));
    expect(screen.queryByRole('dialog')).toBeNull();

    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Удалить Старая' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Удалить способ оплаты?' })).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(toasts()).toContain('Способ оплаты удалён'));
    expect(await screen.findByRole('heading', { level: 3, name: 'Новая' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 3, name: 'Старая' })).toBeNull();
  });

  it("lists the school's course orders, newest first, with their status and access", async () => {
    const { fetch } = stubApi({
      'GET Alpha/payment_method/': () => page(method(1)),
      'GET Alpha/payment_link/': () =>
        page(
          order('0f3a9c1e-0000-4000-8000-000000000001', { name: 'Анна', status: 'paid', access: 'granted', amount: 7500, paid_at: '2026-11-20T10:05:00.000Z' }),
          order('a71b22d4-0000-4000-8000-000000000002', { status: 'declined' }),
        ),
    });
    render(<PaymentMethodsTab school="Alpha" />);
    const orders = within(await screen.findByRole('table', { name: 'Заказы курсов' }));
    const paid = orders.getByRole('rowheader', { name: 'CO-0F3A9C1E' }).closest('tr')!;
    expect(within(paid).getByText('Анна, buyer@example.com')).toBeTruthy();
    expect(within(paid).getByText('Python с нуля')).toBeTruthy();
    expect(within(paid).getByText('Оплачен: доступ открыт')).toBeTruthy();
    expect(paid.textContent).toContain(formatMoney(7500, 'BYN'));
    const declined = orders.getByRole('rowheader', { name: 'CO-A71B22D4' }).closest('tr')!;
    expect(within(declined).getByText('Отклонён')).toBeTruthy();
    expect(within(declined).getByText('buyer@example.com')).toBeTruthy();
    const ordersCall = fetch.mock.calls.map(([url]) => new URL(String(url), 'http://x')).find((url) => url.pathname.endsWith('/payment_link/'))!;
    expect([ordersCall.searchParams.get('p'), ordersCall.searchParams.get('s')]).toEqual(['1', '20']);
  });

  it('says the methods did not load, and loads them again on «Повторить»', async () => {
    let fail = true;
    stubApi({
      'GET Alpha/payment_method/': () => (fail ? json({ code: 'SERVER_ERROR', message: 'Ошибка сервера.' }, 500) : page(method(1))),
      'GET Alpha/payment_link/': noOrders,
    });
    render(<PaymentMethodsTab school="Alpha" />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(commonMessages.serverError)).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Касса 1' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
