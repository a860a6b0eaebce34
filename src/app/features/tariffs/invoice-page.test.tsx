import { commonMessages, formatMoney, resetSchool, resetUser, Role, selectSchool, setRole, signIn } from '#core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import { App } from '../../app.tsx';
import { $router } from '../../router.ts';
import InvoicePage, { type Invoice, type InvoiceSummary } from './invoice-page.tsx';
import TariffPlansPage from './tariff-plans-page.tsx';

const ID = '2f1c9a0e-4b7d-4e2a-9c1f-0d3e5a6b7c8d';
const OTHER_ID = '7a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
const DOC_PATH = `alpha/invoice/${ID}/`;
const LIST_PATH = 'alpha/invoices/';

const day = (iso: string) => new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(iso));

function invoice(patch: Partial<Invoice> = {}): Invoice {
  return {
    payment_id: ID,
    number: 'CH-2F1C9A0E',
    date: '2026-03-05T12:00:00.000Z',
    status: 'pending',
    paid_at: null,
    seller: { name: 'Оператор платформы CourseHub', details: 'Реквизиты оператора указываются в договоре-оферте' },
    buyer: { school_title: 'Школа Альфа', school_name: 'alpha', owner_email: 'owner@alpha.by' },
    items: [{ name: 'Тариф «Middle» на 3 месяца', quantity: 1, amount: 284400 }],
    total: 284400,
    currency: 'BYN',
    pay_url: `http://localhost/api/payments/sandbox/${ID}/`,
    ...patch,
  };
}

const summary = (patch: Partial<InvoiceSummary> = {}): InvoiceSummary => ({
  payment_id: ID,
  number: 'CH-2F1C9A0E',
  date: '2026-03-05T12:00:00.000Z',
  status: 'pending',
  total: 284400,
  currency: 'BYN',
  tariff: 'Middle',
  ...patch,
});

const at = (search: string) => window.history.replaceState(null, '', `/invoice${search}`);

beforeEach(() => {
  resetUser();
  resetSchool();
  signIn({ access: 'acc', refresh: 'ref', userId: 1, email: 'owner@alpha.by' });
  selectSchool({ schoolName: 'alpha', contactLink: '', schoolId: 3, headerId: null });
  at('');
});

