import {
  $filters,
  $school,
  $user,
  clampPage,
  commonMessages,
  debounce,
  DEFAULT_DEBOUNCE_MS,
  isStudentsTableColumn,
  pageCount,
  routeRole,
  schoolPath,
  setFilter,
  statisticsMessages,
  STUDENTS_TABLE_COLUMNS,
  studentsTableColumnTitle,
  type StudentsTableColumn,
} from '#core';
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useResource } from '../../../views/shared/use-resource.ts';
import { DataTable, type DataColumn } from '../../ui/data-table.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { LoadError } from '../../ui/load-error.tsx';
import { showToast } from '../../ui/toasts.tsx';
import { ColumnSettingsDialog } from './column-settings-dialog.tsx';
import { ExportButtons } from './export-buttons.tsx';
import { StudentsFiltersForm } from './students-filters-form.tsx';
import {
  exportStudentRows,
  getTableSettings,
  listGroupChoices,
  listStudentRows,
  STUDENTS_PAGE_SIZE,
  type SortKey,
  type StudentRow,
  type StudentRowsPage,
  type TableColumn,
  type TableSettings,
} from './students-table-api.ts';
import { checkStudentFilters, COLUMN_SORT, currentSort, FILTER_NAMES, isFiltered, nextSort, readStudentFilters, studentsFiltersKey, type FilterName } from './students-table-filters.ts';
import { formatDay, formatDayTime, formatNumber, formatPercent, localDay } from './students-table-format.ts';

const t = statisticsMessages.studentsTable;

/** Every column checked, in the default order: the table's layout until (or unless) the caller's is read. */
const DEFAULT_COLUMNS: readonly TableColumn[] = STUDENTS_TABLE_COLUMNS.map((id, i) => ({ id, name: studentsTableColumnTitle(id), order: i + 1, checked: true }));

/** The caller's layout as the table uses it: known columns only, in their order. */
const ordered = (settings: TableSettings) => settings.columns.filter((column) => isStudentsTableColumn(column.id)).sort((a, b) => a.order - b.order);

/** "Имя Фамилия" as the export writes it, else the email. */
export const studentName = (row: Pick<StudentRow, 'first_name' | 'last_name' | 'email'>) => [row.first_name, row.last_name].filter(Boolean).join(' ') || row.email;

const none = <span className="muted">{statisticsMessages.noValue}</span>;
const when = (iso: string | null, format: (iso: string) => string) => (iso ? <time dateTime={iso}>{format(iso)}</time> : none);

/** A cell of each column but the name's (which may be a link). */
const CELLS: Record<Exclude<StudentsTableColumn, 'name'>, (row: StudentRow) => ReactNode> = {
  email: (row) => row.email,
  phone_number: (row) => row.phone_number || none,
  course_name: (row) => row.course_name,
  group_name: (row) => row.group_name,
  progress: (row) => formatPercent(row.progress),
  average_mark: (row) => (row.average_mark === null ? none : formatNumber(row.average_mark)),
  mark_sum: (row) => formatNumber(row.mark_sum),
  date_added: (row) => when(row.date_added, formatDay),
  last_active: (row) => when(row.last_active, formatDayTime),
  last_login: (row) => when(row.last_login, formatDayTime),
};

export interface StudentsTableProps {
  /** Only this course's students (a course's page); the school's (a teacher's: their groups') otherwise. */
  courseId?: number;
}

/**
 * The school's students table (schools/{id}/stats/): a row per student and group with their
 * progress, marks and activity, 20 a page. Its filters and order stay in local storage per table
 * (spec §3: filters per key); a header sorts on the server; the caller's columns and their order
 * come from students_table_info/ and are changed in «Настроить столбцы»; «Скачать CSV» / «Скачать
 * XLSX» export every matching row with those columns. A teacher opens a student's statistics from
 * their name.
 */
