import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Block } from './course-api.ts';
import { LessonPreview } from './lesson-preview.tsx';

const base = { base_lesson: 1, order: 1, description: null, code: null, language: null, code_html: null, formula: null, formula_html: null, url: null, picture: null, buttons: null };

describe('LessonPreview', () => {
  it('says so when the lesson is empty', () => {
    render(<LessonPreview name="Урок" blocks={[]} />);
    expect(screen.getByText('В уроке пока нет содержимого.')).toBeTruthy();
  });

  it('shows video and picture links as attributes, and buttons in their colour', () => {
    const blocks: Block[] = [
      { ...base, id: 1, type: 'video', url: 'https://youtu.be/abc' },
      { ...base, id: 2, type: 'picture', picture: 'https://example.com/a.png' },
      { ...base, id: 3, type: 'buttons', buttons: [{ name: 'Перейти', link: 'https://example.com/', color: '#BA75FF' }] },
      { ...base, id: 4, type: 'files' },
    ];
    render(<LessonPreview name="Урок" blocks={blocks} />);
    expect(screen.getByRole('link', { name: 'Смотреть видео' }).getAttribute('href')).toBe('https://youtu.be/abc');
    expect(screen.getByRole('img', { name: 'Картинка урока' }).getAttribute('src')).toBe('https://example.com/a.png');
    const button = screen.getByRole('link', { name: 'Перейти' });
    expect(button.getAttribute('rel')).toBe('noopener noreferrer');
    expect((button as HTMLElement).style.background).not.toBe('');
  });

  it('renders a text block as the HTML the server sanitised', () => {
    render(<LessonPreview name="Урок" blocks={[{ ...base, id: 1, type: 'description', description: '<h2>Заголовок</h2><ul><li>пункт</li></ul>' }]} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Заголовок' })).toBeTruthy();
    expect(screen.getByRole('listitem').textContent).toBe('пункт');
  });
});
