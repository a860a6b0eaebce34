import { statisticsMessages } from '#core';
import { FilterField } from '../../ui/filter-field.tsx';
import type { GroupChoice } from './students-table-api.ts';
import { MARK_MAX, PROGRESS_MAX, SEARCH_MAX, type FilterName, type StudentFilters } from './students-table-filters.ts';

const t = statisticsMessages.studentsTable;

export interface StudentsFiltersFormProps {
  filters: StudentFilters;
  /** The search as typed (it reaches the filters a moment later). */
  searchText: string;
  errors: Partial<Record<FilterName, string>>;
  /** The groups offered; null while loading or when they could not be read («Все группы» only). */
  groups: readonly GroupChoice[] | null;
  /** The table shows one course: its groups are named without it. */
  oneCourse: boolean;
  onChange: (name: FilterName, value: string) => void;
  onSearchText: (text: string) => void;
  onReset: () => void;
}

const RANGES = [
  ['last_active_min', t.lastActiveFrom, 'date'],
  ['last_active_max', t.lastActiveTo, 'date'],
  ['average_mark_min', t.markFrom, MARK_MAX],
  ['average_mark_max', t.markTo, MARK_MAX],
  ['progress_min', t.progressFrom, PROGRESS_MAX],
  ['progress_max', t.progressTo, PROGRESS_MAX],
] as const;

/** The table's filters: the search, the group, a range of the last activity's day, of the average mark and of progress; «Сбросить фильтры». */
export function StudentsFiltersForm({ filters, searchText, errors, groups, oneCourse, onChange, onSearchText, onReset }: StudentsFiltersFormProps) {
  return (
    <form className="stats-filters" aria-label={t.filtersTitle} onSubmit={(event) => event.preventDefault()}>
      <FilterField label={t.search} hint={t.searchHint}>
        {(id, describedBy) => (
          <input id={id} type="search" maxLength={SEARCH_MAX} value={searchText} aria-describedby={describedBy} onChange={(event) => onSearchText(event.target.value)} />
        )}
      </FilterField>
      <FilterField label={t.group}>
        {(id) => (
          <select id={id} value={filters.group_id} onChange={(event) => onChange('group_id', event.target.value)}>
            <option value="">{t.anyGroup}</option>
            {(groups ?? []).map((group) => (
              <option key={group.group_id} value={String(group.group_id)}>
                {oneCourse ? group.name : `${group.name} — ${group.course_name}`}
              </option>
            ))}
          </select>
        )}
      </FilterField>
      {RANGES.map(([name, label, kind]) => (
        <FilterField key={name} label={label} error={errors[name]}>
          {(id, describedBy) => (
            <input
              id={id}
              {...(kind === 'date' ? { type: 'date' } : { type: 'number', inputMode: 'decimal' as const, min: 0, max: kind, step: 'any' })}
              value={filters[name]}
              aria-invalid={errors[name] ? true : undefined}
              aria-describedby={describedBy}
              onChange={(event) => onChange(name, event.target.value)}
            />
          )}
        </FilterField>
      ))}
      <div className="stats-filters-actions">
        <button type="button" className="button small secondary" onClick={onReset}>
          {t.reset}
        </button>
      </div>
    </form>
  );
}

