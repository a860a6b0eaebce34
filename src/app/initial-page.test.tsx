import { render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../tests/helpers/api-stub.ts';
import { json } from '../../tests/helpers/json-response.ts';
import { InitialPage } from './initial-page.tsx';

describe('InitialPage', () => {
  it('presents the product and leads to sign-up and the catalogue', () => {
    render(<InitialPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('CourseHub');
    expect(screen.getByRole('link', { name: 'Попробовать бесплатно' }).getAttribute('href')).toBe('/create-school');
    expect(screen.getByRole('link', { name: 'Каталог курсов' }).getAttribute('href')).toBe('/course-catalog/');
  });

  it("shows the school on the school's own domain: its name, sign-in and its courses", async () => {
    stubApi({ 'GET course_catalog/': () => json({ count: 0, next: null, previous: null, results: [] }) });
    const meta = Object.assign(document.createElement('meta'), { name: 'coursehub-school', content: 'Alpha' });
    meta.dataset.title = 'Школа Альфа';
    document.head.append(meta);
    try {
      render(
        <Suspense fallback={null}>
          <InitialPage />
        </Suspense>,
      );
      expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Школа Альфа');
      expect(screen.getByRole('link', { name: 'Войти' }).getAttribute('href')).toBe('/login');
      expect(screen.queryByRole('link', { name: 'Попробовать бесплатно' })).toBeNull();
      await waitFor(() => expect(vi.mocked(fetch).mock.calls.some(([url]) => String(url).includes('school=Alpha'))).toBe(true));
    } finally {
      meta.remove();
    }
  });
});
