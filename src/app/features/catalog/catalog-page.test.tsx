import { render, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json } from '../../../../tests/helpers/json-response.ts';
import { stubApi } from '../../../../tests/helpers/api-stub.ts';
import { clearPublicCache } from '../../../widgets/shared/public-client.ts';
import CatalogPage from './catalog-page.tsx';

afterEach(() => clearPublicCache());

/** The widget renders in the frame's shadow root: queries go there. */
async function shadow(): Promise<HTMLElement> {
  await waitFor(() => expect(document.querySelector('.widget-frame')?.shadowRoot?.firstChild).toBeTruthy());
  return document.querySelector('.widget-frame')!.shadowRoot as unknown as HTMLElement;
}

describe('CatalogPage', () => {
  it("says 'Курс не найден' for an unknown course, in the page and in the tab, and leads back to the list", async () => {
    stubApi({ 'GET course_catalog/': () => json({ count: 0, results: [] }) });
    render(<CatalogPage courseId={999999} />);
    const root = within(await shadow());
    expect(await root.findByRole('heading', { name: 'Курс не найден' })).toBeTruthy();
    expect(root.getByText(/снят с публикации или ссылка устарела/)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Курс не найден — CourseHub'));
    root.getByRole('button', { name: /Назад к каталогу/ }).click();
    expect(await root.findByText('Курсы не найдены')).toBeTruthy();
    await waitFor(() => expect(document.title).not.toBe('Курс не найден — CourseHub'));
  });
});
