import { coursesMessages, formatMoney, plural, schoolPath } from '#core';
import type { ReactNode } from 'react';
import type { Course } from './course-api.ts';

const t = coursesMessages;

/**
 * A course in the list: its cover when it has one, its name (a link to its constructor when the viewer may edit it), whether
 * it is published, its lessons, students and price, its folder, and the actions given.
 */
export function CourseCard({ school, course, editable, actions }: { school: string; course: Course; editable: boolean; actions?: ReactNode }) {
  const published = course.public === 'О';
  return (
    <li className="course-card">
      {course.photo_url ? <img className="course-card-cover" src={course.photo_url} alt="" loading="lazy" /> : null}
      <h2>
        {editable ? <a href={schoolPath(school, `courses/create-course/${course.course_id}/constructor`)}>{course.name}</a> : course.name}
      </h2>
      <p className="course-meta">
        <span className={`badge ${published ? 'published' : 'draft'}`}>{published ? t.published : t.draft}</span>
        <span>{plural(course.baselessons_count, t.lessons)}</span>
        <span>{plural(course.students_count, t.students)}</span>
        <span>{formatMoney(course.price, course.currency)}</span>
      </p>
      {course.folder ? <p className="muted course-folder">{course.folder.name}</p> : null}
      {course.course_removed ? (
        <p className="muted">
          {t.removedAt} {new Date(course.course_removed).toLocaleDateString('ru-RU')}
        </p>
      ) : null}
      {actions ? <div className="course-actions">{actions}</div> : null}
    </li>
  );
}
