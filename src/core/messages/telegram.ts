// Russian strings of the Telegram notifications (issue 15): the bot's replies, the notices the
// server sends, and the «Telegram» section of the profile.

export const telegramMessages = {
  // The bot's replies to /start.
  linked: 'Telegram подключён: уведомления CourseHub будут приходить сюда. Отключить их можно в профиле.',
  codeInvalid: 'Код недействителен или устарел. Получите новый код в профиле CourseHub («Подключить Telegram»).',
  startHelp: 'Чтобы получать уведомления CourseHub, откройте профиль и нажмите «Подключить Telegram».',

  // The server's notices.
  newHandIn: (student: string, homework: string) => `Новая работа на проверку: ${student} — «${homework}».`,
  checked: (homework: string, status: string, mark: number | null) => `Работа «${homework}» проверена: ${status}${mark === null ? '' : `, оценка ${mark}`}.`,
  /** `start` is the date and time in the school's zone: «25.11.2026, 18:00 (GMT+3)». */
  meetingReminder: (title: string, when: string, start: string, link: string) => `Встреча «${title}» начнётся ${when} — ${start}. Подключиться: ${link}`,
  sentToGroups: 'Уведомления отправлены',
  noMessageOrGroups: 'Укажите сообщение и группу/ы',
  groupsNotInSchool: 'Не все указанные группы относятся к вашей школе',
  botNotConfigured: 'Бот Telegram не настроен на этом сервере.',

  // The profile's section.
  title: 'Telegram',
  intro: 'Уведомления о домашних заданиях, проверках, встречах и сообщениях в чатах — в Telegram.',
  connect: 'Подключить Telegram',
  disconnect: 'Отключить',
  disconnecting: 'Отключение…',
  openBot: 'Открыть бота',
  /** The code shown when the bot is not configured here (no link) or to type by hand. */
  codeHint: (code: string) => `Отправьте боту команду /start ${code}. Код действует 10 минут.`,
  waiting: 'Ожидаем подключения…',
  connected: (username: string) => (username ? `Подключён Telegram @${username}` : 'Telegram подключён'),
  notConnected: 'Telegram не подключён',
  kindsLegend: 'Присылать уведомления',
  kinds: { homework: 'Домашние задания на проверку', checks: 'Проверки моих работ', meetings: 'Встречи', chat: 'Сообщения в чатах' },
  saved: 'Сохранено',
  loading: 'Загрузка…',
} as const;
