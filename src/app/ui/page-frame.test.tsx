import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageFrame } from './page-frame.tsx';

describe('PageFrame', () => {
  it('is a section named by its h1, with the actions beside the heading and the content after', () => {
    render(
      <PageFrame title="Курсы" className="courses-page" actions={<button type="button">Создать курс</button>}>
        <p>Список</p>
      </PageFrame>,
    );
    const section = screen.getByRole('region', { name: 'Курсы' });
    expect(section.className).toBe('page-frame courses-page');
    const heading = screen.getByRole('heading', { level: 1, name: 'Курсы' });
    const head = heading.parentElement!;
    expect(head.className).toBe('page-head');
    expect(head.querySelector('.page-actions')!.textContent).toBe('Создать курс');
    expect(head.nextElementSibling!.textContent).toBe('Список');
  });

  it('has no actions box without actions', () => {
    const { container } = render(<PageFrame title="Группы" />);
    expect(container.querySelector('.page-actions')).toBeNull();
    expect(container.querySelector('section')!.className).toBe('page-frame');
  });
});
