// Russian UI strings: landing. Quoted spec strings are word for word.
export const landingMessages = {
  // the course landing widget
  loading: 'Загрузка курса...',
  noCourse: 'Курс не указан',
  notFound: 'Курс не найден',
  contact: 'Связаться с нами',
  price: 'Стоимость',
  lesson: ['урок', 'урока', 'уроков'] as const,
  day: ['день', 'дня', 'дней'] as const,
  programEmpty: 'Программа курса скоро появится',
} as const;
