import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import GroupsPage from './groups-page.tsx';

describe('GroupsPage', () => {
  it("is titled 'Группы' and says the teacher has no groups yet", () => {
    render(<GroupsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Группы' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'У вас пока нет групп' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Группы' })).toBeTruthy();
  });
});
