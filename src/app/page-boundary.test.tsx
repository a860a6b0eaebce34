import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { expectConsole } from '../../tests/setup/console-guard.ts';
import { isChunkLoadError, lazyPage } from './lazy-page.ts';
import { PageBoundary } from './page-boundary.tsx';
import { Suspense } from 'react';

describe('a page that fails', () => {
  it('shows a retry instead of a blank page, and the retry loads it again', async () => {
    expectConsole('error', /page failed|offline|above error|boundary/i);
    const load = vi
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ default: () => <p>страница загружена</p> });
    const Page = lazyPage(load);
    render(
      <PageBoundary>
        <Suspense fallback={<p>загрузка</p>}>
          <Page />
        </Suspense>
      </PageBoundary>,
    );
    const retry = await screen.findByRole('button', { name: 'Повторить' });
    expect(screen.getByRole('alert').textContent).toContain('Не удалось загрузить страницу');
    fireEvent.click(retry);
    expect(await screen.findByText('страница загружена')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('recognises a chunk that the browser could not fetch', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /app/chunks/x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
  });
});
