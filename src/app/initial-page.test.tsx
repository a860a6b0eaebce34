import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { InitialPage } from './initial-page.tsx';

describe('InitialPage', () => {
  it('presents the product and leads to sign-up and the catalogue', () => {
    render(<InitialPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('CourseHub');
    expect(screen.getByRole('link', { name: 'Попробовать бесплатно' }).getAttribute('href')).toBe('/create-school');
    expect(screen.getByRole('link', { name: 'Каталог курсов' }).getAttribute('href')).toBe('/course-catalog/');
  });
});
