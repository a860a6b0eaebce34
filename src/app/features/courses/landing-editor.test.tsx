import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { defaultLanding, type Landing } from '#core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi, type SentRequest } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import LandingEditor, { editableFields } from './landing-editor.tsx';
import { PREVIEW_MS } from './landing-preview.tsx';
import { AUTOSAVE_MS } from './use-autosave.ts';

const PATH = 'Alpha/course_landing/5/';

function answer(change: (landing: Landing) => void = () => undefined) {
  const landing = defaultLanding();
  landing.header.name = 'Python с нуля';
  landing.stats.lessonCount = 4;
  landing.trainingProgram.sections = [{ section_id: 1, name: 'Введение', order: 1, lessons: [{ lesson_id: 2, name: 'Урок 1' }] }];
  change(landing);
  return { course: { course_id: 5, name: 'Python с нуля', description: '', price: 0, currency: 'BYN' }, landing };
}

/** Renders the tab with the landing loaded, then fakes the timers so the autosave's pause is ours. */
async function renderLoaded(routes: Record<string, (request: SentRequest) => Response> = {}) {
  const api = stubApi({ [`GET ${PATH}`]: () => json(answer()), [`PATCH ${PATH}`]: () => json(answer()), ...routes });
  render(<LandingEditor school="Alpha" courseId={5} />);
  await screen.findByRole('list', { name: 'Блоки страницы' });
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const patches = () => api.sent.filter((request) => request.method === 'PATCH').map((request) => (request.body as { landing: Record<string, unknown> }).landing);
  return { ...api, patches };
}

const pause = () => act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_MS));
const blockNames = () => within(screen.getByRole('list', { name: 'Блоки страницы' })).getAllByRole('button', { name: /^(Изменить|Свернуть) блок/ }).map((b) => b.getAttribute('aria-label')!.replace(/^\S+ блок «(.*)»$/, '$1'));

afterEach(() => vi.useRealTimers());

describe('editableFields', () => {
  it('sends the place, visibility and texts, never what the course computes or the header photo', () => {
    const landing = defaultLanding();
    expect(editableFields(landing.stats)).toEqual({ id: 1, visible: true, title: 'Курс в цифрах' });
    expect(Object.keys(editableFields(landing.header))).toEqual(['id', 'visible', 'name', 'description', 'contact_link']);
    expect(editableFields(landing.reviews).items).toEqual(landing.reviews.items);
  });
});

