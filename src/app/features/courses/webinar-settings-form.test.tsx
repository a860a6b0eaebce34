import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import type { LessonDetail } from './course-api.ts';
import { fromLocalInput, toLocalInput, WebinarSettingsForm } from './webinar-settings-form.tsx';

const webinar = (own: Record<string, unknown> = {}) =>
  ({
    id: 50,
    baselesson_ptr_id: 50,
    type: 'webinar',
    section: 1,
    section_id: 1,
    course_id: 5,
    author_id: 1,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    name: 'Эфир',
    order: 1,
    active: true,
    points: 0,
    blocks: [],
    description: '',
    autowebinar: null,
    autowebinar_title: null,
    webinar_url: null,
    link: null,
    starts_at: null,
    duration_minutes: null,
    ...own,
  }) as LessonDetail;

const autowebinars = [
  { id: 3, title: 'Как начать', slug: 'start', starts_at: '2026-01-01T10:00:00.000Z', is_active: true },
  { id: 4, title: 'Старый', slug: 'old', starts_at: '2025-01-01T10:00:00.000Z', is_active: false },
];

const select = () => screen.findByRole('combobox', { name: 'Автовебинар' }) as Promise<HTMLSelectElement>;
const input = (name: string) => screen.getByLabelText(name) as HTMLInputElement;

