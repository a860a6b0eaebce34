import { $school, INITIAL_SCHOOL, resetUser, Role, selectSchool, setRole, signIn } from '#core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi, type Answer } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import CourseStudentsStatsPage from './course-students-stats-page.tsx';
import type { StudentsTableProps } from './students-table.tsx';

// The table has its own tests; here it only shows which course it was fixed to.
vi.mock('./students-table.tsx', () => ({ StudentsTable: ({ courseId }: StudentsTableProps) => <p data-testid="students-table">{`course ${courseId}`}</p> }));

const stub = (course: Answer) => stubApi({ 'GET Alpha/courses/4/': course });
const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

beforeEach(() => {
  resetUser();
  $school.set(INITIAL_SCHOOL);
  signIn({ access: 'a', refresh: 'r', userId: 1, email: 'admin@alpha.ru' });
  selectSchool({ schoolName: 'Alpha', contactLink: '', schoolId: 1, headerId: null });
  setRole(Role.Admin);
});

describe('CourseStudentsStatsPage', () => {
  it("names the course, leads back to «Статистика» and shows the students table fixed to the course", async () => {
    stub(() => json({ course_id: 4, name: 'Python с нуля' }));
    render(<CourseStudentsStatsPage school="Alpha" courseId={4} />);
    // The table does not wait for the name.
    expect(screen.getByTestId('students-table').textContent).toBe('course 4');
    expect(await heading('Python с нуля')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'К статистике курсов' }).getAttribute('href')).toBe('/school/Alpha/courses-stats');
    await waitFor(() => expect(document.title).toBe('Python с нуля — CourseHub'));
  });

  it('says when the course does not exist, without a table', async () => {
    stub(() => json({ code: 'NOT_FOUND', message: 'Курс не найден.' }, 404));
    render(<CourseStudentsStatsPage school="Alpha" courseId={4} />);
    expect(await heading('Курс не найден')).toBeTruthy();
    expect(screen.queryByTestId('students-table')).toBeNull();
    expect(screen.getByRole('link', { name: 'К статистике курсов' })).toBeTruthy();
  });

  it('takes a malformed course id for a missing course, asking nothing', () => {
    const { sent } = stub(() => json({}));
    render(<CourseStudentsStatsPage school="Alpha" courseId={Number.NaN} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Курс не найден' })).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('shows a failure to read the name with a retry, the table still there', async () => {
    let fail = true;
    stub(() => (fail ? json({ code: 'FORBIDDEN', message: 'Недостаточно прав.' }, 403) : json({ course_id: 4, name: 'Python с нуля' })));
    render(<CourseStudentsStatsPage school="Alpha" courseId={4} />);
    expect(await screen.findByText('Недостаточно прав.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Ученики курса' })).toBeTruthy();
    expect(screen.getByTestId('students-table')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await heading('Python с нуля')).toBeTruthy();
  });
});
