import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LessonPreview, type ViewBlock } from './lesson-preview.tsx';

const base = { description: null, code_html: null, formula_html: null, url: null, picture: null, buttons: null };

describe('LessonPreview', () => {
  it('says so when the lesson is empty', () => {
    render(<LessonPreview name="Урок" blocks={[]} />);
    expect(screen.getByText('В уроке пока нет содержимого.')).toBeTruthy();
  });

  it('shows video and picture links as attributes, and buttons in their colour', () => {
    const blocks: ViewBlock[] = [
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

  it('darkens a button colour that white text would not read on, and keeps one it reads on (issue 25)', () => {
    const buttons = [
      { name: 'Светлая', link: 'https://example.com/', color: '#BA75FF' },
      { name: 'Тёмная', link: 'https://example.com/', color: '#1557b0' },
    ];
    render(<LessonPreview name="Урок" blocks={[{ ...base, id: 1, type: 'buttons', buttons }]} />);
    const style = (name: string) => (screen.getByRole('link', { name }) as HTMLElement).style;
    // #ba75ff → #9e3dff: 4.5:1 against the button's white text.
    expect(style('Светлая').backgroundColor).toMatch(/^(#9e3dff|rgb\(158, 61, 255\))$/);
    expect(style('Тёмная').backgroundColor).toMatch(/^(#1557b0|rgb\(21, 87, 176\))$/);
    expect(style('Светлая').color).toMatch(/^(#fff|rgb\(255, 255, 255\))$/);
  });

  it('renders a text block as the HTML the server sanitised', () => {
    render(<LessonPreview name="Урок" blocks={[{ ...base, id: 1, type: 'description', description: '<h2>Заголовок</h2><ul><li>пункт</li></ul>' }]} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Заголовок' })).toBeTruthy();
    expect(screen.getByRole('listitem').textContent).toBe('пункт');
  });

  it('without a name, is named as the lesson\'s materials under the page\'s own heading', () => {
    render(<LessonPreview blocks={[{ ...base, id: 1, type: 'video', video_url: '/api/files/1/v.mp4?t=x' }]} />);
    expect(screen.getByRole('article', { name: 'Материалы урока' })).toBeTruthy();
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.getByLabelText('Видео урока').getAttribute('src')).toBe('/api/files/1/v.mp4?t=x#t=0.1');
  });
});
