import { debounce, DEFAULT_DEBOUNCE_MS, pageCount, catalogMessages } from '#core';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { getPublic, resolveApiBase } from '../shared/public-client.ts';
import { ErrorState, Loading } from '../shared/status-views.tsx';
import { useResource } from '../shared/use-resource.ts';
import type { WidgetHostProps } from '../shared/widget-types.ts';
import { CatalogPagination } from './catalog-pagination.tsx';
import { catalogPageSize, courseDuration, coursePrice, platformUrl, type CatalogCourse } from './catalog-data.ts';
import { CoursePreview } from './course-preview.tsx';

const text = catalogMessages;

// Ids that tie labels to inputs in the shadow root. Not useId: under Preact it repeats ids
// between components of one widget.
let seq = 0;
const useUniqueId = (prefix: string) => useState(() => `${prefix}-${++seq}`)[0];

export interface CourseCatalogProps extends WidgetHostProps {
  /** Only this school's courses (its URL name); all schools when absent. */
  school?: string | undefined;
  /** Courses per page, 1–12 (default 12). */
  pageSize?: number | undefined;
  /** Initial search text. */
  search?: string | undefined;
  /** Open with this course's preview (the app's /course-catalog/{courseId}/; not an attribute). */
  courseId?: number | undefined;
  /** Told which course's preview is open, null for the list (the app titles its page by it; not an attribute). */
  onPreview?: ((courseId: number | null) => void) | undefined;
}

function CourseCard({ course, apiBase, onSelect }: { course: CatalogCourse; apiBase: string; onSelect: (course: CatalogCourse) => void }) {
  const titleId = useUniqueId('ch-course');
  const duration = courseDuration(course.duration_days);
  return (
    <li className="card" part="card">
      {course.photo_url ? (
        <img className="card-photo" src={platformUrl(apiBase, course.photo_url)} alt={text.photoAlt(course.name)} loading="lazy" />
      ) : (
        <div className="card-photo card-photo-empty" aria-hidden="true" />
      )}
      <div className="card-body">
        <h3 id={titleId} className="card-title" part="card-title">
          {course.name}
        </h3>
        {course.school_title ? <p className="card-school">{course.school_title}</p> : null}
        {course.description ? <p className="card-description">{course.description}</p> : null}
        <p className="card-meta">
          <span className="price" part="price">
            {coursePrice(course)}
          </span>
          {duration ? <span className="card-duration">{duration}</span> : null}
        </p>
        <button
          type="button"
          className="ch-button card-button"
          part="button"
          data-course-id={course.course_id}
          aria-describedby={titleId}
          onClick={() => onSelect(course)}
        >
          {text.more}
        </button>
      </div>
    </li>
  );
}

/**
 * The public course catalogue: search (debounced), course cards, spec §9's pagination window and,
 * on a card's button, the course preview with the appeal form. The list keeps its page and search
 * while the preview is open.
 */
