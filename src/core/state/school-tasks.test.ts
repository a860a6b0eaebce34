import { describe, expect, it } from 'vitest';
import { $schoolTasks, setSchoolTasks } from './school-tasks.ts';

describe('school tasks state', () => {
  it('derives totals and the percentage from the list', () => {
    setSchoolTasks([
      { task: 'create_course', completed: true },
      { task: 'create_first_lesson', completed: false },
      { task: 'upload_video', completed: true },
    ]);
    expect($schoolTasks.get()).toMatchObject({ total_tasks: 3, total_completed_tasks: 2, completion_percentage: 67 });
    setSchoolTasks([]);
    expect($schoolTasks.get().completion_percentage).toBe(0);
  });
});
