// A homework hand-in as the API answers it, for the student's panel and the reviewer's check page
// tests: a file, a message of the thread and the hand-in with its thread. Defaults describe one
// essay (homework 9 of course 2, hand-in 50 by student 3, teacher 8); a test overrides what it needs.
import type { HomeworkCheck, LessonFile, UserHomework } from '../../src/app/features/learning/index.ts';

export const lessonFile = (id: number, name: string, kind = 'text'): LessonFile => ({
  id,
  kind,
  course_id: 2,
  lesson_id: null,
  name,
  mime: kind === 'audio' ? 'audio/mpeg' : 'application/pdf',
  bytes: 2048,
  url: `http://x/api/files/${id}/${name}?t=1.sig`,
  created_at: '2026-03-05T09:00:00.000Z',
});

export const homeworkCheck = (id: number, own: Partial<HomeworkCheck> = {}): HomeworkCheck => ({
  user_homework_check_id: id,
  user_homework: 50,
  author: 3,
  author_name: 'Анна Петрова',
  author_pseudonym: null,
  author_role: 'student',
  text: 'Моё эссе',
  status: 'pending',
  status_label: 'Ждет проверки',
  mark: null,
  created_at: '2026-03-05T09:00:00.000Z',
  updated_at: '2026-03-05T09:00:00.000Z',
  text_files: [],
  audio_files: [],
  ...own,
});

/** The hand-in whose status and dates are its last message's. */
export const userHomework = (checks: HomeworkCheck[], own: Partial<UserHomework> = {}): UserHomework => ({
  user_homework_id: 50,
  homework: 9,
  homework_name: 'Эссе',
  course_id: 2,
  user: 3,
  user_first_name: 'Анна',
  user_last_name: 'Петрова',
  text: 'Моё эссе',
  status: checks.at(-1)?.status ?? 'pending',
  status_label: checks.at(-1)?.status_label ?? 'Ждет проверки',
  mark: null,
  teacher_id: 8,
  teacher_name: 'Мария Ивановна',
  teacher_pseudonym: null,
  created_at: '2026-03-05T09:00:00.000Z',
  updated_at: checks.at(-1)?.created_at ?? '2026-03-05T09:00:00.000Z',
  last_reply_at: checks.at(-1)?.created_at ?? '2026-03-05T09:00:00.000Z',
  auto_accept_at: null,
  checks,
  ...own,
});
