import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Course } from './course-api.ts';
import { CourseCard } from './course-card.tsx';

const course = (own: Partial<Course> = {}): Course => ({
  course_id: 3,
  name: 'Python с нуля',
  description: '',
  format: 'ОН',
  price: 4990,
  currency: 'BYN',
  duration_days: null,
  public: 'О',
  is_catalog: true,
  is_direct: false,
  folder: { id: 2, name: 'Программирование' },
  photo_url: null,
  course_removed: null,
  school: 1,
  order: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  baselessons_count: 5,
  lesson_count: 3,
  homework_count: 1,
  test_count: 1,
  video_count: 0,
  students_count: 1,
  ...own,
});

describe('CourseCard', () => {
  it('names the course with a link to its constructor, its state, lessons, students, price and folder', () => {
    render(<CourseCard school="Alpha" course={course()} editable />);
    expect(screen.getByRole('link', { name: 'Python с нуля' }).getAttribute('href')).toBe('/school/Alpha/courses/create-course/3/constructor');
    const meta = document.querySelector('.course-meta')!;
    expect([...meta.children].map((span) => span.textContent)).toEqual(['Опубликован', '5 уроков', '1 ученик', '49,90\u00a0BYN']);
    expect(screen.getByText('Программирование')).toBeTruthy();
  });

  it('shows a free draft without a link when it is not editable, and when it went to the bin', () => {
    render(<CourseCard school="Alpha" course={course({ public: 'Н', price: 0, folder: null, baselessons_count: 2, course_removed: '2026-03-01T10:00:00Z' })} editable={false} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Python с нуля' })).toBeTruthy();
    expect(screen.getByText('Не опубликован')).toBeTruthy();
    expect(screen.getByText('2 урока')).toBeTruthy();
    expect(screen.getByText('бесплатно')).toBeTruthy();
    expect(screen.getByText(/В корзине с 01\.03\.2026/)).toBeTruthy();
  });

  it('shows the cover when the course has one, and none otherwise', () => {
    const { unmount } = render(<CourseCard school="Alpha" course={course({ photo_url: 'http://x/api/files/7/cover.png?t=1.s' })} editable />);
    expect(document.querySelector('img.course-card-cover')!.getAttribute('src')).toBe('http://x/api/files/7/cover.png?t=1.s');
    unmount();
    render(<CourseCard school="Alpha" course={course()} editable />);
    expect(document.querySelector('img')).toBeNull();
  });
});
