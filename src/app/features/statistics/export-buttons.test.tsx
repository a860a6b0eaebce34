import { ApiError } from '#core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '../../../../tests/helpers/api-stub.ts';
import { $toasts } from '../../ui/toasts.tsx';
import { ExportButtons } from './export-buttons.tsx';
import { saveFile } from './save-file.ts';

vi.mock('./save-file.ts', () => ({ saveFile: vi.fn() }));

beforeEach(() => {
  $toasts.set([]);
  vi.mocked(saveFile).mockClear();
});

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('ExportButtons', () => {
  it('reads the chosen format, busy meanwhile with both buttons off, then saves the file under its name', async () => {
    const file = deferred<Blob>();
    const load = vi.fn(() => file.promise);
    render(<ExportButtons load={load} fileName={(format) => `table.${format}`} />);
    fireEvent.click(button('Скачать XLSX'));
    expect(load).toHaveBeenCalledWith('xlsx');
    const busy = await screen.findByRole('button', { name: 'Скачивание...' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(button('Скачать CSV').disabled).toBe(true);
    const blob = new Blob(['x']);
    file.resolve(blob);
    await waitFor(() => expect(button('Скачать XLSX').disabled).toBe(false));
    expect(saveFile).toHaveBeenCalledWith(blob, 'table.xlsx');
    expect($toasts.get()).toEqual([]);
  });

  it('shows a failure as an error toast and is ready again', async () => {
    render(<ExportButtons load={() => Promise.reject(new ApiError({ status: 403, code: 'FORBIDDEN', message: 'Недостаточно прав.' }))} fileName={() => 'x'} />);
    fireEvent.click(button('Скачать CSV'));
    await waitFor(() => expect($toasts.get()).toEqual([expect.objectContaining({ text: 'Недостаточно прав.', kind: 'error' })]));
    expect(button('Скачать CSV').disabled).toBe(false);
    expect(saveFile).not.toHaveBeenCalled();
  });
});
