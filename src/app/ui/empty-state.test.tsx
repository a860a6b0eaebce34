import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmptyState } from './empty-state.tsx';

describe('EmptyState', () => {
  it('names what is missing in a heading, with a text and an action', () => {
    const { container } = render(<EmptyState title="Курсов пока нет" text="Создайте первый курс." action={<button type="button">Создать курс</button>} />);
    expect(container.firstElementChild!.className).toBe('empty-state');
    expect(screen.getByRole('heading', { level: 2, name: 'Курсов пока нет' })).toBeTruthy();
    expect(screen.getByText('Создайте первый курс.').className).toBe('muted');
    expect(screen.getByRole('button', { name: 'Создать курс' })).toBeTruthy();
  });

  it('shows the title alone', () => {
    const { container } = render(<EmptyState title="Пусто" />);
    expect(container.querySelectorAll('.empty-state > *')).toHaveLength(1);
  });
});
