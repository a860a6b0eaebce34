import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FileLinks } from './file-links.tsx';

afterEach(cleanup);

const files = [
  { id: 1, name: 'План.pdf', url: 'https://files.test/plan.pdf', bytes: 2048 },
  { id: 2, name: 'Ответ.mp3', url: 'https://files.test/answer.mp3', bytes: 1_572_864 },
];

describe('FileLinks', () => {
  it('lists each file as a download link under its own name with its size', () => {
    render(<FileLinks files={files} label="Файлы" />);
    const list = screen.getByRole('list', { name: 'Файлы' });
    const link = screen.getByRole('link', { name: 'План.pdf' });
    expect(list.contains(link)).toBe(true);
    expect(link.getAttribute('href')).toBe('https://files.test/plan.pdf');
    expect(link.getAttribute('download')).toBe('План.pdf');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(list.textContent).toContain('2 КБ');
    expect(list.textContent).toContain('1,5 МБ');
    expect(list.querySelector('audio')).toBeNull();
  });

  it('adds a player that fetches nothing before «play» to the playable files only', () => {
    const { container } = render(<FileLinks files={files} playable={(file) => file.name.endsWith('.mp3')} />);
    const players = container.querySelectorAll('audio');
    expect(players).toHaveLength(1);
    expect(players[0]!.getAttribute('src')).toBe('https://files.test/answer.mp3');
    expect(players[0]!.getAttribute('preload')).toBe('none');
    expect(players[0]!.getAttribute('aria-label')).toBe('Ответ.mp3');
  });
});