describe('LandingEditor (the page tab)', () => {
  it('lists the 17 blocks in page order, hidden ones marked, and saves a move as the two swapped ids', async () => {
    const { patches } = await renderLoaded();
    const names = blockNames();
    expect(names).toHaveLength(17);
    expect(names.slice(0, 3)).toEqual(['Шапка', 'Курс в цифрах', 'Для кого этот курс']);
    // The mark stands beside the button: its name is the name it shows (WCAG 2.5.3).
    expect(screen.getByRole('button', { name: 'Изменить блок «Кто мы»' }).textContent).toBe('Кто мы');
    expect(screen.getByRole('button', { name: 'Изменить блок «Кто мы»' }).parentElement!.textContent).toContain('скрыт');
    // The header and the closing button keep their places.
    expect(screen.queryByRole('button', { name: 'Переместить «Шапка» вверх' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Переместить «Курс в цифрах» вверх' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Переместить «Для кого этот курс» вверх' }));
    expect(blockNames().slice(1, 3)).toEqual(['Для кого этот курс', 'Курс в цифрах']);
    await pause();
    expect(patches()).toHaveLength(1);
    const patch = patches()[0]!;
    expect(Object.keys(patch).sort()).toEqual(['audience', 'stats']);
    expect(patch.audience).toMatchObject({ id: 1, title: 'Для кого этот курс' });
    expect(patch.stats).toEqual({ id: 2, visible: true, title: 'Курс в цифрах' });
    vi.useRealTimers();
    expect(await screen.findByText('Сохранено')).toBeTruthy();
  });

  it('shows the typed title in the live preview beside the blocks', async () => {
    await renderLoaded();
    const root = document.querySelector('.widget-frame')!.shadowRoot as unknown as HTMLElement;
    expect(within(root).getByRole('heading', { level: 2 }).textContent).toBe('Python с нуля');
    fireEvent.click(screen.getByRole('button', { name: 'Изменить блок «Шапка»' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Название курса' }), { target: { value: 'Python для всех' } });
    await act(() => vi.advanceTimersByTimeAsync(PREVIEW_MS));
    expect(within(root).getByRole('heading', { level: 2 }).textContent).toBe('Python для всех');
    expect(within(root).queryByText('Курс в цифрах')).toBeTruthy();
  });

  it('shows and hides a block with its switch', async () => {
    const { patches } = await renderLoaded();
    const reviews = screen.getByRole('checkbox', { name: 'Показывать блок «Отзывы»' }) as HTMLInputElement;
    expect(reviews.checked).toBe(false);
    fireEvent.click(reviews);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Показывать блок «Частые вопросы»' }));
    expect(reviews.checked).toBe(true);
    await pause();
    expect(patches()).toHaveLength(1);
    expect(patches()[0]!.reviews).toMatchObject({ visible: true });
    expect(patches()[0]!.faq).toMatchObject({ visible: false });
  });

  it('edits a block by its kind: the last text typed is sent once, after the pause', async () => {
    const { patches } = await renderLoaded();
    fireEvent.click(screen.getByRole('button', { name: 'Изменить блок «Кто мы»' }));
    const title = screen.getByRole('textbox', { name: 'Заголовок' });
    fireEvent.change(title, { target: { value: 'О шко' } });
    fireEvent.change(title, { target: { value: 'О школе' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Текст' }), { target: { value: 'Учим с 2015 года.' } });
    await pause();
    expect(patches()).toEqual([{ who_we_are: { id: 7, visible: false, title: 'О школе', text: 'Учим с 2015 года.' } }]);
  });

  it('resets every block but the header after a confirmation', async () => {
    const { patches } = await renderLoaded();
    fireEvent.click(screen.getByRole('button', { name: 'Изменить блок «Шапка»' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Название курса' }), { target: { value: 'Python для всех' } });
    fireEvent.click(screen.getByRole('button', { name: 'Переместить «Для кого этот курс» вниз' }));
    fireEvent.click(screen.getByRole('button', { name: 'Сбросить' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('Шапка останется как есть');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(blockNames()[2]).toBe('Преимущества');

    fireEvent.click(screen.getByRole('button', { name: 'Сбросить' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Сбросить' }));
    expect(blockNames()[2]).toBe('Для кого этот курс');
    expect(screen.getByRole('status').textContent).toBe('Страница сброшена к блокам по умолчанию.');
    await pause();
    const patch = patches()[0]!;
    expect(patch.header).toMatchObject({ name: 'Python для всех' });
    expect(Object.keys(patch)).toHaveLength(17);
    expect(patch.audience).toBeNull();
    expect(patch.linkButton).toBeNull();
  });

  it("shows the server's field error under the field and in the save status, and retries", async () => {
    const { patches } = await renderLoaded({
      [`PATCH ${PATH}`]: () =>
        json({ code: 'VALIDATION_ERROR', message: 'Введите корректную ссылку (http:// или https://).', fields: { 'landing.linkButton.link': ['Введите корректную ссылку (http:// или https://).'] } }, 400),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Изменить блок «Кнопка-ссылка»' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Ссылка' }), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: 'Свернуть блок «Кнопка-ссылка»' }));
    await pause();
    vi.useRealTimers();
    expect(await screen.findByText('Не сохранено: Введите корректную ссылку (http:// или https://).')).toBeTruthy();
    // The refused block opens, the message under its field.
    const link = await screen.findByRole('textbox', { name: 'Ссылка' });
    expect(link.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(link.getAttribute('aria-describedby')!.split(' ')[0]!)!.textContent).toBe('Введите корректную ссылку (http:// или https://).');
    expect(patches()[0]).toEqual({ linkButton: { id: 16, visible: true, name: 'Записаться на курс', link: 'javascript:alert(1)', color: '#BA75FF' } });
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(patches()).toHaveLength(2));
  });

  it('says why the landing did not load, with a retry', async () => {
    stubApi({ [`GET ${PATH}`]: () => json({ code: 'COURSE_NOT_FOUND', message: 'Курс не найден.' }, 404) });
    render(<LandingEditor school="Alpha" courseId={5} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Курс не найден.');
  });
});