export function CourseCatalog(props: CourseCatalogProps) {
  const { school, search, emit } = props;
  const apiBase = resolveApiBase(props.apiBase);
  const pageSize = catalogPageSize(props.pageSize);
  const searchId = useUniqueId('ch-search');
  const rootRef = useRef<HTMLDivElement>(null);

  const [input, setInput] = useState(search ?? '');
  const [query, setQuery] = useState((search ?? '').trim());
  // The page belongs to one list (school, size, search): another list starts at page 1.
  const listId = `${school ?? ''}|${pageSize}|${query}`;
  const [pageState, setPageState] = useState({ listId, page: 1 });
  const page = pageState.listId === listId ? pageState.page : 1;
  const setPage = (next: number) => setPageState({ listId, page: next });

  const [selected, setSelected] = useState<number | null>(props.courseId ?? null);
  const [returnTo, setReturnTo] = useState<number | null>(null);
  const { onPreview } = props;
  useEffect(() => onPreview?.(selected), [selected, onPreview]);

  const applyQuery = useMemo(() => debounce((value: string) => setQuery(value.trim()), DEFAULT_DEBOUNCE_MS), []);
  useEffect(() => () => applyQuery.cancel(), [applyQuery]);

  // The search attribute set or changed after mount replaces the text at once (removed: cleared).
  const firstSearch = useRef(true);
  useEffect(() => {
    if (firstSearch.current) {
      firstSearch.current = false;
      return;
    }
    applyQuery.cancel();
    setInput(search ?? '');
    setQuery((search ?? '').trim());
  }, [search, applyQuery]);

  const key = `list|${apiBase}|${listId}|${page}`;
  const list = useResource(key, () =>
    getPublic<'GET course_catalog/'>(apiBase, 'course_catalog/', { p: page, s: pageSize, query: query || undefined, school: school || undefined }),
  );

  // Pager of the list being loaded, so the page buttons stay put (and keep the focus) between pages.
  const lastCount = useRef<{ listId: string; count: number } | null>(null);
  if (list.status === 'ready') lastCount.current = { listId, count: list.data.count };
  const count = lastCount.current?.listId === listId ? lastCount.current.count : null;

  const { status, data, error } = list;
  useEffect(() => {
    if (status === 'ready' && data) {
      emit?.('ch-ready', { count: data.count });
      // A page past the end (the list shrank meanwhile): go to the last one.
      const last = pageCount(data.count, pageSize);
      if (data.results.length === 0 && page > last) setPage(last);
    } else if (status === 'error' && error) {
      emit?.('ch-error', { code: error.code, message: error.message, status: error.status });
    }
    // Once per load: the key and the status say when; data, error, emit and page are read at that moment.
  }, [key, status]);

  // Back from the preview: the keyboard returns to the card's button.
  useEffect(() => {
    if (selected !== null || returnTo === null || status !== 'ready') return;
    rootRef.current?.querySelector<HTMLButtonElement>(`[data-course-id="${returnTo}"]`)?.focus();
    setReturnTo(null);
  }, [selected, returnTo, status]);

  const select = (course: CatalogCourse) => {
    emit?.('ch-course-select', { courseId: course.course_id, name: course.name, school: course.school });
    setSelected(course.course_id);
  };

  if (selected !== null) {
    return (
      <div className="catalog" ref={rootRef}>
        <CoursePreview
          apiBase={apiBase}
          courseId={selected}
          emit={emit}
          onBack={() => {
            setReturnTo(selected);
            setSelected(null);
          }}
        />
      </div>
    );
  }

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    applyQuery.cancel();
    setQuery(input.trim());
  };

  let content;
  if (list.status === 'error') {
    content = <ErrorState message={list.error.message} onRetry={list.retry} />;
  } else if (list.status !== 'ready') {
    content = <Loading text={text.loading} />;
  } else if (list.data.results.length === 0) {
    content = (
      <p className="ch-status catalog-empty" role="status">
        {query ? text.emptyFor(query) : text.empty}
      </p>
    );
  } else {
    content = (
      <>
        <p className="ch-visually-hidden" role="status">
          {text.found(list.data.count)}
        </p>
        <ul className="grid" part="grid">
          {list.data.results.map((course) => (
            <CourseCard key={course.course_id} course={course} apiBase={apiBase} onSelect={select} />
          ))}
        </ul>
      </>
    );
  }

  return (
    <div className="catalog" ref={rootRef}>
      <form className="search" role="search" onSubmit={submitSearch}>
        <label htmlFor={searchId} className="ch-visually-hidden">
          {text.searchLabel}
        </label>
        <input
          id={searchId}
          className="search-input"
          part="search"
          type="search"
          placeholder={text.searchPlaceholder}
          autoComplete="off"
          value={input}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setInput(value);
            applyQuery(value);
          }}
        />
      </form>
      {content}
      {count !== null && list.status !== 'error' ? <CatalogPagination page={page} count={count} pageSize={pageSize} onPage={setPage} /> : null}
    </div>
  );
}
