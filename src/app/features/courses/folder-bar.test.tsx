import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import type { CourseQuery, Folder } from './course-api.ts';
import { FolderBar } from './folder-bar.tsx';

const folders: Folder[] = [{ id: 2, name: 'Программирование', school: 1, courses_count: 3 }];

function Harness({ onFoldersChanged = vi.fn(), manage = true }: { onFoldersChanged?: () => void; manage?: boolean }) {
  const [value, setValue] = useState<CourseQuery['folder']>('all');
  return (
    <>
      <FolderBar school="Alpha" folders={folders} value={value} onChange={setValue} onFoldersChanged={onFoldersChanged} manage={manage} />
      <output>{String(value)}</output>
    </>
  );
}

const filter = () => screen.getByRole('combobox', { name: 'Папка' });
const shown = () => document.querySelector('output')!.textContent;

describe('FolderBar', () => {
  it('filters by all, each folder or without folder', () => {
    stubApi({});
    render(<Harness />);
    expect(within(filter()).getAllByRole('option').map((option) => option.textContent)).toEqual(['Все курсы', 'Программирование (3)', 'Без папки']);
    fireEvent.change(filter(), { target: { value: '2' } });
    expect(shown()).toBe('2');
    fireEvent.change(filter(), { target: { value: 'none' } });
    expect(shown()).toBe('none');
  });

  it('creates a folder by name and shows it', async () => {
    const onFoldersChanged = vi.fn();
    const { sent } = stubApi({ 'POST Alpha/folder_course/': () => json({ id: 5, name: 'Дизайн', courses_count: 0 }, 201) });
    render(<Harness onFoldersChanged={onFoldersChanged} />);
    fireEvent.click(screen.getByRole('button', { name: '+ Новая папка' }));
    const dialog = screen.getByRole('dialog', { name: 'Новая папка' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(within(dialog).getByText('Введите название.')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Название папки' }), { target: { value: 'Дизайн' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(onFoldersChanged).toHaveBeenCalled());
    expect(sent[0]!.body).toEqual({ name: 'Дизайн' });
    expect(shown()).toBe('5');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('renames the chosen folder, and deletes it after the confirmation', async () => {
    const onFoldersChanged = vi.fn();
    const { sent } = stubApi({
      'PATCH Alpha/folder_course/2/': () => json({ id: 2, name: 'Код', courses_count: 3 }),
      'DELETE Alpha/folder_course/2/': () => new Response(null, { status: 204 }),
    });
    render(<Harness onFoldersChanged={onFoldersChanged} />);
    expect(screen.queryByRole('button', { name: 'Удалить папку' })).toBeNull();
    fireEvent.change(filter(), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Переименовать папку' }));
    const field = screen.getByRole('textbox', { name: 'Название папки' });
    expect((field as HTMLInputElement).value).toBe('Программирование');
    fireEvent.change(field, { target: { value: 'Код' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Удалить папку' }));
    const confirm = screen.getByRole('dialog', { name: 'Удалить папку' });
    expect(confirm.textContent).toContain('Курсы из неё останутся в списке без папки.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(shown()).toBe('all'));
    expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual(['PATCH Alpha/folder_course/2/', 'DELETE Alpha/folder_course/2/']);
    expect(onFoldersChanged).toHaveBeenCalledTimes(2);
  });

  it('keeps the confirmation open with the reason when the folder cannot be deleted', async () => {
    stubApi({ 'DELETE Alpha/folder_course/2/': () => json({ code: 'FOLDER_NOT_FOUND', message: 'Папка не найдена.' }, 404) });
    render(<Harness />);
    fireEvent.change(filter(), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Удалить папку' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Удалить' }));
    expect((await within(screen.getByRole('dialog')).findByRole('alert')).textContent).toBe('Папка не найдена.');
  });

  it('offers no folder actions to whoever may not manage them', () => {
    stubApi({});
    render(<Harness manage={false} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
