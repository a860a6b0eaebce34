import { formatMoney } from '#core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import CoursePurchase from './course-purchase.tsx';
import type { CourseOffer, CourseOrder, Receipt } from './sales-api.ts';

const ORDER_ID = '0f3a9c1e-5b2d-4c11-9e0a-3b7c2d1e4f5a';
const TOKEN = '9f86d081884c7d659a2feaa0c55ad015';

const offer = (own: Partial<CourseOffer> = {}): CourseOffer => ({ course_id: 4, name: 'Python с нуля', price: 15000, currency: 'BYN', school_title: 'Школа Альфа', purchasable: true, ...own });
const order = (own: Partial<CourseOrder> = {}): CourseOrder => ({
  id: ORDER_ID,
  number: 'CO-0F3A9C1E',
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
const receipt = (own: Partial<Receipt> = {}): Receipt => ({
  order_id: ORDER_ID,
  number: 'CO-0F3A9C1E',
  date: '2026-11-20T10:00:00.000Z',
  status: 'paid',
  access: 'invited',
  paid_at: '2026-11-20T10:05:00.000Z',
  course_id: 4,
  school: { name: 'Alpha', title: 'Школа Альфа' },
  seller: { name: 'ООО «Альфа»', tax_id: '190000000', address: '', bank_name: '', bank_code: '', bank_account: '', email: '', phone: '', footer_text: 'Спасибо за покупку!' },
  buyer: { email: 'buyer@example.com', name: 'Анна' },
  items: [{ name: 'Курс «Python с нуля»', quantity: 1, amount: 12000 }],
  total: 12000,
  currency: 'BYN',
  pay_url: null,
  ...own,
});

afterEach(() => window.history.pushState(null, '', '/'));

/** Opens the purchase form of a purchasable course. */
async function openForm() {
  fireEvent.click(await screen.findByRole('button', { name: 'Купить' }));
  return within(screen.getByRole('region', { name: 'Купить курс' }));
}

describe('CoursePurchase', () => {
  it('shows the price and «Купить»; the form needs an email, then the order is made and the buyer sent to pay', async () => {
    const made = deferred<Response>();
    const navigate = vi.fn();
    const { sent } = stubApi({
      'GET sales/courses/4/offer/': () => json(offer()),
      'POST sales/courses/4/orders/': () => made.promise,
    });
    render(<CoursePurchase courseId={4} navigate={navigate} />);
    const region = await screen.findByRole('region', { name: 'Купить курс' });
    expect(region.textContent).toContain(`Стоимость: ${formatMoney(15000, 'BYN')}`);
    const form = await openForm();
    expect(document.activeElement).toBe(form.getByLabelText('Электронная почта'));
    fireEvent.click(form.getByRole('button', { name: 'Отмена' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Купить' }));
    fireEvent.click(screen.getByRole('button', { name: 'Купить' }));
    fireEvent.click(form.getByRole('button', { name: 'Перейти к оплате' }));
    expect(form.getByText('Укажите электронную почту.')).toBeTruthy();
    fireEvent.change(form.getByLabelText('Электронная почта'), { target: { value: 'buyer@' } });
    fireEvent.click(form.getByRole('button', { name: 'Перейти к оплате' }));
    expect(form.getByText('Введите корректный адрес электронной почты.')).toBeTruthy();
    expect(sent.some((request) => request.method === 'POST')).toBe(false);

    fireEvent.change(form.getByLabelText('Электронная почта'), { target: { value: ' buyer@example.com ' } });
    fireEvent.change(form.getByLabelText('Имя (необязательно)'), { target: { value: 'Анна' } });
    fireEvent.click(form.getByRole('button', { name: 'Перейти к оплате' }));
    const busy = await form.findByRole('button', { name: 'Оформляем…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    made.resolve(json({ order: order({ name: 'Анна' }), payment_url: 'https://shop.payform.ru/?order_id=1&signature=abc' }, 201));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('https://shop.payform.ru/?order_id=1&signature=abc'));
    // The server prices the order; the client sends who buys, never an amount.
    expect(sent.find((request) => request.method === 'POST')!.body).toEqual({ email: 'buyer@example.com', name: 'Анна' });
    expect(sent.find((request) => request.method === 'POST')!.headers.get('authorization')).toBeNull();
  });

  it("applies the school's promo code: sent with the order, and a wrong one refused under its field", async () => {
    const navigate = vi.fn();
    const { sent } = stubApi({
      'GET sales/courses/4/offer/': () => json(offer()),
      'POST sales/courses/4/orders/': (request) =>
        (request.body as { promo_code?: string }).promo_code === 'DEMO20'
          ? json({ order: order({ amount: 12000 }), payment_url: 'https://shop.payform.ru/?sum=120' }, 201)
          : json({ code: 'PROMO_CODE_NOT_FOUND', message: 'Нет такого промокода', fields: { promo_code: ['Нет такого промокода'] } }, 400),
    });
    render(<CoursePurchase courseId={4} navigate={navigate} />);
    const form = await openForm();
    fireEvent.change(form.getByLabelText('Электронная почта'), { target: { value: 'buyer@example.com' } });
    fireEvent.change(form.getByLabelText('Промокод (необязательно)'), { target: { value: 'NOPE' } });
    fireEvent.click(form.getByRole('button', { name: 'Перейти к оплате' }));
    expect(await form.findByText('Нет такого промокода')).toBeTruthy();
    expect(form.getByLabelText('Промокод (необязательно)').getAttribute('aria-invalid')).toBe('true');
    expect((form.getByLabelText('Электронная почта') as HTMLInputElement).value).toBe('buyer@example.com');
    expect(navigate).not.toHaveBeenCalled();

    fireEvent.change(form.getByLabelText('Промокод (необязательно)'), { target: { value: ' DEMO20 ' } });
    fireEvent.click(form.getByRole('button', { name: 'Перейти к оплате' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('https://shop.payform.ru/?sum=120'));
    expect(sent.filter((request) => request.method === 'POST').at(-1)!.body).toEqual({ email: 'buyer@example.com', promo_code: 'DEMO20' });
  });

  it("says why an order could not be made, and keeps the form", async () => {
    const navigate = vi.fn();
    stubApi({
      'GET sales/courses/4/offer/': () => json(offer()),
      'POST sales/courses/4/orders/': () => json({ code: 'COURSE_NOT_FOR_SALE', message: 'Этот курс сейчас нельзя купить онлайн. Оставьте заявку, и школа свяжется с вами.' }, 409),
    });
    render(<CoursePurchase courseId={4} navigate={navigate} />);
    const form = await openForm();
    fireEvent.change(form.getByLabelText('Электронная почта'), { target: { value: 'buyer@example.com' } });
    fireEvent.click(form.getByRole('button', { name: 'Перейти к оплате' }));
    expect(await form.findByText('Этот курс сейчас нельзя купить онлайн. Оставьте заявку, и школа свяжется с вами.')).toBeTruthy();
    expect((form.getByRole('button', { name: 'Перейти к оплате' }) as HTMLButtonElement).disabled).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('shows nothing for a course that cannot be bought online: no payment method, or no price', async () => {
    const { sent } = stubApi({
      'GET sales/courses/4/offer/': () => json(offer({ purchasable: false })),
      'GET sales/courses/5/offer/': () => json({ code: 'COURSE_NOT_FOUND', message: 'Курс не найден.' }, 404),
    });
    const { container, rerender } = render(<CoursePurchase courseId={4} />);
    await waitFor(() => expect(sent.map((request) => request.path)).toContain('sales/courses/4/offer/'));
    await waitFor(() => expect(container.innerHTML).toBe(''));
    rerender(<CoursePurchase key={5} courseId={5} />);
    await waitFor(() => expect(sent.map((request) => request.path)).toContain('sales/courses/5/offer/'));
    await waitFor(() => expect(container.innerHTML).toBe(''));
    expect(screen.queryByRole('button', { name: 'Купить' })).toBeNull();
  });

  it('shows the order and its receipt when the buyer comes back from the payment page', async () => {
    window.history.pushState(null, '', `/course-catalog/4?order=${ORDER_ID}&t=${TOKEN}`);
    const { sent, fetch } = stubApi({ [`GET sales/orders/${ORDER_ID}/`]: () => json(receipt()) });
    render(<CoursePurchase courseId={4} />);
    const section = within(await screen.findByRole('region', { name: 'Ваш заказ' }));
    expect(section.getByRole('status').textContent).toBe('Оплата получена. Мы отправили на вашу почту письмо со ссылкой: откройте её, чтобы начать учиться.');
    expect(section.getByText('CO-0F3A9C1E')).toBeTruthy();
    expect(section.getByText('Анна, buyer@example.com')).toBeTruthy();
    expect(section.getByText(/ООО «Альфа»/)).toBeTruthy();
    expect(section.getByText('Спасибо за покупку!')).toBeTruthy();
    expect(section.getByRole('button', { name: 'Распечатать чек' })).toBeTruthy();
    expect(section.queryByRole('link', { name: 'Оплатить' })).toBeNull();
    expect(new URL(String(fetch.mock.calls[0]![0]), 'http://x').searchParams.get('t')).toBe(TOKEN);
    // The offer is not asked for: the receipt takes its place.
    expect(sent.map((request) => request.path)).toEqual([`sales/orders/${ORDER_ID}/`]);
  });

  it('offers to pay a pending order again, and says a wrong link names no order', async () => {
    window.history.pushState(null, '', `/course-catalog/4?order=${ORDER_ID}&t=${TOKEN}`);
    stubApi({ [`GET sales/orders/${ORDER_ID}/`]: () => json(receipt({ status: 'pending', access: null, paid_at: null, pay_url: 'https://shop.payform.ru/?again=1' })) });
    const first = render(<CoursePurchase courseId={4} />);
    expect(await screen.findByText(/Оплата обрабатывается/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Оплатить' }).getAttribute('href')).toBe('https://shop.payform.ru/?again=1');
    first.unmount();

    stubApi({ [`GET sales/orders/${ORDER_ID}/`]: () => json({ code: 'ORDER_NOT_FOUND', message: 'Заказ не найден.' }, 404) });
    render(<CoursePurchase courseId={4} />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Заказ не найден.')).toBeTruthy();
  });

  it("buys another course opened from a return link's page, not the returned order", async () => {
    window.history.pushState(null, '', `/course-catalog/4?order=${ORDER_ID}&t=${TOKEN}`);
    stubApi({ 'GET sales/courses/7/offer/': () => json(offer({ course_id: 7 })) });
    render(<CoursePurchase courseId={7} />);
    expect(await screen.findByRole('button', { name: 'Купить' })).toBeTruthy();
  });
});
