// Russian UI strings: the browser tab's title of each screen ('Вход — CourseHub'). The school
// area's pages are titled by their menu label (appMessages.routes); help articles and legal
// documents by their own headings.
export const pageTitles = {
  /** Joins a page's title with the product's name. */
  suffix: ' — CourseHub',
  /** The landing page and any screen without a title of its own (the HTML shell's title too). */
  fallback: 'CourseHub — онлайн-школы и курсы',
  login: 'Вход',
  signup: 'Регистрация',
  forgotPassword: 'Восстановление пароля',
  resetPassword: 'Новый пароль',
  invitation: 'Приглашение в школу',
  socialAuth: 'Вход через социальные сети',
  createSchool: 'Создание школы',
  chooseSchool: 'Выбор школы',
  catalog: 'Каталог курсов',
  course: 'Курс',
  courseNotFound: 'Курс не найден',
  certificate: 'Сертификат',
  certificatePreview: 'Образец сертификата',
  tariffs: 'Тарифы',
  webinar: 'Вебинар',
  webinarNotFound: 'Вебинар не найден',
  help: 'Центр помощи',
  helpNotFound: 'Статья не найдена',
  documentNotFound: 'Документ не найден',
  accessDenied: 'Доступ запрещён',
  technicalWorks: 'Технические работы',
  invoice: 'Счета на оплату',
  notFound: 'Страница не найдена',
} as const;
