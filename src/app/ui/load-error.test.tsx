import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LoadError } from './load-error.tsx';

describe('LoadError', () => {
  it('announces the reason and retries on its button', () => {
    const onRetry = vi.fn();
    render(<LoadError message="Нет связи с сервером." onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('Нет связи с сервером.');
    const retry = screen.getByRole('button', { name: 'Повторить' });
    expect(retry.className).toBe('button primary small');
    fireEvent.click(retry);
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('has a full-size button when not small', () => {
    render(<LoadError message="Ошибка" onRetry={() => {}} small={false} />);
    expect(screen.getByRole('button', { name: 'Повторить' }).className).toBe('button primary');
  });
});
