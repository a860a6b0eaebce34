import { homeworkStatusLabel, learningMessages, schoolPath, statisticsMessages } from '#core';
import { DataTable, type DataColumn } from '../../ui/data-table.tsx';
import type { StudentGroupData, StudentLesson, StudentSection } from './student-stats-api.ts';
import { formatDay, formatDayTime, formatNumber, formatPercent } from './students-table-format.ts';

const t = statisticsMessages;

const none = <span className="muted">{t.noValue}</span>;
const when = (iso: string | null) => (iso ? <time dateTime={iso}>{formatDayTime(iso)}</time> : none);

/** The contract gives a lesson's type as any text: a kind this client does not know shows as sent. */
const lessonTypeNames: Partial<Record<string, string>> = learningMessages.lessonTypes;

/** A test's mark is its best percent; a homework's the accepted mark. */
const mark = (lesson: StudentLesson) => (lesson.mark === null ? none : lesson.type === 'test' ? formatPercent(lesson.mark) : formatNumber(lesson.mark));

/** A module's lessons: name, type, status, mark, viewed and completed dates, and a hand-in with its check page. */
function SectionTable({ school, group, section }: { school: string; group: StudentGroupData; section: StudentSection }) {
  const columns: DataColumn<StudentLesson>[] = [
    { key: 'name', header: t.lesson, rowHeader: true, render: (lesson) => lesson.name },
    { key: 'type', header: t.lessonType, render: (lesson) => lessonTypeNames[lesson.type] ?? lesson.type },
    { key: 'status', header: t.status, render: (lesson) => <span className={`stats-lesson-status ${lesson.status}`}>{t.lessonStatuses[lesson.status] ?? lesson.status}</span> },
    { key: 'mark', header: t.mark, className: 'stats-figure', render: mark },
    { key: 'viewed', header: t.viewedAt, render: (lesson) => when(lesson.viewed_at) },
    { key: 'completed', header: t.completedAt, render: (lesson) => when(lesson.completed_at) },
    {
      key: 'homework',
      header: t.homework,
      render: (lesson) =>
        lesson.homework_status === null ? (
          none
        ) : (
          <span className="stats-hand-in">
            <span className={`badge homework-badge ${lesson.homework_status}`}>{homeworkStatusLabel(lesson.homework_status)}</span>
            {lesson.user_homework_id === null ? null : (
              <a href={schoolPath(school, `home-work/${lesson.lesson_id}/${lesson.user_homework_id}/${group.course_id}`)} aria-label={t.openHandIn(lesson.name)}>
                {t.openHandInShort}
              </a>
            )}
          </span>
        ),
    },
  ];
  return <DataTable caption={section.name} columns={columns} rows={section.lessons} rowKey={(lesson) => lesson.lesson_id} empty={<p className="muted">{t.sectionEmpty}</p>} className="stats-lessons-table" />;
}

/** One of the student's groups: its course, when they joined, their last activity, their time on tests, then each module's lessons. */
function GroupCard({ school, group }: { school: string; group: StudentGroupData }) {
  return (
    <li className="stats-group">
      <h3>
        {group.group_name} <span className="muted">· {group.course_name}</span>
      </h3>
      <dl className="stats-facts">
        <div>
          <dt>{t.dateAdded}</dt>
          <dd>{formatDay(group.date_added)}</dd>
        </div>
        <div>
          <dt>{t.lastActive}</dt>
          <dd>{group.last_active ? <time dateTime={group.last_active}>{formatDayTime(group.last_active)}</time> : t.noActivity}</dd>
        </div>
        <div>
          <dt>{t.testsTime}</dt>
          <dd>{t.duration(group.tests_time_seconds)}</dd>
        </div>
      </dl>
      {group.sections.length === 0 ? <p className="muted">{t.groupsEmpty}</p> : null}
      {group.sections.map((section) => (
        <SectionTable key={section.section_id} school={school} group={group} section={section} />
      ))}
    </li>
  );
}

/** «Занятия по группам»: the student's groups (a teacher: theirs), each with its modules and lessons. */
export function StudentGroups({ school, groups }: { school: string; groups: readonly StudentGroupData[] }) {
  if (groups.length === 0) return <p className="muted">{t.groupsEmpty}</p>;
  return (
    <ul className="stats-groups">
      {groups.map((group) => (
        <GroupCard key={group.group_id} school={school} group={group} />
      ))}
    </ul>
  );
}
