import { fireEvent, render, screen, within } from '@testing-library/react';
import { defaultLanding, type LandingBlock, type LandingEntry } from '#core';
import { describe, expect, it, vi } from 'vitest';
import { LandingBlockForm } from './landing-block-form.tsx';

const landing = defaultLanding();

function renderForm(entry: LandingEntry, errors: Record<string, string> = {}) {
  const onChange = vi.fn<(block: LandingBlock) => void>();
  render(<LandingBlockForm entry={entry} onChange={onChange} errorFor={(path) => errors[path]} />);
  const last = () => onChange.mock.lastCall![0];
  return { onChange, last };
}

const items = () => screen.getAllByRole('listitem');

describe('LandingBlockForm', () => {
  it('edits the header texts and the contact link, and says photos come later', () => {
    const { last } = renderForm({ key: 'header', block: landing.header });
    fireEvent.change(screen.getByRole('textbox', { name: 'Ссылка для связи' }), { target: { value: 'https://t.me/school' } });
    expect(last()).toMatchObject({ content: 'header', contact_link: 'https://t.me/school', name: 'Название курса' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Описание' }), { target: { value: 'Коротко' } });
    expect(last()).toMatchObject({ description: 'Коротко' });
    expect(screen.getByText(/Фотографии загружаются отдельно/)).toBeTruthy();
  });

  it('adds, removes and reorders FAQ items', () => {
    const { last } = renderForm({ key: 'faq', block: landing.faq });
    expect(items()).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Добавить элемент' }));
    expect((last() as typeof landing.faq).items).toHaveLength(4);
    expect((last() as typeof landing.faq).items[3]).toEqual({ question: '', answer: '' });

    fireEvent.click(screen.getByRole('button', { name: 'Удалить элемент 1' }));
    expect((last() as typeof landing.faq).items.map((item) => item.question)).toEqual([landing.faq.items[1]!.question, landing.faq.items[2]!.question]);

    expect((screen.getByRole('button', { name: 'Переместить элемент 1 вверх' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Переместить элемент 3 вниз' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Переместить элемент 1 вниз' }));
    expect((last() as typeof landing.faq).items.map((item) => item.question)).toEqual([landing.faq.items[1]!.question, landing.faq.items[0]!.question, landing.faq.items[2]!.question]);

    fireEvent.change(within(items()[1]!).getByRole('textbox', { name: 'Ответ' }), { target: { value: 'Да' } });
    expect((last() as typeof landing.faq).items[1]).toEqual({ question: landing.faq.items[1]!.question, answer: 'Да' });
  });

  it('keeps a card photo with its card when the cards move', () => {
    const block = { ...landing.audience, chips: landing.audience.chips.map((chip, i) => ({ ...chip, photo: `/uploads/${i}.jpg` })) };
    const { last } = renderForm({ key: 'audience', block });
    fireEvent.click(screen.getByRole('button', { name: 'Переместить элемент 2 вверх' }));
    expect((last() as typeof block).chips.map((chip) => chip.photo)).toEqual(['/uploads/1.jpg', '/uploads/0.jpg', '/uploads/2.jpg']);
    fireEvent.click(screen.getByRole('button', { name: 'Добавить элемент' }));
    expect((last() as typeof block).chips[3]).toEqual({ title: '', description: '', photo: '' });
  });

  it('shows the server errors of an item field and of the list', () => {
    renderForm({ key: 'why_us', block: landing.why_us }, { 'items.1.title': 'Неверный тип значения.', items: 'Не больше 50 элементов.' });
    expect(within(items()[1]!).getByRole('textbox', { name: 'Заголовок' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Не больше 50 элементов.')).toBeTruthy();
  });

  it('edits review names and texts, avatars left for later', () => {
    const { last } = renderForm({ key: 'reviews', block: landing.reviews });
    fireEvent.change(within(items()[0]!).getByRole('textbox', { name: 'Имя' }), { target: { value: 'Ольга' } });
    expect((last() as typeof landing.reviews).items[0]).toEqual({ ...landing.reviews.items[0], name: 'Ольга' });
    expect(screen.getByText(/Фотографии загружаются отдельно/)).toBeTruthy();
  });

  it('says the figures, the programme and the form come from the course or are fixed', () => {
    const { unmount } = render(<LandingBlockForm entry={{ key: 'stats', block: landing.stats }} onChange={() => undefined} errorFor={() => undefined} />);
    expect(screen.getByText(/Цифры считаются сами/)).toBeTruthy();
    unmount();
    const program = render(<LandingBlockForm entry={{ key: 'trainingProgram', block: landing.trainingProgram }} onChange={() => undefined} errorFor={() => undefined} />);
    expect(screen.getByText(/Модули и уроки берутся из конструктора/)).toBeTruthy();
    program.unmount();
    renderForm({ key: 'consultation', block: landing.consultation });
    expect(screen.getByText(/Поля формы заявки постоянные/)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Заголовок' })).toBeTruthy();
  });

  it('edits a text block', () => {
    const { last } = renderForm({ key: 'who_we_are', block: landing.who_we_are });
    fireEvent.change(screen.getByRole('textbox', { name: 'Текст' }), { target: { value: 'Мы — школа.' } });
    expect(last()).toMatchObject({ content: 'text', text: 'Мы — школа.' });
  });

  it('edits the button: name, link and colour, back to the default #BA75FF', () => {
    const { last } = renderForm({ key: 'linkButton', block: { ...landing.linkButton, color: '#112233' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Текст кнопки' }), { target: { value: 'Купить' } });
    expect(last()).toMatchObject({ name: 'Купить' });
    fireEvent.change(screen.getByLabelText('Цвет кнопки'), { target: { value: '#00aa00' } });
    expect(last()).toMatchObject({ color: '#00AA00' });
    fireEvent.click(screen.getByRole('button', { name: 'Цвет по умолчанию' }));
    expect(last()).toMatchObject({ color: '#BA75FF' });
  });
});
