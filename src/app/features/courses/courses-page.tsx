import { $user, appMessages, commonMessages, coursesMessages, debounce, DEFAULT_DEBOUNCE_MS, routeRole, schoolPath, toApiError } from '#core';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { $router } from '../../router.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { Pager } from '../../ui/pager.tsx';
import { showToast } from '../../ui/toasts.tsx';
import { SchoolTasksCard } from '../statistics/index.ts';
import { listCourses, listFolders, removeCourse, restoreCourse, type Course, type CourseQuery } from './course-api.ts';
import { CourseCard } from './course-card.tsx';
import { CreateCourseModal } from './create-course-modal.tsx';
import { FolderBar } from './folder-bar.tsx';

const t = coursesMessages;

/**
 * `courses`: the admin's courses (spec §2) with search, folders, creation and the recycle bin; a
 * teacher sees the courses of their groups, read only.
 */
export default function CoursesPage({ school }: { school: string }) {
  const id = useId();
  const admin = routeRole(useStore($user).role) === 'Admin';
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [folder, setFolder] = useState<CourseQuery['folder']>('all');
  const [bin, setBin] = useState(false);
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  const [creating, setCreating] = useState(false);
  const [removing, setRemoving] = useState<Course | null>(null);
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const [typed] = useState(() =>
    debounce((text: string) => {
      setQuery(text);
      setPage(1);
    }, DEFAULT_DEBOUNCE_MS),
  );
  useEffect(() => () => typed.cancel(), [typed]);

  const courses = useResource(`${school}|${query}|${folder}|${bin}|${page}|${version}`, () => listCourses(school, { page, search: query, folder, bin }));
  const folders = useResource(admin ? `${school}|folders|${version}` : null, () => listFolders(school));
  const reloadAll = () => setVersion((n) => n + 1);
  const data = courses.data ?? null;

  async function moveToBin() {
    if (!removing) return;
    setBusy(true);
    try {
      await removeCourse(school, removing.course_id);
      setRemoving(null);
      showToast(t.movedToBin);
      reloadAll();
    } catch (cause) {
      setActionError(toApiError(cause).message);
    } finally {
      setBusy(false);
    }
  }

  async function restore(course: Course) {
    try {
      await restoreCourse(school, course.course_id);
      showToast(t.restored);
      reloadAll();
    } catch (cause) {
      showToast(toApiError(cause).message, 'error');
    }
  }

  const filtered = query.trim() !== '' || folder !== 'all';
  const empty = bin ? (
    <EmptyState title={t.emptyBin} text={t.binLead} />
  ) : filtered ? (
    <EmptyState title={t.emptySearch} text={t.emptySearchText} />
  ) : admin ? (
    <EmptyState
      title={t.emptyTitle}
      text={t.emptyText}
      action={
        <button type="button" className="button primary" onClick={() => setCreating(true)}>
          {t.create}
        </button>
      }
    />
  ) : (
    <EmptyState title={t.emptyTitle} text={t.emptyTeacher} />
  );

  return (
    <PageFrame
      title={bin ? t.bin : appMessages.routes.courses}
      className="courses-page"
      actions={
        admin ? (
          <>
            {bin ? null : (
              <button type="button" className="button primary" onClick={() => setCreating(true)}>
                {t.create}
              </button>
            )}
            <button
              type="button"
              className="button secondary"
              aria-pressed={bin}
              onClick={() => {
                setBin(!bin);
                setPage(1);
              }}
            >
              {bin ? t.backToCourses : t.bin}
            </button>
          </>
        ) : null
      }
    >
      {admin && !bin ? <SchoolTasksCard school={school} course={data?.results[0]?.course_id} /> : null}
      {bin ? <p className="muted">{t.binLead}</p> : null}
      <div className="courses-filters">
        <div className="field">
          <label htmlFor={`${id}-search`}>{t.search}</label>
          <input
            id={`${id}-search`}
            type="search"
            value={search}
            maxLength={100}
            onChange={(event) => {
              setSearch(event.target.value);
              typed(event.target.value);
            }}
          />
        </div>
        {admin && !bin ? (
          <FolderBar
            school={school}
            folders={folders.data ?? []}
            value={folder}
            onChange={(value) => {
              setFolder(value);
              setPage(1);
            }}
            onFoldersChanged={reloadAll}
            manage
          />
        ) : null}
      </div>
      {courses.error ? <LoadError message={courses.error.message} onRetry={courses.retry} /> : null}
      {courses.status === 'loading' ? <p role="status">{commonMessages.loading}</p> : null}
      {data && data.results.length === 0 ? empty : null}
      {data && data.results.length > 0 ? (
        <ul className="course-cards">
          {data.results.map((course) => (
            <CourseCard
              key={course.course_id}
              school={school}
              course={course}
              editable={admin && !bin}
              actions={
                !admin ? null : bin ? (
                  <button type="button" className="button small primary" onClick={() => void restore(course)}>
                    {t.restore}
                  </button>
                ) : (
                  <button
                    type="button"
                    className="button small secondary"
                    aria-label={`${t.toBin}: ${course.name}`}
                    onClick={() => {
                      setActionError(null);
                      setRemoving(course);
                    }}
                  >
                    {t.toBin}
                  </button>
                )
              }
            />
          ))}
        </ul>
      ) : null}
      {data ? <Pager page={page} count={data.count} onPage={setPage} /> : null}
      {creating ? (
        <CreateCourseModal
          school={school}
          onClose={() => setCreating(false)}
          onCreated={(course) => {
            setCreating(false);
            $router.open(schoolPath(school, `courses/create-course/${course.course_id}/constructor`));
          }}
        />
      ) : null}
      {removing ? (
        <ConfirmDialog
          title={t.toBinTitle}
          message={t.toBinText(removing.name)}
          error={actionError}
          confirmLabel={t.toBin}
          danger
          busy={busy}
          onConfirm={() => void moveToBin()}
          onCancel={() => setRemoving(null)}
        />
      ) : null}
    </PageFrame>
  );
}
