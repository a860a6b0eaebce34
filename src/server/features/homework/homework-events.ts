// What homework tells the features above it (Telegram's notices), once the change is committed.
import { domainEvent } from '../../shared/domain-events.ts';
import type { HomeworkStatus } from './tables.ts';

/** The student handed in or answered; `teacherId` is the hand-in's teacher, if it has one. */
export const homeworkHandedIn = domainEvent<{ homeworkId: number; userId: number; teacherId: number | null }>();

/** A teacher or an admin checked the work of student `userId`: its status and mark now. */
export const homeworkChecked = domainEvent<{ homeworkId: number; userId: number; status: HomeworkStatus; mark: number | null }>();
