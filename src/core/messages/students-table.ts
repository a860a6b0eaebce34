// Russian UI strings: the school's students table (statistics), its columns and its export.
export const studentsTableMessages = {
  columns: {
    name: 'Имя',
    email: 'Email',
    phoneNumber: 'Телефон',
    courseName: 'Курс',
    groupName: 'Группа',
    progress: 'Прогресс',
    averageMark: 'Средний балл',
    markSum: 'Сумма баллов',
    dateAdded: 'Дата добавления',
    lastActive: 'Последняя активность',
    lastLogin: 'Последний вход',
  },
  /** The server's answer to an unknown sort_by or sort_order (the original's text). */
  invalidSort: 'Ошибка в запросе',
  /** The XLSX export's sheet. */
  sheet: 'Ученики',
} as const;
