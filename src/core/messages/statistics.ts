// Russian UI strings: statistics (issue 13): the course summary (`courses-stats`) with its export
// and chart of students by month, the admin's onboarding checklist «Первые шаги», a student's
// statistics for their teacher (`student-stats/{student_id}`) and the school's students table.

/** Plural forms (one, few, many) of the numbers the statistics show. */
const forms = (n: number, [one, few, many]: readonly [string, string, string]) => {
  const tens = Math.abs(n) % 100;
  const units = tens % 10;
  if (tens > 10 && tens < 20) return many;
  if (units === 1) return one;
  return units > 1 && units < 5 ? few : many;
};

export const statisticsMessages = {
  noValue: '—',

  // The course summary (courses_stats/).
  coursesCaption: 'Статистика по курсам',
  course: 'Курс',
  groups: 'Группы',
  students: 'Ученики',
  activeStudents: 'Активны за 30 дней',
  averageProgress: 'Средний прогресс',
  averageMark: 'Средний балл',
  /** The admin's link from a course's row to its students table. */
  courseStudentsLabel: (course: string) => `Ученики курса «${course}»`,
  coursesEmptyTitle: 'Статистики пока нет',
  coursesEmptyText: 'Здесь появятся курсы, в которых есть группы с учениками.',
  coursesEmptyTeacher: 'Здесь появятся курсы ваших групп.',

  // Export of a table.
  downloadCsv: 'Скачать CSV',
  downloadXlsx: 'Скачать XLSX',
  downloading: 'Скачивание...',

  // The chart of students by month (user_count_by_month/).
  chartTitle: 'Новые ученики по месяцам',
  chartCourse: 'Курс',
  allCourses: 'Все курсы',
  chartSeries: 'Новые ученики',
  chartMonth: 'Месяц',
  chartCount: 'Учеников',
  chartEmpty: 'За последние 12 месяцев новых учеников не было.',
  chartLoadFailed: 'Не удалось загрузить график.',
  /** The chart's name for screen readers: "Новые ученики по месяцам: всего 42". */
  chartLabel: (total: number) => `Новые ученики по месяцам: всего ${total}`,

  // The teacher's students (the school's students table on courses-stats).
  studentsTitle: 'Ученики ваших групп',

  // The school's students table (schools/{id}/stats/): on a course's students page and the teacher's summary.
  studentsTable: {
    caption: 'Статистика учеников',
    filtersTitle: 'Фильтры',
    search: 'Поиск',
    searchHint: 'Имя, фамилия или email',
    group: 'Группа',
    anyGroup: 'Все группы',
    lastActiveFrom: 'Активность с',
    lastActiveTo: 'Активность по',
    markFrom: 'Средний балл от',
    markTo: 'Средний балл до',
    progressFrom: 'Прогресс от, %',
    progressTo: 'Прогресс до, %',
    reset: 'Сбросить фильтры',
    badMark: 'Средний балл — число от 0 до 1000.',
    badProgress: 'Прогресс — число от 0 до 100.',
    badDate: 'Укажите дату полностью.',
    range: 'Значение «до» меньше значения «от».',
    dateRange: 'Дата «по» раньше даты «с».',
    groupsLoadFailed: 'Не удалось загрузить список групп.',
    /** "Найдено учеников: 42", with the rows when a student is in several groups: "… (строк: 45)". */
    found: (students: number, rows: number) => (rows === students ? `Найдено учеников: ${students}` : `Найдено учеников: ${students} (строк: ${rows})`),
    emptyTitle: 'Учеников пока нет',
    emptyText: 'Здесь появятся ученики групп, когда их добавят.',
    emptyFilteredTitle: 'Нет учеников по этим фильтрам',
    emptyFilteredText: 'Измените фильтры или сбросьте их.',
    /** A sortable header's tooltip. */
    sortBy: (column: string) => `Сортировать по столбцу «${column}»`,

    // The columns' settings (students_table_info/).
    settings: 'Настроить столбцы',
    settingsTitle: 'Столбцы таблицы',
    settingsHint: 'Отметьте нужные столбцы и расставьте их по порядку. Выгрузка в CSV и XLSX будет такой же.',
    moveUp: (column: string) => `Поднять столбец «${column}»`,
    moveDown: (column: string) => `Опустить столбец «${column}»`,
    up: 'Выше',
    down: 'Ниже',
    save: 'Сохранить',
    saving: 'Сохранение…',
    cancel: 'Отмена',
    noneChecked: 'Отметьте хотя бы один столбец.',
    saved: 'Столбцы таблицы сохранены',
    columnsLoadFailed: 'Не удалось загрузить настройки столбцов: показаны все столбцы.',
  },
  /** A course's students page (`courses-stats/{course_id}/students`, Admin). */
  courseStudents: {
    back: 'К статистике курсов',
    title: 'Ученики курса',
    notFoundTitle: 'Курс не найден',
    notFoundText: 'Возможно, курс удалён или перемещён в корзину.',
  },

  // The admin's onboarding checklist (school_tasks/).
  tasksTitle: 'Первые шаги',
  /** "Выполнено 3 из 7 (43 %)". */
  tasksProgress: (done: number, total: number, percent: number) => `Выполнено ${done} из ${total} (${percent} %)`,
  taskDone: 'выполнено',
  taskTodo: 'не выполнено',

  // A student's statistics (student-stats/{student_id}).
  studentTitle: 'Статистика ученика',
  backToStats: 'К статистике',
  studentNotFoundTitle: 'Ученик не найден',
  studentNotFoundText: 'Возможно, ученик не учится в ваших группах.',
  email: 'Email',
  lastLogin: 'Последний вход',
  neverLoggedIn: 'Ещё не входил',
  progressTitle: 'Прогресс по курсам',
  progressLoadFailed: 'Не удалось загрузить прогресс.',
  progressEmpty: 'Ученик пока не учится ни на одном курсе.',
  progress: 'Прогресс',
  lessons: 'Уроки',
  homeworks: 'Домашние задания',
  tests: 'Тесты',
  place: 'Место в курсе',
  /** "3 из 10". */
  outOf: (done: number, all: number) => `${done} из ${all}`,
  /** "лучше, чем 75 % учеников курса". */
  betterThan: (percent: string) => `лучше, чем ${percent} учеников курса`,
  groupsTitle: 'Занятия по группам',
  groupsEmpty: 'В группах ученика пока нет занятий.',
  group: 'Группа',
  dateAdded: 'В группе с',
  lastActive: 'Последняя активность',
  noActivity: 'Нет активности',
  testsTime: 'Время на тестах',
  section: 'Модуль',
  lesson: 'Занятие',
  lessonType: 'Тип',
  status: 'Статус',
  mark: 'Оценка',
  viewedAt: 'Просмотрено',
  completedAt: 'Пройдено',
  homework: 'Домашнее задание',
  lessonStatuses: { completed: 'Пройдено', submitted: 'Отправлено', viewed: 'Просмотрено', not_started: 'Не начато' } as Readonly<Record<string, string>>,
  /** The link to a hand-in's check page: "Проверить работу: «Калькулятор»". */
  openHandIn: (lesson: string) => `Проверить работу: «${lesson}»`,
  openHandInShort: 'Проверить',
  sectionEmpty: 'В модуле нет занятий.',
  /** «Время на тестах»: "1 ч 5 мин", "12 мин", "40 с", "0 мин". */
  duration(seconds: number): string {
    const total = Math.max(0, Math.round(seconds));
    const hours = Math.floor(total / 3600);
    const minutes = Math.floor((total % 3600) / 60);
    if (hours > 0) return minutes > 0 ? `${hours} ч ${minutes} мин` : `${hours} ч`;
    if (minutes > 0) return `${minutes} мин`;
    return total > 0 ? `${total} с` : '0 мин';
  },
  /** "12 учеников". */
  studentsCount: (n: number) => `${n} ${forms(n, ['ученик', 'ученика', 'учеников'])}`,
} as const;
