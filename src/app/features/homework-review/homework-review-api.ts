// The homework review (issue 13 item 1, docs: the homework review contract): the queue of hand-ins
// a teacher or an admin checks, what it may be filtered by, one hand-in with its task and thread,
// the reviewer's answer and the next hand-in waiting. One function per call, under the school's URL name.
import type { HomeworkStatusCode, QueryParams } from '#core';
import { appSession } from '../../app-session.ts';
import type { HomeworkCheck, LessonBlock, LessonFile, UserHomework } from '../learning/index.ts';

const api = () => appSession().api;
const at = (school: string, path: string) => `${encodeURIComponent(school)}/${path}`;

/** The queue's page size (the server's: homeworks_stats/ pages by 20). */
export const QUEUE_PAGE_SIZE = 20;

/** A row of the queue: a hand-in with its student, homework, course, group and teacher. */
export interface QueueRow {
  user_homework_id: number;
  user: number;
  user_first_name: string;
  user_last_name: string;
  user_email: string;
  user_avatar: string | null;
  /** The homework lesson's id. */
  homework: number;
  homework_name: string;
  section_id: number;
  course_id: number;
  course_name: string;
  group_id: number | null;
  group_name: string | null;
  teacher_id: number | null;
  teacher_name: string | null;
  teacher_email: string | null;
  status: HomeworkStatusCode;
  mark: number | null;
  /** ISO 8601. */
  last_reply: string;
  /** The student wrote after the caller last opened this hand-in. */
  unread: boolean;
}

export interface QueuePage {
  count: number;
  next: string | null;
  previous: string | null;
  results: QueueRow[];
}

/** The queue's filters as the server takes them (empty values are left out by the API client). */
export type QueueQuery = Partial<Record<'status' | 'course_id' | 'group_id' | 'teacher_id' | 'homework_id' | 'student' | 'start_mark' | 'end_mark' | 'start_date' | 'end_date', string>>;

export const listQueue = (school: string, page: number, query: QueueQuery) =>
  api().get<QueuePage>(at(school, 'homeworks_stats/'), { query: { ...query, p: page } satisfies QueryParams });

export interface QueueTeacher {
  id: number;
  name: string;
  email: string;
}

export const listQueueTeachers = (school: string) => api().get<QueueTeacher[]>(at(school, 'homeworks_stats/teachers/'));

/** What the caller may filter by: a teacher gets only their groups' courses, groups and homework. */
export interface QueueFilterOptions {
  courses: { id: number; name: string }[];
  groups: { id: number; name: string; course_id: number }[];
  homeworks: { id: number; name: string; course_id: number }[];
}

export const getQueueFilterOptions = (school: string) => api().get<QueueFilterOptions>(at(school, 'homeworks_stats/filters/'));

/** The next hand-in waiting for the caller after `after`, in the queue's order under the same filters; 404 NO_NEXT when none. */
export interface NextHandIn {
  user_homework_id: number;
  homework: number;
  course_id: number;
}

export const getNextHandIn = (school: string, after: number, query: QueueQuery) =>
  api().get<NextHandIn>(at(school, 'homeworks_stats/next/'), { query: { ...query, after } satisfies QueryParams });

/** The hand-in with its thread; opening it as its reviewer marks the student's messages read. */
export const getHandIn = (school: string, id: number, courseId: number) =>
  api().get<UserHomework>(at(school, `user_homeworks/${id}/`), { query: { course_id: courseId } });

/** The task of the homework a hand-in answers, as its checker reads it: the task's blocks and files. */
export interface HomeworkTask {
  id: number;
  name: string;
  course_id: number;
  blocks?: LessonBlock[];
  text_files?: LessonFile[];
  audio_files?: LessonFile[];
}

/** Keyed on the hand-in: a checker named from outside the course reads it too (homeworks/{id}/ would not answer them). */
export const getHomeworkTask = (school: string, userHomeworkId: number) => api().get<HomeworkTask>(at(school, `teacher_homeworks/${userHomeworkId}/task/`));

/** The reviewer's decisions (the server refuses 'pending' and 'auto_check' from them). */
export const REVIEW_DECISIONS = ['revision', 'rejected', 'accepted'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

export interface Review {
  text: string;
  status: ReviewDecision;
  /** Left out: the mark stays as it was. */
  mark?: number;
  /** Files uploaded for it first (homework_files/): the review goes with them or not at all. */
  file_ids?: number[];
}

export const sendReview = (school: string, userHomeworkId: number, review: Review) =>
  api().post<HomeworkCheck>(at(school, 'user_homework_checks/'), { user_homework: userHomeworkId, ...review });

/** An admin names the hand-in's checker (a teacher of the school); answers with the queue's row. */
export const reassignChecker = (school: string, userHomeworkId: number, teacherId: number) =>
  api().patch<QueueRow>(at(school, `user_homeworks/${userHomeworkId}/teacher/`), { teacher_id: teacherId });
