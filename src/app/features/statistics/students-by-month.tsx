import { commonMessages, statisticsMessages } from '#core';
import { Suspense, useId, useMemo, useState, type ComponentType } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { lazyPage } from '../../lazy-page.ts';
import { LoadError } from '../../ui/load-error.tsx';
import { listStudentsByMonth, type MonthCount } from './courses-stats-api.ts';
import type { StudentsChartProps } from './students-chart.tsx';

const t = statisticsMessages;

// uPlot comes with the chart's own chunk, after the page has shown (the page's budget leaves it out).
const StudentsChart = lazyPage<StudentsChartProps>(async (): Promise<{ default: ComponentType<StudentsChartProps> }> => import('./students-chart.tsx'));

const monthName = new Intl.DateTimeFormat('ru-RU', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const monthShort = new Intl.DateTimeFormat('ru-RU', { month: 'short', timeZone: 'UTC' });

/** 'YYYY-MM' as a date (the first of the month, UTC); null when it is not one. */
function monthDate(month: string): Date | null {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The chart's and the table's words for each month: "март 2026 г." and "март". */
export function monthLabels(months: readonly MonthCount[]) {
  return {
    names: months.map(({ month }) => {
      const date = monthDate(month);
      return date ? monthName.format(date) : month;
    }),
    labels: months.map(({ month }) => {
      const date = monthDate(month);
      return date ? monthShort.format(date) : month;
    }),
    counts: months.map(({ count }) => count),
  };
}

export interface StudentsByMonthProps {
  school: string;
  /** The courses the chart may be narrowed to (the summary's). */
  courses: readonly { course_id: number; course_name: string }[];
}

/**
 * «Новые ученики по месяцам»: the students who joined in each of the last 12 months, for all the
 * caller's courses or one. The bars are drawn by the chart's chunk; the same figures are in a
 * table that screen readers read (the canvas says nothing to them).
 */
export function StudentsByMonth({ school, courses }: StudentsByMonthProps) {
  const id = useId();
  const [course, setCourse] = useState('');
  const courseId = course ? Number(course) : null;
  const months = useResource(`students-by-month|${school}|${course}`, () => listStudentsByMonth(school, courseId));
  const data = months.data ?? null;
  const chart = useMemo(() => (data ? monthLabels(data) : null), [data]);
  const total = chart ? chart.counts.reduce((sum, count) => sum + count, 0) : 0;

  return (
    <section className="stats-chart-section" aria-labelledby={`${id}-title`}>
      <div className="stats-chart-head">
        <h2 id={`${id}-title`}>{t.chartTitle}</h2>
        {courses.length > 0 ? (
          <div className="field">
            <label htmlFor={`${id}-course`}>{t.chartCourse}</label>
            <select id={`${id}-course`} value={course} onChange={(event) => setCourse(event.target.value)}>
              <option value="">{t.allCourses}</option>
              {courses.map((item) => (
                <option key={item.course_id} value={String(item.course_id)}>
                  {item.course_name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </div>
      {months.error ? <LoadError message={`${t.chartLoadFailed} ${months.error.message}`} onRetry={months.retry} /> : null}
      {months.status === 'loading' ? <p role="status">{commonMessages.loading}</p> : null}
      {chart && total === 0 ? <p className="muted">{t.chartEmpty}</p> : null}
      {chart && total > 0 ? (
        <figure className="stats-chart-figure">
          <Suspense fallback={<p role="status">{commonMessages.loading}</p>}>
            <StudentsChart labels={chart.labels} names={chart.names} counts={chart.counts} />
          </Suspense>
          <table className="visually-hidden">
            <caption>{t.chartLabel(total)}</caption>
            <thead>
              <tr>
                <th scope="col">{t.chartMonth}</th>
                <th scope="col">{t.chartCount}</th>
              </tr>
            </thead>
            <tbody>
              {chart.names.map((name, index) => (
                <tr key={name}>
                  <th scope="row">{name}</th>
                  <td>{chart.counts[index]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </figure>
      ) : null}
    </section>
  );
}
