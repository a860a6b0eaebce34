// Russian UI strings: homework status. Quoted spec strings are word for word.
export const homeworkStatusMessages = {
  accepted: 'Принято',
  autoCheck: 'Автопроверка',
  revision: 'На доработке',
  rejected: 'Отклонено',
  waiting: 'Ждет проверки',
} as const;
