import { $school, INITIAL_SCHOOL, resetUser, Role, selectSchool, setRole, signIn } from '#core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import { $toasts, dismissToast } from '../../ui/toasts.tsx';
import type { NewsletterTemplate } from './newsletters-api.ts';
import NewsletterSettingsTab from './newsletter-settings-tab.tsx';

const template = (id: number, own: Partial<NewsletterTemplate> = {}): NewsletterTemplate => ({
  id,
  template_name: `Письмо ${id}`,
  text: `<p>Текст ${id}</p>`,
  delay_days: 0,
  is_public: false,
  sent_count: 0,
  template_created_at: '2026-11-20T10:00:00.000Z',
  ...own,
});
const page = (...rows: NewsletterTemplate[]) => json({ count: rows.length, next: null, previous: null, results: rows });

/** Pastes plain text into the Tiptap field (jsdom has no typing into a contenteditable). */
async function pasteLetter(dialog: HTMLElement, text: string) {
  const area = await within(dialog).findByRole('textbox', { name: 'Текст письма' });
  await waitFor(() => expect((within(dialog).getByRole('button', { name: 'Жирный' }) as HTMLButtonElement).disabled).toBe(false));
  area.focus();
  fireEvent.paste(area, { clipboardData: { types: ['text/plain'], files: [], getData: (type: string) => (type === 'text/plain' ? text : '') } });
  await waitFor(() => expect(area.textContent).toBe(text));
}

const toasts = () => $toasts.get().map((toast) => toast.text);

afterEach(() => {
  for (const toast of $toasts.get()) dismissToast(toast.id);
});

beforeEach(() => {
  resetUser();
  $school.set(INITIAL_SCHOOL);
  signIn({ access: 'a', refresh: 'r', userId: 1, email: 'admin@school.ru' });
  selectSchool({ schoolName: 'Alpha', contactLink: '', schoolId: 1, headerId: null });
  setRole(Role.Admin);
});

