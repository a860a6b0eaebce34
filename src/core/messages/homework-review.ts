// Russian UI strings: the teacher's and the admin's homework queue (`home-work`) and a hand-in's
// check page (`home-work/{lesson_id}/{studentHomeworkId}/{courseId}`), issue 13. The statuses'
// labels are homework-status.ts'; 'Все статусы' is the filters' own (filters.ts).

export const homeworkReviewMessages = {
  // The queue's filters.
  filtersTitle: 'Фильтры',
  status: 'Статус',
  course: 'Курс',
  group: 'Группа',
  homework: 'Задание',
  teacher: 'Преподаватель',
  student: 'Ученик',
  studentHint: 'Имя, фамилия или email',
  markFrom: 'Оценка от',
  markTo: 'Оценка до',
  dateFrom: 'Последний ответ с',
  dateTo: 'Последний ответ по',
  any: 'Все',
  reset: 'Сбросить фильтры',
  badMark: 'Оценка — целое число от 0 до 1000.',
  markRange: 'Оценка «до» меньше оценки «от».',
  badDate: 'Укажите дату полностью.',
  dateRange: 'Дата «по» раньше даты «с».',
  filtersLoadFailed: 'Не удалось загрузить списки для фильтров.',

  // The queue's table.
  tableCaption: 'Домашние задания учеников',
  mark: 'Оценка',
  lastReply: 'Последний ответ',
  noGroup: 'Без группы',
  noTeacher: 'Не назначен',
  noMark: '—',
  unread: 'Новое',
  unreadLabel: 'Есть непрочитанные сообщения ученика',
  /** The row's link, read by screen readers: "Открыть работу: Анна Иванова, «Калькулятор расходов»". */
  openLabel: (student: string, homework: string) => `Открыть работу: ${student}, «${homework}»`,
  emptyTitle: 'Нет домашних заданий',
  emptyText: 'Здесь появятся работы учеников ваших групп, когда они их отправят.',
  emptyFilteredTitle: 'Нет домашних заданий по этим фильтрам',
  emptyFilteredText: 'Измените фильтры или сбросьте их.',
  /** "Найдено: 42". */
  found: (count: number) => `Найдено: ${count}`,

  // The check page.
  back: 'К списку домашних заданий',
  notFoundTitle: 'Работа не найдена',
  notFoundText: 'Возможно, работа удалена или её проверяет другой преподаватель.',
  task: 'Задание',
  taskFiles: 'Файлы задания',
  taskLoadFailed: 'Не удалось загрузить задание.',
  taskEmpty: 'Автор курса ещё не написал задание.',
  studentLabel: 'Ученик',
  courseLabel: 'Курс',
  teacherLabel: 'Проверяющий',
  reviewTitle: 'Проверка',
  comment: 'Комментарий',
  reviewStatus: 'Решение',
  chooseStatus: 'Выберите решение',
  /** What a reviewer sets, by code: the verbs of the decision (the hand-in then shows homework-status.ts' labels). */
  decisions: { revision: 'На доработку', rejected: 'Отклонить', accepted: 'Принять' },
  reviewMark: 'Оценка',
  reviewMarkHint: 'Необязательно: целое число от 0 до 1000.',
  statusRequired: 'Выберите решение.',
  commentRequired: 'Напишите ученику, что исправить.',
  send: 'Отправить проверку',
  acceptedClosed: 'Работа принята: переписка по ней закрыта.',
  autoCheckClosed: 'Работа принята автоматически: переписка по ней закрыта.',
  next: 'Следующее непроверенное',
  nextLoading: 'Поиск следующей работы…',
  noNext: 'Непроверенных работ больше нет.',

  // An admin names another checker on the check page.
  reassignLabel: 'Назначить проверяющего',
  reassign: 'Назначить',
  reassignChoose: 'Выберите преподавателя',
  reassignDone: (name: string) => `Проверяющий назначен: ${name}`,
  reassignNoTeachers: 'В школе нет других преподавателей.',
  reassignLoadFailed: 'Не удалось загрузить список преподавателей.',
} as const;
