/**
 * Every user-facing Russian string of CourseHub, shared by the app, the widgets and the server's
 * error bodies. Strings quoted by the specification are kept word for word.
 * Templates are functions so that callers cannot get the word order wrong.
 */
export const messages = {
  common: {
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
  },
  session: {
    refreshFailed: 'Не удалось продлить сессию: выполните вход заново.',
  },
  roles: {
    // English labels of spec §6 translated for the Russian UI.
    Administrator: 'Администратор',
    User: 'Пользователь',
    Helper: 'Помощник',
  },
  school: {
    invalidSchoolId: 'Invalid school ID',
  },
  tariffs: {
    currency: 'BYN',
    savePercent: 'Экономия 20%',
    monthly: 'Помесячно',
    yearly: 'На год',
    hit: 'ХИТ',
    currentPlan: 'Текущий тариф',
    unavailable: 'Выбор недоступен',
    unavailableHint: 'сначала отмените текущую подписку',
    connect: 'Подключить',
    unlimited: 'Без ограничений',
    tryFree: 'Попробовать бесплатно',
    consultation: 'Получить консультацию',
    bannerTitle: 'Создайте свой проект на Course Hub прямо сейчас!',
  },
  subscription: {
    noSuchPromo: 'Нет такого промокода',
    change: 'Изменить',
    goToPayment: 'Перейти к оплате',
    processing:
      'Заказ обрабатывается. Как только транзакция будет обработана и одобрена, новый тарифный план отобразится возле вашего профиля.',
    failed: 'Не удалось оформить подписку. Попробуйте ещё раз.',
    month: ['месяц', 'месяца', 'месяцев'] as const,
  },
  certificate: {
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
  },
  impersonation: {
    viewingAs: 'Вы просматриваете сайт от имени',
    nameSuffix: 'просмотр от имени',
    stop: 'Завершить просмотр',
    stopping: 'Завершение...',
  },
  filters: {
    allStatuses: 'Все статусы',
  },
  homeworkStatus: {
    accepted: 'Принято',
    autoCheck: 'Автопроверка',
    revision: 'На доработке',
    rejected: 'Отклонено',
    waiting: 'Ждет проверки',
  },
} as const;

/** "Ошибка: Ошибка при загрузке данных сертификата". */
export function errorText(message: string): string {
  return `${messages.certificate.errorPrefix}${message}`;
}