describe('InvoicePage: the list', () => {
  it('loads the chosen school’s invoices and links each one to its document', async () => {
    const reply = deferred<Response>();
    const { sent } = stubApi({ [`GET ${LIST_PATH}`]: () => reply.promise });
    render(<InvoicePage />);
    expect(screen.getByRole('status').textContent).toBe('Загрузка счетов...');
    reply.resolve(
      json({
        count: 2,
        next: null,
        previous: null,
        results: [summary(), summary({ payment_id: OTHER_ID, number: 'CH-7A0B1C2D', status: 'paid', total: 46800, tariff: 'Junior', date: '2026-02-01T12:00:00.000Z' })],
      }),
    );
    const table = await screen.findByRole('table');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Счета на оплату');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['CH-2F1C9A0E', day('2026-03-05T12:00:00.000Z'), 'Middle', formatMoney(284400, 'BYN'), 'Ожидает оплаты'],
      ['CH-7A0B1C2D', day('2026-02-01T12:00:00.000Z'), 'Junior', formatMoney(46800, 'BYN'), 'Оплачен'],
    ]);
    expect(within(table).getByRole('link', { name: 'CH-7A0B1C2D' }).getAttribute('href')).toBe(`/invoice?payment=${OTHER_ID}`);
    expect(screen.getByRole('link', { name: 'К тарифам' }).getAttribute('href')).toBe('/school/alpha/tariff-plans');
    expect(sent[0]!.headers.get('authorization')).toBe('Bearer acc');
    expect(screen.queryByRole('navigation', { name: 'Страницы' })).toBeNull();
  });

  it('says so when the school has no invoices', async () => {
    stubApi({ [`GET ${LIST_PATH}`]: () => json({ count: 0, next: null, previous: null, results: [] }) });
    render(<InvoicePage />);
    expect(await screen.findByText('Счетов пока нет: счёт появляется, когда вы оформляете тариф.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('pages through more than 20 invoices', async () => {
    const pages: string[] = [];
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      pages.push(url.searchParams.get('p') ?? '');
      return json({ count: 45, next: null, previous: null, results: [summary({ number: `CH-PAGE${url.searchParams.get('p')}` })] });
    });
    vi.stubGlobal('fetch', fetch);
    render(<InvoicePage />);
    await screen.findByText('CH-PAGE1');
    const pager = screen.getByRole('navigation', { name: 'Страницы' });
    expect(within(pager).getAllByRole('button').map((b) => b.textContent)).toEqual(['1', '2', '3']);
    fireEvent.click(within(pager).getByRole('button', { name: '3' }));
    await screen.findByText('CH-PAGE3');
    expect(pages).toEqual(['1', '3']);
    expect(screen.getByRole('button', { name: '3' }).getAttribute('aria-current')).toBe('page');
  });

  it('opens the document of a clicked invoice', async () => {
    stubApi({
      [`GET ${LIST_PATH}`]: () => json({ count: 1, next: null, previous: null, results: [summary()] }),
      [`GET ${DOC_PATH}`]: () => json(invoice()),
    });
    render(<InvoicePage />);
    fireEvent.click(await screen.findByRole('link', { name: 'CH-2F1C9A0E' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Счёт на оплату № CH-2F1C9A0E' })).toBeTruthy();
    expect(window.location.search).toBe(`?payment=${ID}`);
  });

  it('offers a retry when the list could not be loaded', async () => {
    let calls = 0;
    stubApi({ [`GET ${LIST_PATH}`]: () => (++calls === 1 ? json({ code: 'INTERNAL_ERROR', message: 'x' }, 500) : json({ count: 1, next: null, previous: null, results: [summary()] })) });
    render(<InvoicePage />);
    expect((await screen.findByRole('alert')).textContent).toContain(commonMessages.serverError);
    fireEvent.click(screen.getByRole('button', { name: commonMessages.retry }));
    expect(await screen.findByRole('link', { name: 'CH-2F1C9A0E' })).toBeTruthy();
    expect(calls).toBe(2);
  });

  it('asks to choose a school when none is chosen, without a request', () => {
    resetSchool();
    const { sent } = stubApi({});
    render(<InvoicePage />);
    expect(screen.getByText('Выберите школу, чтобы увидеть её счета.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Выберите школу' }).getAttribute('href')).toBe('/chooseSchool');
    expect(sent).toEqual([]);
  });
});

