import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import { StudentBanner } from './student-banner.tsx';

describe('StudentBanner', () => {
  it('shows the active banner; «Подробнее» records a click, «Понятно» hides it and tells the server', async () => {
    const { sent } = stubApi({
      'GET Alpha/banners/current/': () => json({ banner: { id: 3, title: 'Новый поток', description: 'Старт 1 декабря', link: 'https://coursehub.ru/' } }),
      'POST Alpha/banners/3/click/': () => new Response(null, { status: 204 }),
      'POST Alpha/banners/3/accept/': () => json({ status: 'accepted' }),
    });
    render(<StudentBanner school="Alpha" />);
    const region = await screen.findByRole('complementary', { name: 'Объявление школы' });
    expect(region.textContent).toContain('Старт 1 декабря');
    const link = screen.getByRole('link', { name: 'Подробнее' });
    expect(link.getAttribute('href')).toBe('https://coursehub.ru/');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    link.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(link);
    fireEvent.click(screen.getByRole('button', { name: 'Понятно' }));
    expect(screen.queryByRole('complementary')).toBeNull();
    await waitFor(() => expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual(['GET Alpha/banners/current/', 'POST Alpha/banners/3/click/', 'POST Alpha/banners/3/accept/']));
  });

  it('shows nothing without a banner; no link button without an http(s) link', async () => {
    stubApi({ 'GET Alpha/banners/current/': () => json({ banner: null }) });
    const { container, unmount } = render(<StudentBanner school="Alpha" />);
    await waitFor(() => expect(container.innerHTML).toBe(''));
    unmount();
    stubApi({ 'GET Beta/banners/current/': () => json({ banner: { id: 4, title: 'Без ссылки', description: '', link: '' } }) });
    render(<StudentBanner school="Beta" />);
    await waitFor(() => expect(screen.getByRole('complementary')).toBeTruthy());
    expect(screen.queryByRole('link')).toBeNull();
  });
});
