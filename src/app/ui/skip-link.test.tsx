import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SkipLink } from './skip-link.tsx';

describe('SkipLink', () => {
  it('moves the focus to the main landmark, past the header', () => {
    render(
      <>
        <SkipLink />
        <header>
          <a href="/login">Войти</a>
        </header>
        <main>
          <h1>Страница</h1>
        </main>
      </>,
    );
    const link = screen.getByRole('link', { name: 'Перейти к содержимому' });
    expect(fireEvent.click(link)).toBe(false);
    expect(document.activeElement).toBe(screen.getByRole('main'));
    expect(screen.getByRole('main').getAttribute('tabindex')).toBe('-1');
  });

  it('does nothing on a page still without its main', () => {
    render(<SkipLink />);
    fireEvent.click(screen.getByRole('link', { name: 'Перейти к содержимому' }));
    expect(document.activeElement).toBe(document.body);
  });
});