describe('InvoicePage: the document', () => {
  it('shows the invoice: number, date, seller, buyer, items and the total', async () => {
    at(`?payment=${ID}`);
    const reply = deferred<Response>();
    const { sent } = stubApi({ [`GET ${DOC_PATH}`]: () => reply.promise });
    render(<InvoicePage />);
    expect(screen.getByRole('status').textContent).toBe('Загрузка счёта...');
    reply.resolve(json(invoice()));

    const doc = await screen.findByRole('article', { name: 'Счёт на оплату № CH-2F1C9A0E' });
    expect(within(doc).getByText(`от ${day('2026-03-05T12:00:00.000Z')}`)).toBeTruthy();
    const parties = within(doc).getAllByRole('definition');
    expect(within(doc).getAllByRole('term').map((term) => term.textContent)).toEqual(['Исполнитель', 'Заказчик']);
    expect(parties[0]!.textContent).toBe('Оператор платформы CourseHubРеквизиты оператора указываются в договоре-оферте');
    expect(parties[1]!.textContent).toBe('Школа Альфа (alpha)owner@alpha.by');

    const table = within(doc).getByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(within(rows[0]!).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['№', 'Наименование', 'Кол-во', 'Сумма']);
    expect(within(rows[1]!).getAllByRole('cell').map((td) => td.textContent)).toEqual(['1', 'Тариф «Middle» на 3 месяца', '1', formatMoney(284400, 'BYN')]);
    expect(within(rows[2]!).getByRole('rowheader').textContent).toBe('Итого');
    expect(within(rows[2]!).getByRole('cell').textContent).toBe(formatMoney(284400, 'BYN'));

    expect(screen.getByRole('link', { name: 'Все счета' }).getAttribute('href')).toBe('/invoice');
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual([`GET ${DOC_PATH}`]);
  });

  it('offers to pay a pending invoice in a new tab', async () => {
    at(`?payment=${ID}`);
    stubApi({ [`GET ${DOC_PATH}`]: () => json(invoice()) });
    render(<InvoicePage />);
    const doc = await screen.findByRole('article');
    expect(within(doc).getByText('Ожидает оплаты').className).toBe('invoice-status pending');
    const pay = screen.getByRole('link', { name: 'Оплатить' });
    expect(pay.getAttribute('href')).toBe(`http://localhost/api/payments/sandbox/${ID}/`);
    expect(pay.getAttribute('target')).toBe('_blank');
    expect(pay.getAttribute('rel')).toBe('noopener noreferrer');
    // The pay link is not part of the printed document.
    expect(doc.contains(pay)).toBe(false);
  });

  it('shows a paid invoice with its payment date and no pay link', async () => {
    at(`?payment=${ID}`);
    stubApi({ [`GET ${DOC_PATH}`]: () => json(invoice({ status: 'paid', paid_at: '2026-03-06T12:00:00.000Z', pay_url: null })) });
    render(<InvoicePage />);
    const doc = await screen.findByRole('article');
    expect(within(doc).getByText('Оплачен').className).toBe('invoice-status paid');
    expect(within(doc).getByText(`(Оплачен ${day('2026-03-06T12:00:00.000Z')})`)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Оплатить' })).toBeNull();
  });

  it('shows a declined invoice without a pay link, whatever the server sent', async () => {
    at(`?payment=${ID}`);
    stubApi({ [`GET ${DOC_PATH}`]: () => json(invoice({ status: 'declined', buyer: { school_title: 'Школа Альфа', school_name: 'alpha', owner_email: null } })) });
    render(<InvoicePage />);
    const doc = await screen.findByRole('article');
    expect(within(doc).getByText('Отклонён')).toBeTruthy();
    expect(within(doc).getAllByRole('definition')[1]!.textContent).toBe('Школа Альфа (alpha)');
    expect(screen.queryByRole('link', { name: 'Оплатить' })).toBeNull();
  });

  it('prints with the Печать button', async () => {
    at(`?payment=${ID}`);
    stubApi({ [`GET ${DOC_PATH}`]: () => json(invoice()) });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    render(<InvoicePage />);
    await screen.findByRole('article');
    fireEvent.click(screen.getByRole('button', { name: 'Печать' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('says not found for an unknown invoice, with the way back to the list', async () => {
    at(`?payment=${ID}`);
    stubApi({ [`GET ${DOC_PATH}`]: () => json({ code: 'INVOICE_NOT_FOUND', message: 'Счёт не найден.' }, 404) });
    render(<InvoicePage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Счёт не найден' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Все счета' }).getAttribute('href')).toBe('/invoice');
    expect(screen.queryByRole('button', { name: 'Печать' })).toBeNull();
  });

  it('says not found for a malformed id without asking the server', () => {
    at('?payment=not-a-uuid');
    const { sent } = stubApi({});
    render(<InvoicePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Счёт не найден' })).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('shows the error and loads again on retry', async () => {
    at(`?payment=${ID}`);
    let calls = 0;
    stubApi({ [`GET ${DOC_PATH}`]: () => (++calls === 1 ? json({ code: 'FORBIDDEN', message: 'У вас нет прав для выполнения этого действия.' }, 403) : json(invoice())) });
    render(<InvoicePage />);
    expect((await screen.findByRole('alert')).textContent).toContain('У вас нет прав для выполнения этого действия.');
    fireEvent.click(screen.getByRole('button', { name: commonMessages.retry }));
    expect(await screen.findByRole('article', { name: 'Счёт на оплату № CH-2F1C9A0E' })).toBeTruthy();
    expect(calls).toBe(2);
  });
});

describe('InvoicePage: wiring', () => {
  it("is the app's '/invoice' page", async () => {
    setRole(Role.Admin);
    stubApi({ [`GET ${LIST_PATH}`]: () => json({ count: 1, next: null, previous: null, results: [summary()] }) });
    $router.open('/invoice');
    render(<App />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Счета на оплату' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'CH-2F1C9A0E' })).toBeTruthy();
  });

  it.each([
    [Role.Admin, true],
    [Role.Teacher, false],
  ])('the tariff page links role %i to the invoices: %s', async (role, shown) => {
    setRole(role);
    stubApi({ 'GET schools_tariff/': () => json([]), 'GET alpha/current_tariff/': () => json({ tariff_name: null, tariff: null, days_left: null, trial: false, paid_until: null }) });
    render(<TariffPlansPage school="alpha" />);
    await screen.findByRole('list');
    expect(screen.queryByRole('link', { name: 'Счета' })?.getAttribute('href') ?? null).toBe(shown ? '/invoice' : null);
  });
});
