import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RichTextEditor } from './rich-text-editor.tsx';

describe('RichTextEditor', () => {
  it('says it is loading, then mounts Tiptap with the content under its label and enables the toolbar', async () => {
    render(<RichTextEditor initial="<p>Привет</p>" onChange={vi.fn()} />);
    expect(screen.getByText('Загрузка редактора...')).toBeTruthy();
    const area = await screen.findByRole('textbox', { name: 'Текст' });
    expect(area.textContent).toBe('Привет');
    const toolbar = screen.getByRole('toolbar', { name: 'Оформление текста' });
    expect(within(toolbar).getAllByRole('button').map((button) => button.textContent)).toEqual(['Жирный', 'Курсив', 'Заголовок', 'Подзаголовок', 'Маркированный список', 'Нумерованный список', 'Ссылка']);
    await waitFor(() => expect(within(toolbar).getAllByRole('button').every((button) => !(button as HTMLButtonElement).disabled)).toBe(true));
    expect(screen.queryByText('Загрузка редактора...')).toBeNull();
  });

  it('shows what is active in the toolbar and changes the text through it', async () => {
    const onChange = vi.fn();
    render(<RichTextEditor initial="<p>Привет</p>" onChange={onChange} />);
    await screen.findByRole('textbox', { name: 'Текст' });
    const bullet = screen.getByRole('button', { name: 'Маркированный список' });
    await waitFor(() => expect((bullet as HTMLButtonElement).disabled).toBe(false));
    expect(bullet.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(bullet);
    await waitFor(() => expect(bullet.getAttribute('aria-pressed')).toBe('true'));
    expect(onChange).toHaveBeenLastCalledWith(expect.stringContaining('<ul>'));
  });

  it('takes a link in a field of its own: Enter applies it, Escape closes it', async () => {
    render(<RichTextEditor initial="<p>Привет</p>" onChange={vi.fn()} />);
    await screen.findByRole('textbox', { name: 'Текст' });
    const link = screen.getByRole('button', { name: 'Ссылка' });
    await waitFor(() => expect((link as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(link);
    expect(link.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(screen.getByLabelText('Адрес ссылки'), { key: 'Escape' });
    expect(screen.queryByLabelText('Адрес ссылки')).toBeNull();
    fireEvent.click(link);
    fireEvent.change(screen.getByLabelText('Адрес ссылки'), { target: { value: 'https://example.com' } });
    fireEvent.keyDown(screen.getByLabelText('Адрес ссылки'), { key: 'Enter' });
    expect(screen.queryByLabelText('Адрес ссылки')).toBeNull();
    fireEvent.click(link);
    fireEvent.click(screen.getByRole('button', { name: 'Убрать ссылку' }));
    expect(screen.queryByLabelText('Адрес ссылки')).toBeNull();
  });
});
