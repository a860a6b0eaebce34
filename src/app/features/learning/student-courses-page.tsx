import { appMessages, bonusesMessages, commonMessages, learningMessages, schoolPath } from '#core';
import { useState } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { Pager } from '../../ui/pager.tsx';
import { StudentBanner } from '../banners/index.ts';
import { CourseProgress } from './course-progress.tsx';
import { listStudentCourses, STUDENT_COURSES_PAGE_SIZE, type StudentCourse } from './learning-api.ts';

const t = learningMessages;

/** «Мои курсы» (spec §2 student route `student-courses`): the courses of the student's groups, each opening its programme. */
export default function StudentCoursesPage({ school }: { school: string }) {
  const [page, setPage] = useState(1);
  const courses = useResource(`${school}/student-courses?p=${page}`, () => listStudentCourses(school, page));
  const data = courses.data ?? null;
  return (
    <PageFrame
      title={appMessages.routes['student-courses']}
      className="student-courses-page"
      actions={
        <a className="button secondary small" href={schoolPath(school, 'student-courses/bonus')}>
          {bonusesMessages.link}
        </a>
      }
    >
      <StudentBanner school={school} />
      {courses.error ? <LoadError message={courses.error.message} onRetry={courses.retry} /> : null}
      {courses.status === 'loading' ? <p role="status">{commonMessages.loading}</p> : null}
      {data && data.results.length === 0 ? <EmptyState title={t.coursesEmptyTitle} text={t.coursesEmptyText} /> : null}
      {data && data.results.length > 0 ? (
        <ul className="course-cards student-course-cards">
          {data.results.map((course) => (
            <StudentCourseCard key={course.course_id} school={school} course={course} />
          ))}
        </ul>
      ) : null}
      {data ? <Pager page={page} count={data.count} size={STUDENT_COURSES_PAGE_SIZE} onPage={setPage} /> : null}
    </PageFrame>
  );
}

/** Where the student stands with a course: finished, access over, days left, closed; null when nothing to say. */
function courseStatus(course: StudentCourse): { text: string; kind: 'done' | 'over' | 'left' | 'closed' } | null {
  if (course.finished) return { text: t.finished, kind: 'done' };
  if (course.access_expired || course.remaining_period === 0) return { text: t.accessOver, kind: 'over' };
  if (!course.published) return { text: t.closed, kind: 'closed' };
  if (typeof course.remaining_period === 'number') return { text: t.remaining(course.remaining_period), kind: 'left' };
  return null;
}

function StudentCourseCard({ school, course }: { school: string; course: StudentCourse }) {
  const status = courseStatus(course);
  return (
    <li className="course-card student-course-card">
      {course.photo_url ? <img className="course-card-cover" src={course.photo_url} alt="" loading="lazy" /> : <div className="course-card-cover placeholder" aria-hidden="true" />}
      <h2>
        <a href={schoolPath(school, `student-course/${course.course_id}`)}>{course.name}</a>
      </h2>
      {course.progress ? <CourseProgress progress={course.progress} /> : null}
      {status ? <p className={`course-status ${status.kind}`}>{status.text}</p> : null}
    </li>
  );
}