describe('WebinarSettingsForm', () => {
  it("offers the school's autowebinars and saves the choice, the link, the start and the length", async () => {
    const onSaved = vi.fn();
    const saved = webinar({ autowebinar: 3, autowebinar_title: 'Как начать', webinar_url: '/webinar/start', link: 'https://meet.example.com/42', starts_at: '2026-03-01T07:00:00.000Z', duration_minutes: 90 });
    const { sent } = stubApi({ 'GET Alpha/autowebinars/': () => json(autowebinars), 'PATCH Alpha/webinar_lessons/50/': () => json(saved) });
    render(<WebinarSettingsForm school="Alpha" webinar={webinar()} onSaved={onSaved} />);
    expect(screen.getByRole('status').textContent).toBe('Загрузка автовебинаров...');
    const choice = await select();
    expect([...choice.options].map((option) => option.textContent)).toEqual(['Без автовебинара', 'Как начать', 'Старый (выключен)']);
    expect(choice.value).toBe('');
    fireEvent.change(choice, { target: { value: '3' } });
    fireEvent.change(input('Ссылка на трансляцию'), { target: { value: ' https://meet.example.com/42 ' } });
    fireEvent.change(input('Начало'), { target: { value: '2026-03-01T10:00' } });
    fireEvent.change(input('Длительность, минут'), { target: { value: '90' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Изменения сохранены.')).toBeTruthy();
    expect(sent.at(-1)).toMatchObject({
      method: 'PATCH',
      body: { autowebinar: 3, link: 'https://meet.example.com/42', starts_at: new Date('2026-03-01T10:00').toISOString(), duration_minutes: 90 },
    });
    expect(onSaved).toHaveBeenCalledWith(saved);
    expect(screen.getByRole('link', { name: 'Открыть страницу автовебинара' }).getAttribute('href')).toBe('/webinar/start');
  });

  it('clears the choice with «Без автовебинара» and empties to null', async () => {
    const linked = webinar({ autowebinar: 3, autowebinar_title: 'Как начать', webinar_url: '/webinar/start', link: 'https://meet.example.com/42', starts_at: '2026-03-01T07:00:00.000Z', duration_minutes: 90 });
    const { sent } = stubApi({ 'GET Alpha/autowebinars/': () => json(autowebinars), 'PATCH Alpha/webinar_lessons/50/': () => json(webinar()) });
    render(<WebinarSettingsForm school="Alpha" webinar={linked} onSaved={vi.fn()} />);
    const choice = await select();
    expect(choice.value).toBe('3');
    expect(input('Начало').value).toBe(toLocalInput('2026-03-01T07:00:00.000Z'));
    fireEvent.change(choice, { target: { value: '' } });
    // The page link belongs to the saved choice only.
    expect(screen.queryByRole('link', { name: 'Открыть страницу автовебинара' })).toBeNull();
    for (const name of ['Ссылка на трансляцию', 'Начало', 'Длительность, минут']) fireEvent.change(input(name), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await screen.findByText('Изменения сохранены.');
    expect(sent.at(-1)!.body).toEqual({ autowebinar: null, link: null, starts_at: null, duration_minutes: null });
  });

  it('keeps a linked autowebinar the list does not name as a choice', async () => {
    stubApi({ 'GET Alpha/autowebinars/': () => json([]) });
    render(<WebinarSettingsForm school="Alpha" webinar={webinar({ autowebinar: 900, autowebinar_title: 'Далёкий' })} onSaved={vi.fn()} />);
    const choice = await select();
    expect(choice.value).toBe('900');
    expect([...choice.options].map((option) => option.textContent)).toEqual(['Без автовебинара', 'Далёкий']);
  });

  it("shows the server's refusals under their fields", async () => {
    stubApi({
      'GET Alpha/autowebinars/': () => json(autowebinars),
      'PATCH Alpha/webinar_lessons/50/': () =>
        json(
          {
            code: 'VALIDATION_ERROR',
            message: 'Проверьте правильность заполнения полей.',
            fields: { autowebinar: ['Автовебинар не найден в этой школе.'], link: ['Укажите ссылку на трансляцию, начинающуюся с http:// или https://.'] },
          },
          400,
        ),
    });
    render(<WebinarSettingsForm school="Alpha" webinar={webinar()} onSaved={vi.fn()} />);
    fireEvent.change(await select(), { target: { value: '4' } });
    fireEvent.change(input('Ссылка на трансляцию'), { target: { value: 'ftp://example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Автовебинар не найден в этой школе.')).toBeTruthy();
    expect(screen.getByText('Укажите ссылку на трансляцию, начинающуюся с http:// или https://.')).toBeTruthy();
    expect((await select()).getAttribute('aria-invalid')).toBe('true');
    expect(input('Ссылка на трансляцию').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Изменения сохранены.')).toBeNull();
  });

  it('refuses a length that is not 1 to 1440 whole minutes without sending it', async () => {
    const { sent } = stubApi({ 'GET Alpha/autowebinars/': () => json(autowebinars) });
    render(<WebinarSettingsForm school="Alpha" webinar={webinar()} onSaved={vi.fn()} />);
    await select();
    for (const value of ['0', '1441', '1,5', 'час']) {
      fireEvent.change(input('Длительность, минут'), { target: { value } });
      fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
      expect(screen.getByText('Укажите длительность целым числом минут от 1 до 1440.')).toBeTruthy();
    }
    expect(sent.map((request) => request.method)).toEqual(['GET']);
  });

  it('says when the list failed to load, retries it, and still saves the rest', async () => {
    let calls = 0;
    const { sent } = stubApi({
      'GET Alpha/autowebinars/': () => (++calls === 1 ? json({ code: 'X', message: 'Сервер недоступен.' }, 503) : json(autowebinars)),
      'PATCH Alpha/webinar_lessons/50/': () => json(webinar({ duration_minutes: 30 })),
    });
    render(<WebinarSettingsForm school="Alpha" webinar={webinar()} onSaved={vi.fn()} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Не удалось загрузить автовебинары');
    expect(screen.queryByRole('combobox')).toBeNull();
    fireEvent.change(input('Длительность, минут'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await screen.findByText('Изменения сохранены.');
    expect(sent.at(-1)!.body).toMatchObject({ autowebinar: null, duration_minutes: 30 });
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect((await select()).value).toBe('');
  });
});

describe('datetime-local values', () => {
  it('go between an ISO instant and the browser’s local time', () => {
    expect(toLocalInput(null)).toBe('');
    expect(toLocalInput('не дата')).toBe('');
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('вчера')).toBe('вчера');
    const local = toLocalInput('2026-03-01T07:00:00.000Z');
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(fromLocalInput(local)).toBe('2026-03-01T07:00:00.000Z');
  });
});
