import { setSchoolTasks, statisticsMessages } from '#core';
import { useEffect, useId } from 'react';
import { useResource } from '../../../widgets/shared/use-resource.ts';
import { getSchoolTasks } from './school-tasks-api.ts';

const t = statisticsMessages;

/**
 * «Первые шаги» (spec §3 schoolTasks, the admin's courses page): the share of the seven first
 * steps done and each step ticked or not, until all are done. The server derives them from the
 * school's data, so the card is read afresh on each visit (and kept in the client state). It is
 * a help beside the courses, not their page: while it loads, or if it fails, it takes no room.
 */
export function SchoolTasksCard({ school }: { school: string }) {
  const id = useId();
  const tasks = useResource(`school-tasks|${school}`, () => getSchoolTasks(school));
  const data = tasks.data ?? null;
  useEffect(() => {
    if (data) setSchoolTasks(data.tasks);
  }, [data]);
  if (!data || data.tasks.length === 0 || data.total_completed_tasks >= data.total_tasks) return null;

  const percent = data.completion_percentage;
  return (
    <section className="school-tasks" aria-labelledby={id}>
      <h2 id={id}>{t.tasksTitle}</h2>
      <p className="muted">{t.tasksProgress(data.total_completed_tasks, data.total_tasks, percent)}</p>
      <progress max={100} value={percent} aria-labelledby={id} />
      <ul>
        {data.tasks.map((task) => (
          <li key={task.task} className={task.completed ? 'done' : undefined}>
            <span className="school-task-mark" aria-hidden="true">
              {task.completed ? '✓' : ''}
            </span>
            {task.task}
            <span className="visually-hidden">: {task.completed ? t.taskDone : t.taskTodo}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
