// Russian UI strings: the school's request log, the admin's «Журнал доступа» (`access-logs`)
// and the super admin's settings tab «Журнал запросов» (`settings/logs`).

export const accessLogsMessages = {
  caption: 'Запросы к API школы',
  filtersTitle: 'Фильтры журнала',
  time: 'Время',
  user: 'Пользователь',
  userId: 'ID пользователя',
  method: 'Метод',
  anyMethod: 'Любой',
  path: 'Адрес',
  pathHint: 'Часть адреса запроса, например course-appeals',
  status: 'Код ответа',
  duration: 'Время ответа, мс',
  ip: 'IP-адрес',
  event: 'Событие',
  dateFrom: 'С даты',
  dateTo: 'По дату',
  reset: 'Сбросить фильтры',
  anonymous: 'Без входа',
  /** A request made while an admin viewed the platform as a student. */
  impersonated: (id: number) => `просмотр от имени, администратор №${id}`,
  badId: 'Введите целое положительное число.',
  badStatus: 'Код ответа — число от 100 до 599.',
  badRange: 'Конец периода раньше его начала.',
  /** The server counts a filter up to 10 000 rows. */
  capped: 'Показаны первые 10 000 записей. Сузьте период, чтобы увидеть остальные.',
  found: (n: number) => `Найдено записей: ${n}`,
  emptyTitle: 'Записей нет',
  emptyText: 'Здесь появятся запросы сотрудников и учеников школы.',
  emptyFilteredTitle: 'Ничего не найдено',
  emptyFilteredText: 'Измените или сбросьте фильтры.',
};
