// The homework review (issue 13 item 1, docs: the homework review contract): the queue of hand-ins
// a teacher or an admin checks, what it may be filtered by, one hand-in with its task and thread,
// the reviewer's answer and the next hand-in waiting. One function per call, under the school's URL name.
import { apiCall, type ApiAnswer, type ApiBody, type ApiQuery } from '#core';
import { appSession } from '../../app-session.ts';

const api = () => appSession().api;

/** The queue's page size (the server's: homeworks_stats/ pages by 20). */
export const QUEUE_PAGE_SIZE = 20;

export type QueuePage = ApiAnswer<'GET {school}/homeworks_stats/'>;
/** A row of the queue: a hand-in with its student, homework, course, group and teacher; `unread`: the student wrote after the caller last opened it. */
export type QueueRow = QueuePage['results'][number];

/** The queue's filters as the server takes them (the same for next/). */
export type QueueQuery = Omit<ApiQuery<'GET {school}/homeworks_stats/'>, 'p' | 's'>;

export const listQueue = (school: string, page: number, query: QueueQuery) =>
  apiCall(api(), 'GET {school}/homeworks_stats/', { path: { school }, query: { ...query, p: page } });

export type QueueTeacher = ApiAnswer<'GET {school}/homeworks_stats/teachers/'>[number];

export const listQueueTeachers = (school: string) => apiCall(api(), 'GET {school}/homeworks_stats/teachers/', { path: { school } });

/** What the caller may filter by: a teacher gets only their groups' courses, groups and homework. */
export type QueueFilterOptions = ApiAnswer<'GET {school}/homeworks_stats/filters/'>;

export const getQueueFilterOptions = (school: string) => apiCall(api(), 'GET {school}/homeworks_stats/filters/', { path: { school } });

/** The next hand-in waiting for the caller after `after`, in the queue's order under the same filters; 404 NO_NEXT when none. */
export const getNextHandIn = (school: string, after: number, query: QueueQuery) =>
  apiCall(api(), 'GET {school}/homeworks_stats/next/', { path: { school }, query: { ...query, after } });

/** The hand-in with its thread; opening it as its reviewer marks the student's messages read (the server takes no ?course_id=). */
export const getHandIn = (school: string, id: number) => apiCall(api(), 'GET {school}/user_homeworks/{id}/', { path: { school, id } });

/** The task of the homework a hand-in answers, as its checker reads it: the task's blocks and files. */
export type HomeworkTask = ApiAnswer<'GET {school}/teacher_homeworks/{id}/task/'>;

/** Keyed on the hand-in: a checker named from outside the course reads it too (homeworks/{id}/ would not answer them). */
export const getHomeworkTask = (school: string, userHomeworkId: number) =>
  apiCall(api(), 'GET {school}/teacher_homeworks/{id}/task/', { path: { school, id: userHomeworkId } });

/** The reviewer's decisions (the server refuses 'pending' and 'auto_check' from them). */
export const REVIEW_DECISIONS = ['revision', 'rejected', 'accepted'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/**
 * A reviewer's answer: `mark` left out keeps the mark as it was; `file_ids` are files uploaded
 * first (homework_files/): the review goes with them or not at all.
 */
export type Review = Omit<ApiBody<'POST {school}/user_homework_checks/'>, 'user_homework' | 'status'> & { text: string; status: ReviewDecision };

export const sendReview = (school: string, userHomeworkId: number, review: Review) =>
  apiCall(api(), 'POST {school}/user_homework_checks/', { path: { school }, body: { user_homework: userHomeworkId, ...review } });

/** An admin names the hand-in's checker (a teacher of the school); answers with the queue's row. */
export const reassignChecker = (school: string, userHomeworkId: number, teacherId: number) =>
  apiCall(api(), 'PATCH {school}/user_homeworks/{id}/teacher/', { path: { school, id: userHomeworkId }, body: { teacher_id: teacherId } });
