import type { ApiAnswer } from '../api-call.ts';
import { persistentAtom } from '../persistent-atom.ts';

/** Spec §3 "schoolTasks": the onboarding checklist as school_tasks/ answers it, persisted under `schoolProgress`. */
export type SchoolTasksState = ApiAnswer<'GET {school}/school_tasks/'>;
export type SchoolTask = SchoolTasksState['tasks'][number];

export const INITIAL_SCHOOL_TASKS: SchoolTasksState = { total_tasks: 0, total_completed_tasks: 0, completion_percentage: 0, tasks: [] };

export const $schoolTasks = persistentAtom<SchoolTasksState>('schoolProgress', INITIAL_SCHOOL_TASKS);

/** Totals are derived from the list so that they can never disagree with it. */
export function setSchoolTasks(tasks: SchoolTask[]): void {
  const done = tasks.filter((t) => t.completed).length;
  $schoolTasks.set({
    tasks,
    total_tasks: tasks.length,
    total_completed_tasks: done,
    completion_percentage: tasks.length ? Math.round((done / tasks.length) * 100) : 0,
  });
}
