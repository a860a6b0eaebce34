import { statisticsMessages } from '#core';
import type { CourseProgress, KindProgress } from './student-stats-api.ts';
import { formatNumber, formatPercent } from './students-table-format.ts';

const t = statisticsMessages;

function Kind({ title, kind }: { title: string; kind: KindProgress }) {
  return (
    <div>
      <dt>{title}</dt>
      <dd>{t.outOf(kind.completed_lessons, kind.all_lessons)}</dd>
    </div>
  );
}

/** One course: the bar and percent of lessons done, each kind done of all, the average mark and the place among the course's students. */
function CourseCard({ course }: { course: CourseProgress }) {
  const percent = Math.max(0, Math.min(100, course.completed_percent));
  const done = t.outOf(course.completed_count, course.all_baselessons);
  return (
    <li className="stats-course-progress">
      <h3>{course.course_name}</h3>
      <div className="learning-progress">
        <progress max={100} value={percent} aria-label={`${t.progress}: ${course.course_name}`} aria-valuetext={`${formatPercent(percent)}, ${done}`} />
        <span className="learning-progress-figures">
          <strong>{formatPercent(percent)}</strong> <span className="muted">{done}</span>
        </span>
      </div>
      <dl className="stats-facts">
        <Kind title={t.lessons} kind={course.lessons} />
        <Kind title={t.homeworks} kind={course.homeworks} />
        <Kind title={t.tests} kind={course.tests} />
        <div>
          <dt>{t.averageMark}</dt>
          <dd>{course.average_mark === null ? t.noValue : formatNumber(course.average_mark)}</dd>
        </div>
        <div>
          <dt>{t.place}</dt>
          <dd>
            {course.rank_in_course ?? t.noValue}
            {typeof course.rank_in_course === 'number' && course.better_than_percent !== undefined ? (
              <span className="muted"> ({t.betterThan(formatPercent(course.better_than_percent))})</span>
            ) : null}
          </dd>
        </div>
      </dl>
    </li>
  );
}

/** «Прогресс по курсам»: a card per course of the student's (a teacher: of their groups). */
export function StudentProgress({ courses }: { courses: readonly CourseProgress[] }) {
  if (courses.length === 0) return <p className="muted">{t.progressEmpty}</p>;
  return (
    <ul className="stats-course-progress-list">
      {courses.map((course) => (
        <CourseCard key={course.course_id} course={course} />
      ))}
    </ul>
  );
}
