import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '../../../../tests/helpers/api-stub.ts';
import { ApiError } from '#core';
import { SaveStatus } from './save-status.tsx';
import { AUTOSAVE_MS, useAutosave } from './use-autosave.ts';

type Patch = { name?: string; active?: boolean };

function Field({ send, onSaved }: { send: (patch: Patch) => Promise<Patch>; onSaved?: (answer: Patch) => void }) {
  const save = useAutosave<Patch, Patch>(send, onSaved);
  return (
    <>
      <input aria-label="Название" onChange={(event) => save.change({ name: event.target.value })} onBlur={save.flush} />
      <input type="checkbox" aria-label="Доступен" onChange={(event) => save.change({ active: event.target.checked })} />
      <SaveStatus state={save.state} onRetry={save.flush} />
    </>
  );
}

const status = () => document.querySelector('.save-status')!;

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
afterEach(() => vi.useRealTimers());

describe('useAutosave with SaveStatus', () => {
  it('sends the merged changes after a pause, saying «Сохранение…» then «Сохранено» in a live region', async () => {
    const reply = deferred<Patch>();
    const send = vi.fn(() => reply.promise);
    const onSaved = vi.fn();
    render(<Field send={send} onSaved={onSaved} />);
    expect(status().getAttribute('aria-live')).toBe('polite');
    expect(status().textContent).toBe('');
    fireEvent.change(screen.getByLabelText('Название'), { target: { value: 'Ур' } });
    fireEvent.change(screen.getByLabelText('Название'), { target: { value: 'Урок' } });
    fireEvent.click(screen.getByLabelText('Доступен'));
    await act(() => vi.advanceTimersByTimeAsync(AUTOSAVE_MS - 1));
    expect(send).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(send).toHaveBeenCalledExactlyOnceWith({ name: 'Урок', active: true });
    expect(status().textContent).toBe('Сохранение…');
    await act(async () => reply.resolve({ name: 'Урок' }));
    expect(status().textContent).toBe('Сохранено');
    expect(onSaved).toHaveBeenCalledWith({ name: 'Урок' });
  });

  it('sends at once on blur, and one request at a time: changes made meanwhile go in the next', async () => {
    const first = deferred<Patch>();
    const send = vi.fn().mockReturnValueOnce(first.promise).mockResolvedValue({});
    render(<Field send={send} />);
    fireEvent.change(screen.getByLabelText('Название'), { target: { value: 'А' } });
    fireEvent.blur(screen.getByLabelText('Название'));
    expect(send).toHaveBeenCalledTimes(1);
    fireEvent.change(screen.getByLabelText('Название'), { target: { value: 'АБ' } });
    fireEvent.blur(screen.getByLabelText('Название'));
    expect(send).toHaveBeenCalledTimes(1);
    await act(async () => first.resolve({}));
    expect(send).toHaveBeenCalledTimes(2);
    expect(send).toHaveBeenLastCalledWith({ name: 'АБ' });
    expect(status().textContent).toBe('Сохранено');
  });

  it('says why a save failed, keeps the changes and sends them again on «Повторить»', async () => {
    const send = vi.fn().mockRejectedValueOnce(new ApiError({ status: 400, code: 'VALIDATION_ERROR', message: 'Слишком длинное название.' })).mockResolvedValue({});
    render(<Field send={send} />);
    fireEvent.change(screen.getByLabelText('Название'), { target: { value: 'Длинное' } });
    await act(async () => fireEvent.blur(screen.getByLabelText('Название')));
    expect(status().textContent).toBe('Не сохранено: Слишком длинное название. Повторить');
    fireEvent.change(screen.getByLabelText('Название'), { target: { value: 'Короче' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Повторить' })));
    expect(send).toHaveBeenLastCalledWith({ name: 'Короче' });
    expect(status().textContent).toBe('Сохранено');
  });

  it('sends what is pending when it goes away', async () => {
    const send = vi.fn().mockResolvedValue({});
    const { unmount } = render(<Field send={send} />);
    fireEvent.change(screen.getByLabelText('Название'), { target: { value: 'Напоследок' } });
    unmount();
    expect(send).toHaveBeenCalledWith({ name: 'Напоследок' });
  });
});
