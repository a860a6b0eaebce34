import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { InlineName } from './inline-name.tsx';

const open = () => fireEvent.click(screen.getByRole('button', { name: 'Переименовать «Модуль»' }));
const field = () => screen.getByRole('textbox', { name: 'Переименовать «Модуль»: Новое название' });

function setup(onSave = vi.fn(async () => {})) {
  render(
    <InlineName name="Модуль" renameLabel="Переименовать «Модуль»" onSave={onSave}>
      <h3>Модуль</h3>
    </InlineName>,
  );
  return onSave;
}

describe('InlineName', () => {
  it('opens a focused field with the name; Enter saves the trimmed new name', async () => {
    const onSave = setup();
    open();
    expect(document.activeElement).toBe(field());
    expect((field() as HTMLInputElement).value).toBe('Модуль');
    fireEvent.change(field(), { target: { value: '  Глава ' } });
    fireEvent.keyDown(field(), { key: 'Enter' });
    await waitFor(() => expect(screen.queryByRole('textbox')).toBeNull());
    expect(onSave).toHaveBeenCalledExactlyOnceWith('Глава');
  });

  it('Escape cancels without saving, and the blur that follows saves nothing either', () => {
    const onSave = setup();
    open();
    fireEvent.change(field(), { target: { value: 'Другое' } });
    const input = field();
    fireEvent.keyDown(input, { key: 'Escape' });
    fireEvent.blur(input);
    expect(screen.getByRole('heading', { name: 'Модуль' })).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('saves on leaving the field; an empty or unchanged name saves nothing', async () => {
    const onSave = setup();
    open();
    fireEvent.change(field(), { target: { value: '   ' } });
    fireEvent.keyDown(field(), { key: 'Enter' });
    expect(onSave).not.toHaveBeenCalled();
    open();
    fireEvent.blur(field());
    expect(onSave).not.toHaveBeenCalled();
    open();
    fireEvent.change(field(), { target: { value: 'Часть' } });
    fireEvent.blur(field());
    await waitFor(() => expect(onSave).toHaveBeenCalledWith('Часть'));
  });

  it('stays open when saving fails', async () => {
    const onSave = setup(vi.fn(async () => Promise.reject(new Error('нет'))));
    open();
    fireEvent.change(field(), { target: { value: 'Часть' } });
    fireEvent.keyDown(field(), { key: 'Enter' });
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    await waitFor(() => expect((field() as HTMLInputElement).disabled).toBe(false));
  });
});
