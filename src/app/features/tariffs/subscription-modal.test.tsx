import { formatMoney, resetUser, Role, setRole, signIn } from '#core';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../../tests/helpers/json-response.ts';
import { SubscriptionModal, type SubscriptionModalProps } from './subscription-modal.tsx';

const PROCESSING =
  'Заказ обрабатывается. Как только транзакция будет обработана и одобрена, новый тарифный план отобразится возле вашего профиля.';

function reply(months: number, amount: number, currency = 'RUB', redirect = 'https://pay.example/checkout/abc') {
  return {
    plan: { amount, currency, months, pays_count: months, subscription_type: months > 1 ? 'upfront' : 'monthly', tariff: 'Middle' },
    payment_id: '2f1c9a0e-4b7d-4e2a-9c1f-0d3e5a6b7c8d',
    redirect_url: redirect,
  };
}

type Answer = () => Response | Promise<Response>;

/** Stubs fetch: every call takes the next answer (the last one repeats). */
function stubApi(...answers: Answer[]) {
  let call = 0;
  const fetch = vi.fn(async (_url: unknown, _init?: RequestInit) => answers[Math.min(call++, answers.length - 1)]!());
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function sentBody(fetch: ReturnType<typeof stubApi>, index = -1): unknown {
  const call = fetch.mock.calls.at(index)!;
  return JSON.parse(String(call[1]?.body));
}

/** A page with the button that opens the modal, as the tariff page has. */
function Harness(props: Partial<SubscriptionModalProps>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Подключить
      </button>
      {open ? <SubscriptionModal plan={{ name: 'Middle' }} school="alpha" onClose={() => setOpen(false)} {...props} /> : null}
    </>
  );
}

function openModal(props: Partial<SubscriptionModalProps> = {}) {
  render(<Harness {...props} />);
  const opener = screen.getByRole('button', { name: 'Подключить' });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole('dialog') };
}

const next = () => screen.getByRole('button', { name: 'Далее' });
const promoInput = () => screen.getByRole('textbox', { name: 'Промокод (необязательно)' }) as HTMLInputElement;
const radio = (label: string) => screen.getByRole('radio', { name: label }) as HTMLInputElement;

async function toConfirmation() {
  fireEvent.click(next());
  return screen.findByRole('button', { name: 'Перейти к оплате' });
}

beforeEach(() => {
  resetUser();
  signIn({ access: 'token', refresh: 'refresh', userId: 1, email: 'admin@alpha.ru' });
  setRole(Role.Admin);
});

