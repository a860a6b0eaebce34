/** Invitations to a school: the emailed link's page and the choose-school screen. */
export const invitationMessages = {
  title: (school: string) => `Приглашение в школу «${school}»`,
  role: 'Роль',
  email: 'Адрес',
  loading: 'Проверяем приглашение…',
  setPasswordHint: 'У этого адреса ещё нет учётной записи на CourseHub: задайте пароль, и вы сразу войдёте в школу.',
  accept: 'Принять приглашение',
  accepting: 'Принимаем…',
  decline: 'Отклонить',
  declining: 'Отклоняем…',
  accepted: (school: string) => `Вы в школе «${school}». Войдите под своей учётной записью, чтобы начать.`,
  declined: 'Приглашение отклонено. Школа не получит доступа к вашей учётной записи.',
  toLogin: 'Войти',
  toSchool: 'Перейти в школу',
  section: 'Приглашения',
  acceptShort: 'Принять',
} as const;
