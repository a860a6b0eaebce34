// Russian strings of the AI assistant OVER AI (issue 15; spec §7 chatgpt/…, help-overai): the
// server's refusals and the panel of the school area.

export const aiChatMessages = {
  // The server's answers.
  notConfigured: 'ИИ-ассистент не настроен',
  notConfiguredHint: 'Администратор платформы ещё не подключил ИИ-ассистента. Попробуйте позже.',
  quotaExceeded: 'Лимит сообщений ИИ-ассистенту на этот месяц по тарифу школы исчерпан. Лимит обновится в начале следующего месяца или после перехода на тариф выше.',
  personalQuotaExceeded:
    'Ваш личный лимит сообщений ИИ-ассистенту на этот месяц исчерпан: у каждого участника школы своя доля общего лимита. Лимит обновится в начале следующего месяца.',
  locked: 'ИИ-ассистент отключён для вашей группы.',
  chatNotFound: 'Чат не найден.',
  upstreamError: 'Ошибка: нет подходящего ответа, попробуйте позже...',
  chatDeleted: 'Чат успешно удален',
  newChatTitle: 'Новый чат',
  defaultWelcome:
    'Здравствуйте! Я OVER AI — ИИ-ассистент школы. Помогу разобраться в теме урока, объясню термины и примеры кода, подскажу идеи заданий. Ответы создаются автоматически и могут содержать ошибки.',
  emptyMessage: 'Введите сообщение.',

  // The panel.
  open: 'ИИ-ассистент',
  title: 'ИИ-ассистент OVER AI',
  close: 'Закрыть ИИ-ассистента',
  chats: 'Чаты',
  newChat: 'Новый чат',
  noChats: 'Чатов пока нет. Создайте новый чат и задайте вопрос.',
  deleteChat: (title: string) => `Удалить чат «${title}»`,
  moveUp: (title: string) => `Поднять чат «${title}»`,
  messages: 'Сообщения',
  you: 'Вы',
  assistant: 'OVER AI',
  composerLabel: 'Сообщение ИИ-ассистенту',
  composerPlaceholder: 'Задайте вопрос…',
  send: 'Отправить',
  stop: 'Остановить',
  answering: 'OVER AI печатает…',
  language: 'Язык ответов',
  languages: { RU: 'Русский', ENG: 'English' } as Record<'RU' | 'ENG', string>,
  welcomeTitle: 'Добро пожаловать',
  welcomeDismiss: 'Понятно',
  loading: 'Загрузка ИИ-ассистента…',
  loadError: 'Не удалось загрузить чаты.',
  retry: 'Повторить',
  sendError: 'Не удалось отправить сообщение.',
  disclaimer: 'Ответы создаются автоматически и могут содержать ошибки. Не вводите пароли и личные данные.',
  // The admin's welcome text.
  welcomeEdit: 'Приветствие ассистента',
  welcomeSave: 'Сохранить приветствие',
  welcomeSaved: 'Приветствие сохранено.',
};