describe('SubscriptionModal: the dialog', () => {
  it('is a labelled modal dialog that takes focus and offers 1, 3, 6, 12 months and a promo code', () => {
    const { dialog } = openModal();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const title = document.getElementById(dialog.getAttribute('aria-labelledby')!)!;
    expect(title.textContent).toBe('Подключение тарифа Middle');
    const group = within(dialog).getByRole('group', { name: 'Срок подписки' });
    expect(within(group).getAllByRole('radio').map((r) => r.parentElement!.textContent)).toEqual(['1 месяц', '3 месяца', '6 месяцев', '12 месяцев']);
    expect(radio('1 месяц').checked).toBe(true);
    expect(document.activeElement).toBe(radio('1 месяц'));
    expect(promoInput().value).toBe('');
    expect(within(dialog).getByRole('button', { name: 'Закрыть' })).toBeTruthy();
  });

  it('preselects the period it is given (12 months from a yearly card)', () => {
    openModal({ initialMonths: 12 });
    expect(radio('12 месяцев').checked).toBe(true);
    expect(document.activeElement).toBe(radio('12 месяцев'));
  });

  it('closes on Escape and gives focus back to the opener', () => {
    const { opener } = openModal();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes on a double click on the backdrop, not on a single click nor a double click inside', () => {
    const { opener, dialog } = openModal();
    const backdrop = dialog.parentElement!;
    fireEvent.click(backdrop);
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.doubleClick(dialog);
    fireEvent.doubleClick(screen.getByText('Срок подписки'));
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.doubleClick(backdrop);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes with the close button', () => {
    const { opener, dialog } = openModal();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Закрыть' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('keeps Tab inside the dialog', () => {
    const { dialog } = openModal();
    const close = within(dialog).getByRole('button', { name: 'Закрыть' });
    next().focus();
    fireEvent.keyDown(next(), { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(next());
  });
});

describe('SubscriptionModal: step 1 → step 2', () => {
  it('sends one month without pays_count or promo_code, busy while waiting, then confirms the order', async () => {
    let release!: (response: Response) => void;
    const fetch = stubApi(() => new Promise<Response>((resolve) => (release = resolve)));
    openModal();
    fireEvent.click(next());
    const busy = screen.getByRole('button', { name: 'Расчёт...' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(String(fetch.mock.calls[0]![0])).toBe('/api/alpha/subscribe/');
    expect(fetch.mock.calls[0]![1]?.method).toBe('POST');
    expect(sentBody(fetch)).toEqual({ tariff: 'Middle', subscription_type: 'monthly' });

    await act(async () => release(json(reply(1, 94800), 201)));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Тариф').nextElementSibling!.textContent).toBe('Middle');
    expect(within(dialog).getByText('Период').nextElementSibling!.textContent).toBe('1 месяц');
    expect(within(dialog).getByText('К оплате').nextElementSibling!.textContent).toBe(`${formatMoney(94800, 'RUB')} в месяц`);
    expect(within(dialog).getByText('Итого').nextElementSibling!.textContent).toBe(formatMoney(94800, 'RUB'));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Перейти к оплате' }));
  });

  it('sends pays_count above one month and the trimmed promo code when one is typed; shows roubles per month and the total', async () => {
    const fetch = stubApi(() => json(reply(3, 284400), 201));
    openModal();
    fireEvent.click(radio('3 месяца'));
    fireEvent.change(promoInput(), { target: { value: '  SPRING ' } });
    await toConfirmation();
    expect(sentBody(fetch)).toEqual({ tariff: 'Middle', subscription_type: 'upfront', pays_count: 3, promo_code: 'SPRING' });
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Период').nextElementSibling!.textContent).toBe('3 месяца');
    expect(within(dialog).getByText('К оплате').nextElementSibling!.textContent).toBe(`${formatMoney(94800, 'RUB')} в месяц`);
    expect(within(dialog).getByText('Итого').nextElementSibling!.textContent).toBe(formatMoney(284400, 'RUB'));
  });

  it('sends no promo_code for a blank one and 12 months as pays_count 12', async () => {
    const fetch = stubApi(() => json(reply(12, 1137600), 201));
    openModal();
    fireEvent.click(radio('12 месяцев'));
    fireEvent.change(promoInput(), { target: { value: '   ' } });
    await toConfirmation();
    expect(sentBody(fetch)).toEqual({ tariff: 'Middle', subscription_type: 'upfront', pays_count: 12 });
    expect(screen.getByText('Период').nextElementSibling!.textContent).toBe('12 месяцев');
  });

  it('shows the amount in the currency the server charges', async () => {
    stubApi(() => json(reply(6, 568800, 'BYN'), 201));
    openModal();
    fireEvent.click(radio('6 месяцев'));
    await toConfirmation();
    expect(screen.getByText('К оплате').nextElementSibling!.textContent).toBe(`${formatMoney(94800, 'BYN')} в месяц`);
    expect(screen.getByText('Итого').nextElementSibling!.textContent).toBe(formatMoney(568800, 'BYN'));
  });

  it("reads an answer without a currency as BYN, and a free order as 'бесплатно' without 'в месяц'", async () => {
    stubApi(() => json({ ...reply(3, 0), plan: { amount: 0, months: 3, tariff: 'Middle' } }, 201));
    openModal();
    fireEvent.click(radio('3 месяца'));
    await toConfirmation();
    expect(screen.getByText('К оплате').nextElementSibling!.textContent).toBe('бесплатно');
    expect(screen.getByText('Итого').nextElementSibling!.textContent).toBe('бесплатно');
  });

  it('writes BYN by default: "948 BYN в месяц"', async () => {
    stubApi(() => json({ ...reply(1, 94800), plan: { amount: 94800, months: 1, tariff: 'Middle' } }, 201));
    openModal();
    await toConfirmation();
    expect(screen.getByText('К оплате').nextElementSibling!.textContent).toMatch(/^948[\u00a0\u202f]BYN в месяц$/);
  });
});

describe('SubscriptionModal: subscribe errors', () => {
  it.each([404, 400])("%i shows 'Нет такого промокода' under the promo field and keeps the values", async (status) => {
    stubApi(() => json({ code: 'PROMO_NOT_FOUND', message: 'Нет такого промокода' }, status));
    openModal();
    fireEvent.click(radio('6 месяцев'));
    fireEvent.change(promoInput(), { target: { value: 'WRONG' } });
    fireEvent.click(next());
    const error = await screen.findByText('Нет такого промокода');
    const input = promoInput();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(error.id);
    expect(input.value).toBe('WRONG');
    expect(radio('6 месяцев').checked).toBe(true);
    expect(screen.queryByRole('button', { name: 'Перейти к оплате' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect((next() as HTMLButtonElement).disabled).toBe(false);
    // Typing again clears the message.
    fireEvent.change(input, { target: { value: 'WRONG2' } });
    expect(screen.queryByText('Нет такого промокода')).toBeNull();
  });

  it('ignores 405: stays on step 1 with no message', async () => {
    const fetch = stubApi(() => json({ code: 'HTTP_405', message: 'Method Not Allowed' }, 405));
    openModal();
    fireEvent.click(next());
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    await waitFor(() => expect((next() as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Нет такого промокода')).toBeNull();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Перейти к оплате' })).toBeNull();
  });

  it('shows a form message for a server failure and for a lost connection', async () => {
    stubApi(
      () => json({ code: 'INTERNAL', message: 'stack trace' }, 500),
      () => Promise.reject(new TypeError('Failed to fetch')),
    );
    openModal();
    fireEvent.click(next());
    expect((await screen.findByRole('alert')).textContent).toBe('Не удалось оформить подписку. Попробуйте ещё раз.');
    fireEvent.click(next());
    await waitFor(() => expect((next() as HTMLButtonElement).disabled).toBe(false));
    expect(screen.getByRole('alert').textContent).toBe('Не удалось оформить подписку. Попробуйте ещё раз.');
    expect(screen.queryByText('Нет такого промокода')).toBeNull();
  });

  it("shows the server's reason for another refusal (a cheaper plan while one is paid)", async () => {
    stubApi(() => json({ code: 'DOWNGRADE_NOT_ALLOWED', message: 'Сначала отмените текущую подписку.' }, 409));
    openModal();
    fireEvent.click(next());
    expect((await screen.findByRole('alert')).textContent).toBe('Сначала отмените текущую подписку.');
  });

  it('does not blame the promo code for a 400 about another field', async () => {
    stubApi(() => json({ code: 'TARIFF_NOT_FOUND', message: 'Такого тарифа нет.', fields: { tariff: ['Такого тарифа нет.'] } }, 400));
    openModal();
    fireEvent.click(next());
    expect((await screen.findByRole('alert')).textContent).toBe('Такого тарифа нет.');
    expect(screen.queryByText('Нет такого промокода')).toBeNull();
  });
});

describe('SubscriptionModal: step 2 → step 1 or step 3', () => {
  it("'Изменить' goes back to step 1 with the values kept, and the next 'Далее' asks again", async () => {
    const fetch = stubApi(
      () => json(reply(3, 284400), 201),
      () => json(reply(6, 568800), 201),
    );
    openModal();
    fireEvent.click(radio('3 месяца'));
    fireEvent.change(promoInput(), { target: { value: 'SPRING' } });
    await toConfirmation();
    fireEvent.click(screen.getByRole('button', { name: 'Изменить' }));
    expect(radio('3 месяца').checked).toBe(true);
    expect(promoInput().value).toBe('SPRING');
    expect(document.activeElement).toBe(radio('3 месяца'));

    fireEvent.click(radio('6 месяцев'));
    await toConfirmation();
    expect(sentBody(fetch)).toEqual({ tariff: 'Middle', subscription_type: 'upfront', pays_count: 6, promo_code: 'SPRING' });
    expect(screen.getByText('Период').nextElementSibling!.textContent).toBe('6 месяцев');
  });

  it("'Перейти к оплате' opens the payment page in a new tab, then shows the processing message", async () => {
    stubApi(() => json(reply(1, 94800), 201));
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const { opener } = openModal();
    fireEvent.click(await toConfirmation());
    expect(open).toHaveBeenCalledWith('https://pay.example/checkout/abc', '_blank', 'noopener');
    const status = screen.getByRole('status');
    expect(status.textContent).toBe(PROCESSING);
    const buttons = within(screen.getByRole('dialog')).getAllByRole('button', { name: 'Закрыть' });
    expect(buttons).toHaveLength(2);
    expect(document.activeElement).toBe(buttons[1]);
    fireEvent.click(buttons[1]!);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('never opens a payment link that is not a web page', async () => {
    stubApi(() => json(reply(1, 94800, 'RUB', 'javascript:alert(1)'), 201));
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    openModal();
    fireEvent.click(await toConfirmation());
    expect(open).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Не удалось оформить подписку. Попробуйте ещё раз.');
    expect(screen.queryByText(PROCESSING)).toBeNull();
  });

  it('ignores an answer that arrives after the dialog was closed', async () => {
    let release!: (response: Response) => void;
    stubApi(() => new Promise<Response>((resolve) => (release = resolve)));
    openModal();
    fireEvent.click(next());
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () => release(json(reply(1, 94800), 201)));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
