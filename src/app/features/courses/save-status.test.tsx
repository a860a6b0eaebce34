import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SaveStatus } from './save-status.tsx';

describe('SaveStatus', () => {
  it('is an empty live region until something is saved', () => {
    const { container } = render(<SaveStatus state={{ status: 'idle' }} onRetry={vi.fn()} />);
    expect(container.firstElementChild!.getAttribute('aria-live')).toBe('polite');
    expect(container.textContent).toBe('');
  });

  it.each([
    [{ status: 'saving' } as const, 'Сохранение…'],
    [{ status: 'saved' } as const, 'Сохранено'],
  ])('says %o', (state, text) => {
    const { container } = render(<SaveStatus state={state} onRetry={vi.fn()} />);
    expect(container.textContent).toBe(text);
  });

  it('says why a save failed, with a retry button', () => {
    const onRetry = vi.fn();
    render(<SaveStatus state={{ status: 'failed', reason: 'Нет связи с сервером.' }} onRetry={onRetry} />);
    expect(screen.getByText('Не сохранено: Нет связи с сервером.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
