import { appMessages, commonMessages, coursesMessages, schoolPath } from '#core';
import { Suspense, useState, type ComponentType } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { lazyPage } from '../../lazy-page.ts';
import { PageLoading } from '../../page-boundary.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { useDocumentTitle } from '../../use-document-title.ts';
import { getCourse, type Course } from './course-api.ts';
import { CourseSettingsForm } from './course-settings-form.tsx';

type TabScreen = ComponentType<{ school: string; courseId: number }>;

/**
 * The tabs with a screen of their own, each its own lazily loaded chunk (the constructor carries
 * drag and drop and the lesson editor, the page tab the landing constructor). The settings form
 * is small and lives in this chunk; a tab in neither would say it is to come.
 */
const TAB_SCREENS = new Map<string, TabScreen>([
  ['constructor', lazyPage(() => import('./course-constructor.tsx'))],
  ['banner', lazyPage(() => import('./course-banner.tsx'))],
  ['student', lazyPage(() => import('./course-students.tsx'))],
  ['page', lazyPage(() => import('./landing-editor.tsx'))],
  ['comments', lazyPage(() => import('./course-comments.tsx'))],
  ['materials', lazyPage(() => import('./course-materials.tsx'))],
  ['certificates', lazyPage(() => import('./course-certificate.tsx'))],
]);

const t = coursesMessages;
/** Spec §2's tabs of `courses/create-course/{id}/`, in the menu's order. */
export const COURSE_TABS = ['constructor', 'settings', 'banner', 'student', 'page', 'comments', 'materials', 'certificates'] as const;

/**
 * A course's editor, `courses/create-course/{id}/{tab}`: the course's name as the heading, a tab
 * bar, then the tab (TAB_SCREENS, or the settings form).
 */
export default function CourseEditorPage({ school, courseId, tab }: { school: string; courseId: number; tab: string }) {
  const course = useResource(`course-${school}-${courseId}`, () => getCourse(school, courseId));
  const [edited, setEdited] = useState<Course | null>(null);
  const current = edited?.course_id === courseId ? edited : (course.data ?? null);
  useDocumentTitle(current?.name ?? null);
  const label = t.tabs[tab] ?? tab;
  const Screen = TAB_SCREENS.get(tab);

  if (course.error) {
    return (
      <PageFrame title={course.error.status === 404 ? t.courseNotFound : appMessages.routes.courses} className="course-editor">
        <LoadError message={course.error.message} onRetry={course.retry} />
      </PageFrame>
    );
  }
  if (!current) return <p role="status">{commonMessages.loading}</p>;
  return (
    <PageFrame
      title={current.name}
      className="course-editor"
      actions={
        <a className="button small secondary" href={schoolPath(school, 'courses')}>
          {t.backToCourses}
        </a>
      }
    >
      <nav className="settings-tabs course-tabs" aria-label={t.tabsLabel}>
        <ul>
          {COURSE_TABS.map((key) => (
            <li key={key}>
              <a href={schoolPath(school, `courses/create-course/${courseId}/${key}`)} aria-current={key === tab ? 'page' : undefined}>
                {t.tabs[key]}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {Screen ? (
        <section aria-label={label}>
          <h2 className="visually-hidden">{label}</h2>
          <Suspense fallback={<PageLoading />}>
            <Screen school={school} courseId={courseId} />
          </Suspense>
        </section>
      ) : tab === 'settings' ? (
        <section aria-label={label}>
          <h2 className="visually-hidden">{label}</h2>
          <CourseSettingsForm school={school} course={current} onSaved={setEdited} />
        </section>
      ) : (
        <section className="status-page">
          <h2>{label}</h2>
          <p>{appMessages.sectionSoon}</p>
        </section>
      )}
    </PageFrame>
  );
}
