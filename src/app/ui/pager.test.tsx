import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Pager } from './pager.tsx';

describe('Pager', () => {
  it('is nothing for one page', () => {
    const { container } = render(<Pager page={1} count={20} onPage={() => {}} />);
    expect(container.innerHTML).toBe('');
  });

  it('marks the current page and opens another', () => {
    const onPage = vi.fn();
    render(<Pager page={2} count={45} onPage={onPage} />);
    const nav = screen.getByRole('navigation', { name: 'Страницы' });
    expect(within(nav).getByRole('button', { name: '2' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(within(nav).getByRole('button', { name: '3' }));
    expect(onPage).toHaveBeenCalledWith(3);
  });
});
