import { $school, INITIAL_SCHOOL, resetUser, Role, selectSchool, setRole, signIn } from '#core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubApi, type SentRequest } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import { $toasts } from '../../ui/toasts.tsx';
import { endOfLocalDay, localDay, majorText, parseMajor } from './promo-form.tsx';
import PromoPage, { discountText } from './promo-page.tsx';
import type { InvoiceSettings, SchoolPromo } from './school-promo-api.ts';

const promo = (id: number, own: Partial<SchoolPromo> = {}): SchoolPromo => ({
  id,
  code: `CODE${id}`,
  discount_type: 'percent',
  discount: 10,
  currency: 'BYN',
  all_courses: true,
  courses: [],
  expires_at: null,
  max_uses: null,
  uses_count: 0,
  is_active: true,
  created_at: '2026-11-01T10:00:00Z',
  ...own,
});
const settings = (id: number, own: Partial<InvoiceSettings> = {}): InvoiceSettings => ({
  id,
  organization_name: `Организация ${id}`,
  tax_id: '',
  address: '',
  bank_name: '',
  bank_code: '',
  bank_account: '',
  email: '',
  phone: '',
  footer_text: '',
  is_default: false,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
  ...own,
});
const page = <T,>(...rows: T[]) => json({ count: rows.length, next: null, previous: null, results: rows });
const COURSES = { 'GET Alpha/courses/': () => page({ course_id: 7, name: 'Python', currency: 'BYN' }, { course_id: 8, name: 'Дизайн', currency: 'BYN' }) };
const NO_INVOICES = { 'GET Alpha/invoice-settings/': () => page() };
const row = (text: string) => screen.getByText(text).closest('tr')!;
const toasts = () => $toasts.get().map((toast) => toast.text);

beforeEach(() => {
  resetUser();
  $school.set(INITIAL_SCHOOL);
  $toasts.set([]);
  signIn({ access: 'a', refresh: 'r', userId: 5, email: 'admin@school.ru' });
  selectSchool({ schoolName: 'Alpha', contactLink: '', schoolId: 1, headerId: null });
  setRole(Role.Admin);
});

describe('promo form helpers', () => {
  it('reads and writes amounts and days', () => {
    expect(parseMajor('10,50', 'BYN')).toBe(1050);
    expect(parseMajor('1 200', 'BYN')).toBe(120_000);
    expect(parseMajor('0', 'BYN')).toBeNull();
    expect(parseMajor('abc', 'BYN')).toBeNull();
    expect(majorText(1050, 'BYN')).toBe('10,5');
    expect(localDay(endOfLocalDay('2026-12-31'))).toBe('2026-12-31');
    expect(discountText({ discount_type: 'percent', discount: 15, currency: 'BYN' })).toBe('15 %');
    expect(discountText({ discount_type: 'fixed', discount: 5000, currency: 'BYN' }).replace(/\s/g, ' ')).toBe('50 BYN');
  });
});

