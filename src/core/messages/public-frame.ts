// Russian UI strings: the header and footer around the public pages.
export const publicFrameMessages = {
  home: 'CourseHub — на главную',
  toHome: 'На главную',
  account: 'Вход и регистрация',
  login: 'Войти',
  createSchool: 'Создать школу',
  mySchools: 'Мои школы',
  footer: 'Документы и помощь',
  help: 'Помощь',
  catalog: 'Каталог курсов',
  tariffs: 'Тарифы',
  offer: 'Публичная оферта',
  privacy: 'Политика обработки персональных данных',
  consent: 'Согласие на обработку персональных данных',
  cookies: 'Политика cookie',
  // Not the landing page's heading: a test finds the landing page by it.
  about: '© CourseHub',
} as const;