describe('NewsletterSettingsTab', () => {
  it('lists the templates with when each goes out, whether it is sent and to how many', async () => {
    const { fetch } = stubApi({
      'GET Alpha/newsletter_templates/': () => page(template(2, { template_name: 'Спустя неделю', delay_days: 7, is_public: true, sent_count: 12 }), template(1, { template_name: 'Привет' })),
    });
    render(<NewsletterSettingsTab school="Alpha" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Email-рассылка' })).toBeTruthy();
    const week = (await screen.findByRole('rowheader', { name: 'Спустя неделю' })).closest('tr')!;
    expect([...week.querySelectorAll('td')].slice(0, 3).map((cell) => cell.textContent)).toEqual(['Через 7 дней', 'Рассылается', '12']);
    const hello = screen.getByRole('rowheader', { name: 'Привет' }).closest('tr')!;
    expect([...hello.querySelectorAll('td')].slice(0, 3).map((cell) => cell.textContent)).toEqual(['Сразу', 'Выключена', '0']);
    const query = new URL(String(fetch.mock.calls[0]![0]), 'http://x').searchParams;
    expect([query.get('p'), query.get('s')]).toEqual(['1', '20']);
  });

  it('says so when there are no templates yet', async () => {
    stubApi({ 'GET Alpha/newsletter_templates/': () => page() });
    render(<NewsletterSettingsTab school="Alpha" />);
    expect(await screen.findByText('Шаблонов пока нет')).toBeTruthy();
  });

  it('creates a template: the name and the text are required, the delay a whole number of days', async () => {
    let rows: NewsletterTemplate[] = [];
    const { sent } = stubApi({
      'GET Alpha/newsletter_templates/': () => page(...rows),
      'POST Alpha/newsletter_templates/': (request) => {
        const body = request.body as NewsletterTemplate;
        rows = [template(5, { ...body, sent_count: 0 })];
        return json(rows[0], 201);
      },
    });
    render(<NewsletterSettingsTab school="Alpha" />);
    await screen.findByText('Шаблонов пока нет');
    fireEvent.click(screen.getByRole('button', { name: 'Создать шаблон' }));
    const dialog = screen.getByRole('dialog', { name: 'Новый шаблон' });
    fireEvent.change(within(dialog).getByLabelText('Через сколько дней отправить'), { target: { value: '-3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(within(dialog).getByText('Введите название.')).toBeTruthy();
    expect(within(dialog).getByText('Введите текст письма.')).toBeTruthy();
    expect(within(dialog).getByText('Укажите целое число дней от 0 до 3650.')).toBeTruthy();
    expect(sent.some((request) => request.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Название (тема письма)'), { target: { value: '  Добро пожаловать  ' } });
    fireEvent.change(within(dialog).getByLabelText('Через сколько дней отправить'), { target: { value: '3' } });
    await pasteLetter(dialog, 'Привет');
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Рассылать' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByRole('rowheader', { name: 'Добро пожаловать' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent.find((request) => request.method === 'POST')!.body).toEqual({ template_name: 'Добро пожаловать', text: '<p>Привет</p>', delay_days: 3, is_public: true });
    expect(toasts()).toContain('Шаблон сохранён');
    expect(screen.getByText('Через 3 дня')).toBeTruthy();
  });

  it("shows the server's refusal under its field and keeps what was typed", async () => {
    stubApi({
      'GET Alpha/newsletter_templates/': () => page(template(1)),
      'PATCH Alpha/newsletter_templates/1/': () => json({ code: 'VALIDATION_ERROR', message: 'Проверьте поля.', fields: { template_name: ['Поле не может быть пустым.'] } }, 400),
    });
    render(<NewsletterSettingsTab school="Alpha" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Изменить: Письмо 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Шаблон рассылки' });
    fireEvent.change(within(dialog).getByLabelText('Название (тема письма)'), { target: { value: 'Новое' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText('Поле не может быть пустым.')).toBeTruthy();
    expect((within(dialog).getByLabelText('Название (тема письма)') as HTMLInputElement).value).toBe('Новое');
  });

  it('edits a template in its dialog, starting from what it holds', async () => {
    let rows = [template(1, { template_name: 'Старое', delay_days: 2, is_public: true, text: '<p>Было</p>' })];
    const { sent } = stubApi({
      'GET Alpha/newsletter_templates/': () => page(...rows),
      'PATCH Alpha/newsletter_templates/1/': (request) => {
        rows = [{ ...rows[0]!, ...(request.body as Partial<NewsletterTemplate>) }];
        return json(rows[0]);
      },
    });
    render(<NewsletterSettingsTab school="Alpha" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Изменить: Старое' }));
    const dialog = screen.getByRole('dialog', { name: 'Шаблон рассылки' });
    expect((within(dialog).getByLabelText('Название (тема письма)') as HTMLInputElement).value).toBe('Старое');
    expect((within(dialog).getByLabelText('Через сколько дней отправить') as HTMLInputElement).value).toBe('2');
    expect((within(dialog).getByRole('switch', { name: 'Рассылать' }) as HTMLInputElement).checked).toBe(true);
    expect((await within(dialog).findByRole('textbox', { name: 'Текст письма' })).textContent).toBe('Было');
    fireEvent.change(within(dialog).getByLabelText('Название (тема письма)'), { target: { value: 'Новое' } });
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Рассылать' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByRole('rowheader', { name: 'Новое' })).toBeTruthy();
    expect(sent.find((request) => request.method === 'PATCH')!.body).toEqual({ template_name: 'Новое', text: '<p>Было</p>', delay_days: 2, is_public: false });
    expect(screen.getByText('Выключена')).toBeTruthy();
  });

  it('deletes a template after a confirmation, and says why when it could not', async () => {
    let rows = [template(1), template(2)];
    let refuse = false;
    stubApi({
      'GET Alpha/newsletter_templates/': () => page(...rows),
      'DELETE Alpha/newsletter_templates/2/': () => {
        if (refuse) return json({ code: 'NEWSLETTER_TEMPLATE_NOT_FOUND', message: 'Шаблон рассылки не найден.' }, 404);
        rows = [rows[0]!];
        return new Response(null, { status: 204 });
      },
    });
    render(<NewsletterSettingsTab school="Alpha" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Удалить: Письмо 2' }));
    const confirm = screen.getByRole('dialog', { name: 'Удалить шаблон?' });
    expect(within(confirm).getByText(/Шаблон «Письмо 2» будет удалён/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Отмена' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('rowheader', { name: 'Письмо 2' })).toBeTruthy();

    refuse = true;
    fireEvent.click(screen.getByRole('button', { name: 'Удалить: Письмо 2' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Удалить шаблон?' })).getByRole('button', { name: 'Удалить' }));
    expect(await screen.findByText('Шаблон рассылки не найден.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Удалить: Письмо 2' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Удалить шаблон?' })).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(toasts()).toContain('Шаблон удалён'));
    expect(await screen.findByRole('rowheader', { name: 'Письмо 1' })).toBeTruthy();
    expect(screen.queryByRole('rowheader', { name: 'Письмо 2' })).toBeNull();
  });

  it('says the list did not load, and loads it again on «Повторить»', async () => {
    let fail = true;
    stubApi({
      'GET Alpha/newsletter_templates/': () => (fail ? json({ code: 'SERVER_ERROR', message: 'Ошибка сервера.' }, 500) : page(template(1))),
    });
    render(<NewsletterSettingsTab school="Alpha" />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Не удалось загрузить шаблоны рассылки.')).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('rowheader', { name: 'Письмо 1' })).toBeTruthy();
    expect(screen.queryByText('Не удалось загрузить шаблоны рассылки.')).toBeNull();
  });
});