describe('PromoPage', () => {
  it('shows loading, then the codes with their discount, courses, end, uses and state', async () => {
    stubApi({
      ...COURSES,
      ...NO_INVOICES,
      'GET Alpha/promo_codes/': () =>
        page(
          promo(1, { code: 'COURSE10' }),
          promo(2, { code: 'MINUS50', discount_type: 'fixed', discount: 5000, all_courses: false, courses: [7], expires_at: '2020-01-01T00:00:00Z', max_uses: 10, uses_count: 3, is_active: false }),
          promo(3, { code: 'GONE', all_courses: false, courses: [] }),
        ),
    });
    render(<PromoPage school="Alpha" role={Role.Admin} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Промокоды' })).toBeTruthy();
    expect(screen.getAllByRole('status')[0]!.textContent).toBe('Загрузка...');
    await screen.findByText('COURSE10');
    const first = row('COURSE10');
    expect(within(first).getByText('10 %')).toBeTruthy();
    expect(within(first).getByText('Все курсы')).toBeTruthy();
    expect(within(first).getByText('Без срока')).toBeTruthy();
    expect(within(first).getByText('0 / ∞')).toBeTruthy();
    const second = row('MINUS50');
    await within(second).findByText('Python');
    expect(second.textContent).toContain('01.01.2020 (истёк)');
    expect(second.textContent).toContain('3 / 10');
    expect(second.textContent).toContain('Выключен');
    expect(within(second).getByRole('button', { name: 'Включить MINUS50' })).toBeTruthy();
    expect(within(row('GONE')).getByText('Ни одного курса: курсы удалены')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'Реквизиты для счетов' })).toBeTruthy();
    expect(await screen.findByText('Реквизитов пока нет')).toBeTruthy();
  });

  it('says so when there are no codes, and shows a failed load with a retry', async () => {
    let calls = 0;
    stubApi({ ...COURSES, ...NO_INVOICES, 'GET Alpha/promo_codes/': () => (++calls === 1 ? json({ code: 'DB_UNAVAILABLE', message: 'x' }, 503) : page()) });
    render(<PromoPage school="Alpha" role={Role.Admin} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Что-то пошло не так на сервере.');
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('Промокодов пока нет')).toBeTruthy();
  });

  it('creates a code for some courses; a refused code keeps what was typed and shows the message under the field', async () => {
    let created = false;
    const { sent } = stubApi({
      ...COURSES,
      ...NO_INVOICES,
      'GET Alpha/promo_codes/': () => (created ? page(promo(5, { code: 'SPRING' })) : page()),
      'POST Alpha/promo_codes/': (request: SentRequest) => {
        if ((request.body as { code: string }).code === 'TAKEN') return json({ code: 'PROMO_CODE_EXISTS', message: 'Такой промокод в школе уже есть.', fields: { code: ['Такой промокод в школе уже есть.'] } }, 400);
        created = true;
        return json(promo(5, { code: 'SPRING' }), 201);
      },
    });
    render(<PromoPage school="Alpha" role={Role.Admin} />);
    await screen.findByText('Промокодов пока нет');
    fireEvent.click(screen.getByRole('button', { name: 'Создать промокод' }));
    const dialog = await screen.findByRole('dialog', { name: 'Новый промокод' });
    fireEvent.change(within(dialog).getByLabelText('Промокод'), { target: { value: 'TAKEN' } });
    fireEvent.change(within(dialog).getByLabelText('Тип скидки'), { target: { value: 'fixed' } });
    fireEvent.change(within(dialog).getByLabelText('Скидка, BYN'), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByLabelText('Только выбранные курсы'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    // Checked here first: nothing is sent.
    expect(within(dialog).getByText('Укажите скидку: целое число процентов от 1 до 100 или сумму больше нуля.')).toBeTruthy();
    expect(within(dialog).getByText('Выберите хотя бы один курс.')).toBeTruthy();
    expect(sent.filter((request) => request.method === 'POST')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Скидка, BYN'), { target: { value: '12,50' } });
    await within(dialog).findByLabelText('Python');
    fireEvent.click(within(dialog).getByLabelText('Python'));
    fireEvent.change(within(dialog).getByLabelText('Действует до'), { target: { value: '2030-06-30' } });
    fireEvent.change(within(dialog).getByLabelText('Сколько раз можно использовать'), { target: { value: '100' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    const field = within(dialog).getByLabelText<HTMLInputElement>('Промокод');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('Такой промокод в школе уже есть.')).toBeTruthy();
    expect(field.value).toBe('TAKEN');
    expect(sent.find((request) => request.method === 'POST')!.body).toEqual({
      code: 'TAKEN',
      discount_type: 'fixed',
      discount: 1250,
      courses: [7],
      expires_at: endOfLocalDay('2030-06-30'),
      max_uses: 100,
      is_active: true,
    });

    fireEvent.change(field, { target: { value: 'SPRING' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await screen.findByText('SPRING');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toasts()).toContain('Промокод сохранён');
  });

  it('edits a code, switches it off after a confirmation and on again, and deletes it after a confirmation', async () => {
    let current = promo(4, { code: 'EDIT', all_courses: false, courses: [8], max_uses: 3 });
    let gone = false;
    const { sent } = stubApi({
      ...COURSES,
      ...NO_INVOICES,
      'GET Alpha/promo_codes/': () => (gone ? page() : page(current)),
      'PATCH Alpha/promo_codes/4/': (request) => {
        current = { ...current, ...(request.body as Partial<SchoolPromo>) };
        return json(current);
      },
      'DELETE Alpha/promo_codes/4/': () => {
        gone = true;
        return new Response(null, { status: 204 });
      },
    });
    render(<PromoPage school="Alpha" role={Role.Admin} />);
    await screen.findByText('EDIT');
    fireEvent.click(screen.getByRole('button', { name: 'Изменить EDIT' }));
    const dialog = await screen.findByRole('dialog', { name: 'Промокод' });
    expect(within(dialog).getByLabelText<HTMLInputElement>('Скидка, %').value).toBe('10');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Сколько раз можно использовать').value).toBe('3');
    await waitFor(() => expect(within(dialog).getByLabelText<HTMLInputElement>('Дизайн').checked).toBe(true));
    fireEvent.change(within(dialog).getByLabelText('Скидка, %'), { target: { value: '25' } });
    fireEvent.click(within(dialog).getByLabelText('Все курсы'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.find((request) => request.method === 'PATCH')!.body).toMatchObject({ discount: 25, courses: [], max_uses: 3 });
    await screen.findByText('25 %');

    fireEvent.click(screen.getByRole('button', { name: 'Выключить EDIT' }));
    const confirm = await screen.findByRole('dialog', { name: 'Выключить промокод?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Выключить' }));
    await screen.findByRole('button', { name: 'Включить EDIT' });
    expect(sent.filter((request) => request.method === 'PATCH').at(-1)!.body).toEqual({ is_active: false });
    fireEvent.click(screen.getByRole('button', { name: 'Включить EDIT' }));
    await screen.findByRole('button', { name: 'Выключить EDIT' });

    fireEvent.click(screen.getByRole('button', { name: 'Удалить EDIT' }));
    const remove = await screen.findByRole('dialog', { name: 'Удалить промокод?' });
    expect(remove.textContent).toContain('Промокод EDIT перестанет действовать.');
    fireEvent.click(within(remove).getByRole('button', { name: 'Отмена' }));
    expect(sent.some((request) => request.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Удалить EDIT' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Удалить промокод?' })).getByRole('button', { name: 'Удалить' }));
    expect(await screen.findByText('Промокодов пока нет')).toBeTruthy();
    expect(toasts()).toEqual(expect.arrayContaining(['Промокод выключен', 'Промокод включён', 'Промокод удалён']));
  });
});

describe('InvoiceSettingsPanel', () => {
  it('lists the settings with the default marked, adds, makes default and deletes them', async () => {
    let rows = [settings(1, { organization_name: 'ООО «Курсхаб»', tax_id: '192000000', is_default: true }), settings(2, { organization_name: 'ИП Иванов' })];
    const { sent } = stubApi({
      ...COURSES,
      'GET Alpha/promo_codes/': () => page(),
      'GET Alpha/invoice-settings/': () => page(...rows),
      'POST Alpha/invoice-settings/': (request) => {
        const body = request.body as Partial<InvoiceSettings>;
        if (body.email === 'плохой') return json({ code: 'VALIDATION_ERROR', message: 'Проверьте правильность заполнения полей.', fields: { email: ['Введите корректный адрес электронной почты.'] } }, 400);
        const added = settings(3, body);
        rows = [added, ...rows];
        return json(added, 201);
      },
      'PATCH Alpha/invoice-settings/2/': () => {
        rows = rows.map((one) => ({ ...one, is_default: one.id === 2 }));
        return json(rows.find((one) => one.id === 2));
      },
      'DELETE Alpha/invoice-settings/3/': () => {
        rows = rows.filter((one) => one.id !== 3);
        return new Response(null, { status: 204 });
      },
    });
    render(<PromoPage school="Alpha" role={Role.Admin} />);
    const card = (name: string) => screen.getByRole('heading', { level: 3, name: new RegExp(name) }).closest('li')!;
    await screen.findByText('ООО «Курсхаб»');
    expect(card('Курсхаб').textContent).toContain('Основные');
    expect(card('Курсхаб').textContent).toContain('192000000');
    expect(within(card('Курсхаб')).queryByRole('button', { name: /Сделать основными/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Добавить реквизиты' }));
    const dialog = await screen.findByRole('dialog', { name: 'Новые реквизиты' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(within(dialog).getByText('Укажите название организации.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Организация или ИП'), { target: { value: 'ООО «Новая»' } });
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'плохой' } });
    fireEvent.change(within(dialog).getByLabelText('Текст внизу счёта'), { target: { value: 'Спасибо!' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText('Введите корректный адрес электронной почты.')).toBeTruthy();
    expect(within(dialog).getByLabelText<HTMLInputElement>('Организация или ИП').value).toBe('ООО «Новая»');
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'a@b.by' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await screen.findByText('ООО «Новая»');
    expect(sent.filter((request) => request.method === 'POST').at(-1)!.body).toMatchObject({ organization_name: 'ООО «Новая»', email: 'a@b.by', footer_text: 'Спасибо!' });
    expect(sent.filter((request) => request.method === 'POST').at(-1)!.body).not.toHaveProperty('is_default');

    fireEvent.click(screen.getByRole('button', { name: 'Сделать основными: ИП Иванов' }));
    await waitFor(() => expect(card('Иванов').textContent).toContain('Основные'));
    expect(card('Курсхаб').textContent).not.toContain('Основные');

    fireEvent.click(screen.getByRole('button', { name: 'Удалить ООО «Новая»' }));
    const confirm = await screen.findByRole('dialog', { name: 'Удалить реквизиты?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(screen.queryByText('ООО «Новая»')).toBeNull());
    expect(toasts()).toEqual(expect.arrayContaining(['Реквизиты сохранены', 'Реквизиты стали основными', 'Реквизиты удалены']));
  });

  it('shows a failed load with a retry', async () => {
    let calls = 0;
    stubApi({ ...COURSES, 'GET Alpha/promo_codes/': () => page(), 'GET Alpha/invoice-settings/': () => (++calls === 1 ? json({ code: 'DB_UNAVAILABLE', message: 'x' }, 503) : page()) });
    render(<PromoPage school="Alpha" role={Role.Admin} />);
    await screen.findByText('Промокодов пока нет');
    const section = screen.getByRole('region', { name: 'Реквизиты для счетов' });
    fireEvent.click(await within(section).findByRole('button', { name: 'Повторить' }));
    expect(await within(section).findByText('Реквизитов пока нет')).toBeTruthy();
  });
});
