import { act, render, screen, waitFor, within } from '@testing-library/react';
import { defaultLanding } from '#core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LandingPreview, PREVIEW_MS } from './landing-preview.tsx';

const course = { course_id: 5, name: 'Python с нуля', price: 0, currency: 'BYN' };

async function shadow(): Promise<HTMLElement> {
  await waitFor(() => expect(document.querySelector('.widget-frame')?.shadowRoot?.firstChild).toBeTruthy());
  return document.querySelector('.widget-frame')!.shadowRoot as unknown as HTMLElement;
}

afterEach(() => vi.useRealTimers());

describe('LandingPreview', () => {
  it("renders the widget's landing from the edited blocks, without a request, a moment after a change", async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const landing = defaultLanding();
    const { rerender } = render(<LandingPreview school="Alpha" course={course} landing={landing} />);
    expect(screen.getByRole('region', { name: 'Предпросмотр' }).textContent).toContain('Так лендинг увидят посетители');
    const root = await shadow();
    expect(within(root).getByRole('heading', { level: 2 }).textContent).toBe('Название курса');
    // Hidden blocks stay out, as on the visitors' page.
    expect(root.querySelector('[data-block="who_we_are"]')).toBeNull();
    expect(document.querySelector('.widget-frame')!.parentElement!.hasAttribute('inert')).toBe(true);

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    rerender(<LandingPreview school="Alpha" course={course} landing={{ ...landing, header: { ...landing.header, name: 'Python для всех' } }} />);
    await act(() => vi.advanceTimersByTimeAsync(PREVIEW_MS - 1));
    expect(within(root).getByRole('heading', { level: 2 }).textContent).toBe('Название курса');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(within(root).getByRole('heading', { level: 2 }).textContent).toBe('Python для всех');
    expect(fetch).not.toHaveBeenCalled();
  });
});
