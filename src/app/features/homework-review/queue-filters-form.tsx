import { filtersMessages, HOMEWORK_STATUS_CODES, homeworkReviewMessages, homeworkStatusLabel } from '#core';
import { FilterField } from '../../ui/filter-field.tsx';
import type { QueueFilterOptions, QueueTeacher } from './homework-review-api.ts';
import { MARK_MAX, STUDENT_TEXT_MAX, type FilterName, type QueueFilters } from './queue-filters.ts';

const t = homeworkReviewMessages;

export interface QueueFiltersFormProps {
  filters: QueueFilters;
  /** The student's text as typed (it reaches the filters a moment later). */
  studentText: string;
  errors: Partial<Record<FilterName, string>>;
  /** Null while loading or when the lists could not be read (the selects then offer «Все» only). */
  options: QueueFilterOptions | null;
  /** The school's teachers: an admin's filter only (undefined hides it). */
  teachers?: QueueTeacher[] | null;
  onChange: (name: FilterName, value: string) => void;
  onStudentText: (text: string) => void;
  onReset: () => void;
}

/**
 * The queue's filters: status ('Все статусы' or one), course, group and homework (the last two of
 * the chosen course), the teacher for an admin, the student's name or email, a mark range and a
 * range of the last reply's day; «Сбросить фильтры».
 */
export function QueueFiltersForm({ filters, studentText, errors, options, teachers, onChange, onStudentText, onReset }: QueueFiltersFormProps) {
  const course = filters.course_id;
  const ofCourse = <T extends { course_id: number }>(items: readonly T[]) => (course ? items.filter((item) => String(item.course_id) === course) : items);
  return (
    <form className="homework-filters" aria-label={t.filtersTitle} onSubmit={(event) => event.preventDefault()}>
      <FilterField label={t.status}>
        {(id) => (
          <select id={id} value={filters.status} onChange={(event) => onChange('status', event.target.value)}>
            <option value={filtersMessages.allStatuses}>{filtersMessages.allStatuses}</option>
            {HOMEWORK_STATUS_CODES.map((code) => (
              <option key={code} value={code}>
                {homeworkStatusLabel(code)}
              </option>
            ))}
          </select>
        )}
      </FilterField>
      <Choice label={t.course} name="course_id" value={course} items={options?.courses ?? []} onChange={onChange} />
      <Choice label={t.group} name="group_id" value={filters.group_id} items={ofCourse(options?.groups ?? [])} onChange={onChange} />
      <Choice label={t.homework} name="homework_id" value={filters.homework_id} items={ofCourse(options?.homeworks ?? [])} onChange={onChange} />
      {teachers !== undefined ? (
        <Choice label={t.teacher} name="teacher_id" value={filters.teacher_id} items={(teachers ?? []).map((teacher) => ({ id: teacher.id, name: teacher.name || teacher.email }))} onChange={onChange} />
      ) : null}
      <FilterField label={t.student} hint={t.studentHint}>
        {(id, describedBy) => (
          <input id={id} type="search" maxLength={STUDENT_TEXT_MAX} value={studentText} aria-describedby={describedBy} onChange={(event) => onStudentText(event.target.value)} />
        )}
      </FilterField>
      {(['start_mark', 'end_mark'] as const).map((name) => (
        <FilterField key={name} label={name === 'start_mark' ? t.markFrom : t.markTo} error={errors[name]}>
          {(id, describedBy) => (
            <input
              id={id}
              type="number"
              inputMode="numeric"
              min={0}
              max={MARK_MAX}
              step={1}
              value={filters[name]}
              aria-invalid={errors[name] ? true : undefined}
              aria-describedby={describedBy}
              onChange={(event) => onChange(name, event.target.value)}
            />
          )}
        </FilterField>
      ))}
      {(['start_date', 'end_date'] as const).map((name) => (
        <FilterField key={name} label={name === 'start_date' ? t.dateFrom : t.dateTo} error={errors[name]}>
          {(id, describedBy) => (
            <input
              id={id}
              type="date"
              value={filters[name]}
              aria-invalid={errors[name] ? true : undefined}
              aria-describedby={describedBy}
              onChange={(event) => onChange(name, event.target.value)}
            />
          )}
        </FilterField>
      ))}
      <div className="homework-filters-actions">
        <button type="button" className="button small secondary" onClick={onReset}>
          {t.reset}
        </button>
      </div>
    </form>
  );
}

function Choice({ label, name, value, items, onChange }: { label: string; name: FilterName; value: string; items: readonly { id: number; name: string }[]; onChange: (name: FilterName, value: string) => void }) {
  return (
    <FilterField label={label}>
      {(id) => (
        <select id={id} value={value} onChange={(event) => onChange(name, event.target.value)}>
          <option value="">{t.any}</option>
          {items.map((item) => (
            <option key={item.id} value={String(item.id)}>
              {item.name}
            </option>
          ))}
        </select>
      )}
    </FilterField>
  );
}