export function StudentsTable({ courseId }: StudentsTableProps) {
  const { schoolName: school, schoolId } = useStore($school);
  const teacher = routeRole(useStore($user).role) === 'Teacher';
  useStore($filters);
  const key = studentsFiltersKey(courseId);
  const filters = readStudentFilters(key);
  const { query, errors } = checkStudentFilters(filters, courseId);
  const sort = currentSort(filters);
  const [page, setPage] = useState(1);
  const [searchText, setSearchText] = useState(filters.search_value);
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState<TableSettings | null>(null);

  const keyNow = useRef(key);
  keyNow.current = key;
  const [typed] = useState(() =>
    debounce((text: string) => {
      setFilter(keyNow.current, 'search_value', text);
      setPage(1);
    }, DEFAULT_DEBOUNCE_MS),
  );
  useEffect(() => () => typed.cancel(), [typed]);

  const settings = useResource(`students-table-info|${school}`, () => getTableSettings(school));
  const groups = useResource(`students-table-groups|${school}`, () => listGroupChoices(school));
  const queryKey = JSON.stringify(query);
  const list = useResource(schoolId === null ? null : `students-table|${schoolId}|${page}|${queryKey}`, () => listStudentRows(schoolId!, page, query));

  // While the next page or order loads, the rows shown stay (marked busy) rather than blinking away.
  const last = useRef<StudentRowsPage | null>(null);
  if (list.data) last.current = list.data;
  const data = list.data ?? (list.status === 'loading' ? last.current : null);

  const groupChoices = useMemo(() => (groups.data ? groups.data.filter((group) => courseId === undefined || group.course_id === courseId) : null), [groups.data, courseId]);

  // A group restored from storage that is no longer offered (the teacher left it) is dropped rather
  // than filtering by something the select cannot show.
  useEffect(() => {
    if (groupChoices && filters.group_id && !groupChoices.some((group) => String(group.group_id) === filters.group_id)) setFilter(key, 'group_id', '');
  }, [groupChoices, filters.group_id, key]);

  // A page past the end (students removed since): the last page there is.
  useEffect(() => {
    if (list.data && list.data.results.length === 0 && list.data.count > 0) setPage(clampPage(page, pageCount(list.data.count, STUDENTS_PAGE_SIZE)));
  }, [list.data, page]);

  function change(name: FilterName, value: string) {
    setFilter(key, name, value);
    setPage(1);
  }

  function sortBy(by: SortKey) {
    const next = nextSort(filters, by);
    setFilter(key, 'sort_by', next.by);
    setFilter(key, 'sort_order', next.order);
    setPage(1);
  }

  function reset() {
    typed.cancel();
    // The order stays: it is how the table reads, not what it shows.
    for (const name of FILTER_NAMES) setFilter(key, name, '');
    setSearchText('');
    setPage(1);
  }

  const layout = saved ?? settings.data ?? (settings.error ? { columns: [...DEFAULT_COLUMNS] } : null);
  const allColumns = layout ? ordered(layout) : null;

  function header(id: StudentsTableColumn): ReactNode {
    const title = studentsTableColumnTitle(id);
    const by = COLUMN_SORT[id];
    if (!by) return title;
    const arrow = sort.by === by ? (sort.order === 'asc' ? '▲' : '▼') : '';
    return (
      <button type="button" className="stats-sort" title={t.sortBy(title)} onClick={() => sortBy(by)}>
        {title}
        <span aria-hidden="true" className="stats-sort-arrow">
          {arrow}
        </span>
      </button>
    );
  }

  const columns: DataColumn<StudentRow>[] = (allColumns ?? [])
    .filter((column) => column.checked)
    .map(({ id }) => {
      const by = COLUMN_SORT[id];
      const ariaSort = by && sort.by === by ? (sort.order === 'asc' ? ('ascending' as const) : ('descending' as const)) : undefined;
      const base = { key: id, header: header(id), className: `stats-col-${id}`, ...(ariaSort ? { sort: ariaSort } : {}) };
      if (id !== 'name') return { ...base, render: CELLS[id] };
      return {
        ...base,
        rowHeader: true,
        render: (row: StudentRow) => (teacher ? <a href={schoolPath(school, `student-stats/${row.student_id}`)}>{studentName(row)}</a> : studentName(row)),
      };
    });

  const filtered = isFiltered(filters);
  const empty =
    data && data.count > 0 ? (
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
    );

  return (
    <div className="stats-students">
      <div className="stats-toolbar">
        <button type="button" className="button small secondary" disabled={!allColumns} onClick={() => setEditing(true)}>
          {t.settings}
        </button>
        {schoolId !== null ? <ExportButtons load={(format) => exportStudentRows(schoolId, format, query)} fileName={(format) => `students-${localDay()}.${format}`} /> : null}
      </div>
      <StudentsFiltersForm
        filters={filters}
        searchText={searchText}
        errors={errors}
        groups={groupChoices}
        oneCourse={courseId !== undefined}
        onChange={change}
        onSearchText={(text) => {
          setSearchText(text);
          typed(text);
        }}
        onReset={reset}
      />
      {groups.error ? <p className="field-error">{t.groupsLoadFailed}</p> : null}
      {settings.error && !saved ? <p className="muted">{t.columnsLoadFailed}</p> : null}
      {schoolId === null ? <p role="alert">{commonMessages.unexpectedError}</p> : null}
      {list.error ? <LoadError message={list.error.message} onRetry={list.retry} /> : null}
      {list.status === 'loading' || !allColumns ? <p role="status">{commonMessages.loading}</p> : null}
      {data && allColumns ? (
        <div className="stats-students-table" aria-busy={list.status === 'loading'}>
          {data.count > 0 ? <p className="muted stats-found">{t.found(data.unique_students_count, data.count)}</p> : null}
          <DataTable
            caption={t.caption}
            captionHidden
            columns={columns}
            rows={data.results}
            rowKey={(row) => `${row.student_id}-${row.group_id}`}
            empty={empty}
            page={page}
            count={data.count}
            size={STUDENTS_PAGE_SIZE}
            onPage={setPage}
          />
        </div>
      ) : null}
      {editing && allColumns ? (
        <ColumnSettingsDialog
          school={school}
          columns={allColumns}
          onClose={() => setEditing(false)}
          onSaved={(next) => {
            setSaved(next);
            setEditing(false);
            showToast(t.saved);
          }}
        />
      ) : null}
    </div>
  );
}
