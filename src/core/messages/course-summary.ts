// Russian UI strings: the course summary of the statistics (courses_stats/) and its export.
export const courseSummaryMessages = {
  columns: {
    courseName: 'Курс',
    groups: 'Группы',
    students: 'Ученики',
    activeStudents: 'Активные ученики (30 дней)',
    averageProgress: 'Средний прогресс, %',
    averageMark: 'Средний балл',
  },
  /** The XLSX export's sheet. */
  sheet: 'Курсы',
} as const;
