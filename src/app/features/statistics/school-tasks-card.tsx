import { schoolPath, schoolTasksMessages, setSchoolTasks, statisticsMessages } from '#core';
import { useEffect, useId } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { getSchoolTasks } from './school-tasks-api.ts';

const t = statisticsMessages;

type TaskKey = keyof typeof schoolTasksMessages;

/**
 * Where each step is done, under the school: a course's constructor and settings when there is a
 * course (`course`, the first the courses page lists), else the courses page, where one is made first.
 */
export function taskPath(key: TaskKey, course: number | undefined): string {
  const editor = (tab: string) => (course === undefined ? 'courses' : `courses/create-course/${course}/${tab}`);
  const paths: Record<TaskKey, string> = {
    createCourse: 'courses',
    createFirstLesson: editor('constructor'),
    uploadVideo: editor('constructor'),
    publishCourse: editor('settings'),
    addFirstStaff: 'settings/employees',
    // An admin's groups are a course's: its «Ученики» tab makes them and adds students.
    createFirstGroup: editor('student'),
    addFirstStudent: editor('student'),
  };
  return paths[key];
}

/** The server names each task in Russian (schoolTasksMessages); the key is found by its text. */
const keyOf = (task: string) => (Object.keys(schoolTasksMessages) as TaskKey[]).find((key) => schoolTasksMessages[key] === task);

/**
 * «Первые шаги» (spec §3 schoolTasks, the admin's courses page): the share of the seven first
 * steps done and each step ticked or not, until all are done; each step links to where it is done. The server derives them from the
 * school's data, so the card is read afresh on each visit (and kept in the client state). It is
 * a help beside the courses, not their page: while it loads, or if it fails, it takes no room.
 */
export function SchoolTasksCard({ school, course }: { school: string; course?: number }) {
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
        {data.tasks.map((task) => {
          const key = keyOf(task.task);
          const text = (
            <>
              {task.task}
              <span className="visually-hidden">: {task.completed ? t.taskDone : t.taskTodo}</span>
            </>
          );
          return (
            <li key={task.task} className={task.completed ? 'done' : undefined}>
              <span className="school-task-mark" aria-hidden="true">
                {task.completed ? '✓' : ''}
              </span>
              {key ? <a href={schoolPath(school, taskPath(key, course))}>{text}</a> : text}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
