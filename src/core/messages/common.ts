// Russian UI strings: common. Quoted spec strings are word for word.
export const commonMessages = {
  loading: 'Загрузка...',
  retry: 'Повторить',
  close: 'Закрыть',
  networkError: 'Нет связи с сервером. Проверьте подключение к интернету и попробуйте ещё раз.',
  serverError: 'Что-то пошло не так на сервере. Попробуйте ещё раз через минуту.',
  unexpectedError: 'Произошла непредвиденная ошибка. Попробуйте ещё раз.',
  notFound: 'Страница не найдена',
  accessDenied: 'Доступ запрещён',
  technicalWorks: 'На платформе идут технические работы. Пожалуйста, зайдите позже.',
  free: 'бесплатно',
  skipToContent: 'Перейти к содержимому',
} as const;
