import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { stubApi } from '../../../../tests/helpers/api-stub.ts';
import { clearPublicCache } from '../../../views/shared/public-client.ts';
import WebinarPage from './webinar-page.tsx';

afterEach(() => clearPublicCache());

describe('WebinarPage', () => {
  it("says 'Вебинар не найден' for an unknown slug, in the page and in the tab, with the way home", async () => {
    // No route answers: the stub's 404, as the server gives for an unknown slug.
    const { sent } = stubApi({});
    render(<WebinarPage slug="no-such-slug" />);
    await waitFor(() => expect(document.querySelector('.widget-frame')?.shadowRoot?.querySelector('h2')).toBeTruthy());
    const root = within(document.querySelector('.widget-frame')!.shadowRoot as unknown as HTMLElement);
    expect(root.getByRole('heading', { name: 'Вебинар не найден' })).toBeTruthy();
    expect(sent.map((r) => r.path)).toEqual(['public/webinar/no-such-slug/']);
    expect((await screen.findByRole('link', { name: 'На главную' })).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Каталог курсов' }).getAttribute('href')).toBe('/course-catalog/');
    await waitFor(() => expect(document.title).toBe('Вебинар не найден — CourseHub'));
  });
});
