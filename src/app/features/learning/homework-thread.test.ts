import { describe, expect, it } from 'vitest';
import type { HomeworkCheck, UserHomework } from './learning-api.ts';
import { newerHomework, threadOrder } from './homework-thread.ts';

const check = (id: number, created_at: string, files = 0): HomeworkCheck => ({
  user_homework_check_id: id,
  user_homework: 1,
  author: 1,
  author_name: 'Анна',
  author_pseudonym: null,
  author_role: 'student',
  text: 'текст',
  status: 'pending',
  status_label: 'Ждет проверки',
  mark: null,
  created_at,
  updated_at: created_at,
  text_files: Array.from({ length: files }, (_, i) => ({ id: i, kind: 'text', course_id: 1, lesson_id: null, name: `f${i}.pdf`, mime: 'application/pdf', bytes: 1, url: 'u', created_at })),
  audio_files: [],
});

const homework = (checks: HomeworkCheck[], updated_at = '2026-01-01T10:00:00Z', id = 1): UserHomework => ({
  user_homework_id: id,
  homework: 5,
  homework_name: 'ДЗ',
  course_id: 2,
  user: 1,
  user_first_name: 'Анна',
  user_last_name: 'Петрова',
  text: 'текст',
  status: 'pending',
  status_label: 'Ждет проверки',
  mark: null,
  teacher_id: null,
  teacher_name: null,
  teacher_pseudonym: null,
  created_at: '2026-01-01T10:00:00Z',
  updated_at,
  last_reply_at: updated_at,
  auto_accept_at: null,
  checks,
});

describe('homework thread', () => {
  it('orders a thread oldest first, by id when at the same time', () => {
    const ordered = threadOrder([check(3, '2026-01-02T00:00:00Z'), check(2, '2026-01-01T00:00:00Z'), check(1, '2026-01-01T00:00:00Z')]);
    expect(ordered.map((one) => one.user_homework_check_id)).toEqual([1, 2, 3]);
  });

  it('takes the copy of a hand-in with more of its thread, its files, then the later one', () => {
    const one = homework([check(1, '2026-01-01T00:00:00Z')]);
    const two = homework([check(1, '2026-01-01T00:00:00Z'), check(2, '2026-01-02T00:00:00Z')]);
    expect(newerHomework(one, two)).toBe(two);
    expect(newerHomework(two, one)).toBe(two);
    expect(newerHomework(null, one)).toBe(one);
    expect(newerHomework(one, null)).toBe(one);
    expect(newerHomework(undefined, null)).toBeNull();
    const withFile = homework([check(1, '2026-01-01T00:00:00Z', 1)]);
    expect(newerHomework(one, withFile)).toBe(withFile);
    expect(newerHomework(withFile, one)).toBe(withFile);
    const later = homework([check(1, '2026-01-01T00:00:00Z')], '2026-02-01T00:00:00Z');
    expect(newerHomework(later, one)).toBe(later);
    expect(newerHomework(one, later)).toBe(later);
    const other = homework([], undefined, 9);
    expect(newerHomework(one, other)).toBe(other);
  });
});
