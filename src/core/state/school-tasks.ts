import { persistentAtom } from '../persistent-atom.ts';

export interface SchoolTask {
  task: string;
  task_name?: string;
  completed: boolean;
}

/** Spec §3 "schoolTasks": the onboarding checklist, persisted under `schoolProgress`. */
export interface SchoolTasksState {
  total_tasks: number;
  total_completed_tasks: number;
  completion_percentage: number;
  tasks: SchoolTask[];
}

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
