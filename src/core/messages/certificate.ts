// Russian UI strings: certificate. Quoted spec strings are word for word.
export const certificateMessages = {
  loading: 'Загрузка сертификата...',
  noData: 'Данные не загружены',
  errorPrefix: 'Ошибка: ',
  decryptError: 'Ошибка при расшифровке данных сертификата',
  loadError: 'Ошибка при загрузке данных сертификата',
  noName: 'Имя не указано',
  noCourse: 'Курс не найден',
  noSchool: 'Школа не найдена',
  // The spec keeps these two fallbacks in English (they are placeholders on the printed form).
  directorFallback: 'Director Name',
  teacherFallback: 'Teacher Name',
  // the certificate widget
  title: 'Сертификат',
  confirms: 'Настоящим подтверждается, что',
  completed: 'успешно прошёл(ла) курс',
  dateLabel: 'Дата выдачи',
  program: 'Программа курса',
  lessons: ['урок', 'урока', 'уроков'] as const,
  director: 'Директор',
  teacher: 'Преподаватель',
  signatureAlt: 'Подпись',
  stampAlt: 'Печать',
  print: 'Скачать PDF',
  printHint: 'Откроется окно печати: выберите «Сохранить как PDF».',
  qrAlt: 'QR-код: ссылка на этот сертификат на платформе',
  qrCaption: 'Проверка подлинности',
  // Refusals of the certificate link (reference §4.11, word for word).
  noAccess: 'У вас нет доступа к сертификату',
  lessonRequired: (name: string) => `Необходимо пройти урок ${name}.`,
  notFinished: 'Курс ещё не пройден.',
} as const;
