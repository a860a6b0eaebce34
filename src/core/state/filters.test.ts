import { beforeEach, describe, expect, it } from 'vitest';
import { $filters, DEFAULT_FILTERS, getFilters, resetFilters, setFilter } from './filters.ts';

beforeEach(() => $filters.set(DEFAULT_FILTERS));

describe('filters state', () => {
  it("defaults the homework status to 'Все статусы'", () => {
    expect(getFilters('homework')).toEqual({ status: 'Все статусы' });
    expect(getFilters('users')).toEqual({});
  });

  it('sets one filter per key and resets to the defaults', () => {
    setFilter('homework', 'course', '12');
    setFilter('homework', 'status', 'Принято');
    setFilter('users', 'role', 'Student');
    expect(getFilters('homework')).toEqual({ status: 'Принято', course: '12' });
    expect(getFilters('users')).toEqual({ role: 'Student' });
    resetFilters('homework');
    resetFilters('users');
    expect($filters.get()).toEqual({ homework: { status: 'Все статусы' }, users: {} });
  });
});
