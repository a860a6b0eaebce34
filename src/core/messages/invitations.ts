/** Invitations to a school: the emailed link's page and the choose-school screen. */
export const invitationMessages = {
  heading: 'Приглашение в школу',
  title: (school: string) => `Приглашение в школу «${school}»`,
  role: 'Роль',
  email: 'Адрес',
  setPasswordHint: 'У этого адреса ещё нет учётной записи на CourseHub: задайте пароль, и вы сразу войдёте в школу.',
  accept: 'Принять приглашение',
  accepting: 'Принимаем…',
  decline: 'Отклонить',
  declining: 'Отклоняем…',
  accepted: (school: string) => `Теперь вы в школе «${school}».`,
  signInToStart: 'Войдите под своей учётной записью, чтобы начать.',
  declined: 'Приглашение отклонено. Школа не получит доступа к вашей учётной записи.',
  toLogin: 'Войти',
  toSchool: 'Перейти в школу',
  section: 'Приглашения',
  acceptShort: 'Принять',
} as const;
