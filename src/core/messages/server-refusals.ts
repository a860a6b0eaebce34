// The server's refusals that the help quotes (help-pages.ts): one text, used by the server when it
// refuses and by the help when it explains the refusal, so the two never differ.
export const serverRefusalsMessages = {
  staffLimit: 'Превышено количество сотрудников для выбранного тарифа.',
  studentLimit: 'Превышено количество новых учеников в месяц для выбранного тарифа.',
  /** Followed by the other role's details: « (email=…);Role». */
  otherRole: 'Пользователь уже имеет другую роль в этой школе',
  groupNeedsTeacher: 'Группу нельзя оставить без преподавателя',
  groupSettingsConflict: 'Настройки группы противоречат друг другу',
  domainInvalid: 'Введите домен, например learn.example.com.',
  domainNotAllowed: 'Этот домен нельзя подключить: он принадлежит платформе или не является адресом сайта.',
  domainTaken: 'Домен уже используется другой школой',
} as const;
