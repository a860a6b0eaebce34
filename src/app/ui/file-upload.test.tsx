import { ApiError } from '#core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FileUpload, type FileUploadProps } from './file-upload.tsx';

interface Call {
  file: File;
  onProgress: (fraction: number) => void;
  signal: AbortSignal;
  resolve: (value: { url: string }) => void;
  reject: (cause: unknown) => void;
}

/** An upload the test finishes by hand: each call waits for its resolve or reject. */
function setup(props: Partial<FileUploadProps<{ url: string }>> = {}) {
  const calls: Call[] = [];
  const upload = vi.fn(
    (file: File, onProgress: (fraction: number) => void, signal: AbortSignal) =>
      new Promise<{ url: string }>((resolve, reject) => calls.push({ file, onProgress, signal, resolve, reject })),
  );
  const onDone = vi.fn();
  const { unmount } = render(<FileUpload label="Фото" accept="image/*" upload={upload} onDone={onDone} {...props} />);
  return { calls, upload, onDone, unmount, input: () => screen.getByLabelText('Фото') as HTMLInputElement };
}

const photo = (bytes = 1000, name = 'фото.jpg') => new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });
const choose = (input: HTMLInputElement, file: File) => fireEvent.change(input, { target: { files: [file] } });
const progressBar = () => screen.queryByRole('progressbar', { name: 'Загрузка файла «фото.jpg»' }) as HTMLProgressElement | null;

describe('FileUpload', () => {
  it('is a labelled file input with its accept list and hint', () => {
    const { input } = setup({ hint: 'JPEG или PNG' });
    expect(input().type).toBe('file');
    expect(input().accept).toBe('image/*');
    expect(document.getElementById(input().getAttribute('aria-describedby')!)!.textContent).toBe('JPEG или PNG');
    expect(input().getAttribute('aria-invalid')).toBe('false');
  });

  it('uploads the chosen file with a labelled progress bar, then says so and hands over the result', async () => {
    const { calls, onDone, input } = setup();
    const file = photo();
    choose(input(), file);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.file).toBe(file);
    // No progress yet: the bar is indeterminate.
    expect(progressBar()!.hasAttribute('value')).toBe(false);
    act(() => calls[0]!.onProgress(0.42));
    expect(progressBar()!.value).toBe(0.42);
    expect(progressBar()!.max).toBe(1);
    expect(screen.getByText('42 %')).toBeTruthy();
    await act(async () => calls[0]!.resolve({ url: '/media/a.jpg' }));
    expect(onDone).toHaveBeenCalledWith({ url: '/media/a.jpg' });
    expect(progressBar()).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Файл загружен.');
    expect(input().files?.length ?? 0).toBe(0);
  });

  it('refuses a file over the limit before sending it, and says how large a file may be', () => {
    const { upload, input } = setup({ maxBytes: 2 * 1024 * 1024 });
    choose(input(), photo(2 * 1024 * 1024 + 1));
    expect(upload).not.toHaveBeenCalled();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Файл слишком большой: можно загрузить не больше 2 МБ.');
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(input().getAttribute('aria-describedby')).toBe(alert.id);
    expect(screen.queryByRole('button', { name: 'Повторить' })).toBeNull();
    choose(input(), photo(2 * 1024 * 1024));
    expect(upload).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('cancels: the upload is aborted, the page says so and focus goes back to the input', async () => {
    const { calls, onDone, input } = setup();
    choose(input(), photo());
    const cancel = screen.getByRole('button', { name: 'Отменить загрузку' });
    cancel.focus();
    fireEvent.click(cancel);
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(progressBar()).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Загрузка отменена.');
    expect(document.activeElement).toBe(input());
    // The aborted upload's late rejection changes nothing.
    await act(async () => calls[0]!.reject(new DOMException('aborted', 'AbortError')));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onDone).not.toHaveBeenCalled();
  });

  it("shows a failure with the server's message and retries the same file", async () => {
    const { calls, onDone, input } = setup();
    const file = photo();
    choose(input(), file);
    const cancel = screen.getByRole('button', { name: 'Отменить загрузку' });
    cancel.focus();
    await act(async () => calls[0]!.reject(new ApiError({ status: 413, code: 'FILE_TOO_LARGE', message: 'Файл больше 10 МБ.', data: undefined })));
    expect(screen.getByRole('alert').textContent).toBe('Файл больше 10 МБ.');
    const retry = screen.getByRole('button', { name: 'Повторить' });
    // Focus was on the cancel button, which is gone: it moves to the retry.
    expect(document.activeElement).toBe(retry);
    fireEvent.click(retry);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.file).toBe(file);
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => calls[1]!.resolve({ url: '/media/b.jpg' }));
    expect(onDone).toHaveBeenCalledWith({ url: '/media/b.jpg' });
  });

  it('names any other failure in its own words', async () => {
    const { calls, input } = setup();
    choose(input(), photo());
    await act(async () => calls[0]!.reject(new Error('boom')));
    expect(screen.getByRole('alert').textContent).toBe('Не удалось загрузить файл. Попробуйте ещё раз.');
  });

  it('a new file replaces the one still uploading', async () => {
    const { calls, onDone, input } = setup();
    choose(input(), photo(10, 'первое.jpg'));
    choose(input(), photo());
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(progressBar()).toBeTruthy();
    await act(async () => calls[0]!.resolve({ url: 'old' }));
    expect(progressBar()).toBeTruthy();
    await act(async () => calls[1]!.resolve({ url: 'new' }));
    expect(onDone.mock.calls).toEqual([[{ url: 'new' }]]);
  });

  it('stops the upload when the page goes away', () => {
    const { calls, input, unmount } = setup();
    choose(input(), photo());
    unmount();
    expect(calls[0]!.signal.aborted).toBe(true);
  });
});
