import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiErrorFrom } from '#core';
import { useResource } from './use-resource.ts';

function View({ resourceKey, load }: { resourceKey: string | null; load: () => Promise<string> }) {
  const resource = useResource(resourceKey, load);
  return (
    <div>
      <span data-testid="status">{resource.status}</span>
      <span data-testid="data">{resource.data ?? ''}</span>
      <span data-testid="error">{resource.error?.code ?? ''}</span>
      <button type="button" onClick={resource.retry}>retry</button>
    </div>
  );
}

const status = () => screen.getByTestId('status').textContent;

describe('useResource', () => {
  it('is idle without a key, loading, then ready', async () => {
    const load = vi.fn(async () => 'данные');
    const { rerender } = render(<View resourceKey={null} load={load} />);
    expect(status()).toBe('idle');
    expect(load).not.toHaveBeenCalled();
    rerender(<View resourceKey="a" load={load} />);
    expect(status()).toBe('loading');
    await waitFor(() => expect(status()).toBe('ready'));
    expect(screen.getByTestId('data').textContent).toBe('данные');
  });

  it('reports an ApiError and loads again on retry', async () => {
    const load = vi.fn().mockRejectedValueOnce(apiErrorFrom(503, { code: 'DOWN' })).mockResolvedValueOnce('ok');
    render(<View resourceKey="a" load={load} />);
    await waitFor(() => expect(status()).toBe('error'));
    expect(screen.getByTestId('error').textContent).toBe('DOWN');
    act(() => screen.getByText('retry').click());
    await waitFor(() => expect(status()).toBe('ready'));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('drops an answer that arrives after the key changed', async () => {
    let resolveFirst: (value: string) => void = () => undefined;
    const first = new Promise<string>((resolve) => (resolveFirst = resolve));
    const { rerender } = render(<View resourceKey="one" load={() => first} />);
    rerender(<View resourceKey="two" load={async () => 'second'} />);
    await waitFor(() => expect(screen.getByTestId('data').textContent).toBe('second'));
    await act(async () => resolveFirst('first'));
    expect(screen.getByTestId('data').textContent).toBe('second');
  });
});
