import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json } from '../../../../tests/helpers/json-response.ts';
import { stubApi } from '../../../../tests/helpers/api-stub.ts';
import { clearPublicCache } from '../../../views/shared/public-client.ts';
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

  const detail = (id: number, name: string) => ({ course: { course_id: id, name, description: '', duration_days: null, price: 150, currency: 'BYN', school: 'Alpha', school_title: 'Школа Альфа' }, landing: null });
  const offer = (id: number, name: string, purchasable: boolean) => ({ course_id: id, name, price: 15000, currency: 'BYN', school_title: 'Школа Альфа', purchasable });

  it("offers «Купить» under a course's preview, after its appeal form, when the course can be bought online", async () => {
    stubApi({
      'GET course_catalog/': () => json({ count: 0, results: [] }),
      'GET course_catalog/4': () => json(detail(4, 'Python с нуля')),
      'GET sales/courses/4/offer/': () => json(offer(4, 'Python с нуля', true)),
    });
    render(<CatalogPage courseId={4} />);
    const root = within(await shadow());
    expect(await root.findByRole('heading', { name: 'Python с нуля' })).toBeTruthy();
    const purchase = await screen.findByRole('region', { name: 'Купить курс' });
    expect(within(purchase).getByRole('button', { name: 'Купить' })).toBeTruthy();
    expect(document.querySelector('.widget-frame')!.compareDocumentPosition(purchase) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('leaves only the appeal form when the school takes no payments, and follows the preview shown', async () => {
    const { sent } = stubApi({
      'GET course_catalog/': () => json({ count: 0, results: [] }),
      'GET course_catalog/5': () => json(detail(5, 'Дизайн')),
      'GET sales/courses/5/offer/': () => json(offer(5, 'Дизайн', false)),
    });
    render(<CatalogPage courseId={5} />);
    const root = within(await shadow());
    expect(await root.findByRole('heading', { name: 'Дизайн' })).toBeTruthy();
    await waitFor(() => expect(sent.map((request) => request.path)).toContain('sales/courses/5/offer/'));
    expect(screen.queryByRole('region', { name: 'Купить курс' })).toBeNull();
    root.getByRole('button', { name: /Назад к каталогу/ }).click();
    expect(await root.findByText('Курсы не найдены')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Купить курс' })).toBeNull();
  });
});
