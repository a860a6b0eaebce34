import { $filters, $school, $user, appMessages, clampPage, commonMessages, debounce, DEFAULT_DEBOUNCE_MS, homeworkReviewMessages, pageCount, resetFilters, routeRole, setFilter } from '#core';
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { getQueueFilterOptions, listQueue, listQueueTeachers, QUEUE_PAGE_SIZE, type QueueFilterOptions } from './homework-review-api.ts';
import { checkQueueFilters, isFiltered, QUEUE_FILTERS_KEY, readQueueFilters, type FilterName, type QueueFilters } from './queue-filters.ts';
import { QueueFiltersForm } from './queue-filters-form.tsx';
import { storedPage, storePage } from './queue-page-store.ts';
import { QueueTable } from './queue-table.tsx';

const t = homeworkReviewMessages;

/** The filters naming a course's parts: changing the course clears those not of the new one. */
function partsOf(options: QueueFilterOptions | null, filters: QueueFilters, course: string): Partial<QueueFilters> {
  if (!course || !options) return {};
  const clear: Partial<QueueFilters> = {};
  const inCourse = (items: readonly { id: number; course_id: number }[], id: string) => items.some((item) => String(item.id) === id && String(item.course_id) === course);
  if (filters.group_id && !inCourse(options.groups, filters.group_id)) clear.group_id = '';
  if (filters.homework_id && !inCourse(options.homeworks, filters.homework_id)) clear.homework_id = '';
  return clear;
}

/**
 * «Домашние задания» (spec §2 `home-work`, Admin and Teacher): the hand-ins to check, newest
 * reply first, 20 a page. The filters stay in local storage under the key 'homework' (spec §3) and
 * the current page is stored on leaving (spec §9), so coming back from a hand-in shows the same
 * list. A row opens the hand-in's check page.
 */
export default function HomeworkQueuePage() {
  const school = useStore($school).schoolName;
  const admin = routeRole(useStore($user).role) === 'Admin';
  useStore($filters);
  const filters = readQueueFilters();
  const { query, errors } = checkQueueFilters(filters, admin);
  const [page, setPage] = useState(() => storedPage(QUEUE_FILTERS_KEY));
  const [studentText, setStudentText] = useState(filters.student);

  // Spec §9: the page is stored when the list is left (a hand-in opened, another section).
  const pageNow = useRef(page);
  pageNow.current = page;
  useEffect(() => () => storePage(QUEUE_FILTERS_KEY, pageNow.current), []);

  const [typed] = useState(() =>
    debounce((text: string) => {
      setFilter(QUEUE_FILTERS_KEY, 'student', text);
      setPage(1);
    }, DEFAULT_DEBOUNCE_MS),
  );
  useEffect(() => () => typed.cancel(), [typed]);

  const options = useResource(`homework-filters|${school}`, () => getQueueFilterOptions(school));
  const teachers = useResource(admin ? `homework-teachers|${school}` : null, () => listQueueTeachers(school));
  const queryKey = JSON.stringify(query);
  const list = useResource(`homework-queue|${school}|${page}|${queryKey}`, () => listQueue(school, page, query));
  const data = list.data ?? null;
  const optionData = options.data ?? null;

  // Choices restored from storage that this school no longer offers (another school's course, a
  // group the teacher left) are dropped rather than filtering by something the selects cannot show.
  useEffect(() => {
    if (!optionData) return;
    const stale: FilterName[] = [];
    const has = (items: readonly { id: number }[], id: string) => items.some((item) => String(item.id) === id);
    if (filters.course_id && !has(optionData.courses, filters.course_id)) stale.push('course_id');
    if (filters.group_id && !has(optionData.groups, filters.group_id)) stale.push('group_id');
    if (filters.homework_id && !has(optionData.homeworks, filters.homework_id)) stale.push('homework_id');
    if (admin && teachers.data && filters.teacher_id && !has(teachers.data, filters.teacher_id)) stale.push('teacher_id');
    for (const name of stale) setFilter(QUEUE_FILTERS_KEY, name, '');
  }, [optionData, teachers.data, filters.course_id, filters.group_id, filters.homework_id, filters.teacher_id, admin]);

  // A stored page past the end (hand-ins checked since): the last page there is.
  useEffect(() => {
    if (data && data.results.length === 0 && data.count > 0) setPage(clampPage(page, pageCount(data.count, QUEUE_PAGE_SIZE)));
  }, [data, page]);

  function change(name: FilterName, value: string) {
    setFilter(QUEUE_FILTERS_KEY, name, value);
    if (name === 'course_id') for (const [part, cleared] of Object.entries(partsOf(optionData, filters, value))) setFilter(QUEUE_FILTERS_KEY, part, cleared);
    setPage(1);
  }

  function reset() {
    typed.cancel();
    resetFilters(QUEUE_FILTERS_KEY);
    setStudentText('');
    setPage(1);
  }

  const filtered = isFiltered(filters);
  return (
    <PageFrame title={appMessages.routes['home-work']} className="homework-queue-page">
      <QueueFiltersForm
        filters={filters}
        studentText={studentText}
        errors={errors}
        options={optionData}
        {...(admin ? { teachers: teachers.data ?? null } : {})}
        onChange={change}
        onStudentText={(text) => {
          setStudentText(text);
          typed(text);
        }}
        onReset={reset}
      />
      {options.error ? <p className="field-error">{t.filtersLoadFailed}</p> : null}
      {list.error ? <LoadError message={list.error.message} onRetry={list.retry} /> : null}
      {list.status === 'loading' ? <p role="status">{commonMessages.loading}</p> : null}
      {data ? (
        <>
          {data.count > 0 ? <p className="muted homework-found">{t.found(data.count)}</p> : null}
          <QueueTable
            school={school}
            rows={data.results}
            page={page}
            count={data.count}
            size={QUEUE_PAGE_SIZE}
            onPage={setPage}
            empty={
              data.count > 0 ? (
                <p role="status">{commonMessages.loading}</p>
              ) : filtered ? (
                <EmptyState
                  title={t.emptyFilteredTitle}
                  text={t.emptyFilteredText}
                  action={
                    <button type="button" className="button secondary" onClick={reset}>
                      {t.reset}
                    </button>
                  }
                />
              ) : (
                <EmptyState title={t.emptyTitle} text={t.emptyText} />
              )
            }
          />
        </>
      ) : null}
    </PageFrame>
  );
}
