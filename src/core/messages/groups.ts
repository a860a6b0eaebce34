// Russian UI strings: a students group's page (admin `courses/group/{id}`, teacher `group/{id}`)
// and creating a group (issue 12). The server's refusals ('Настройки группы противоречат друг
// другу', 'Нельзя преподавать либо учиться в нескольких группах одного и того же курса', …) come in
// its answers and are shown as they are.
import { plural, type PluralForms } from '../plural.ts';

const days: PluralForms = ['день', 'дня', 'дней'];
const students: PluralForms = ['ученик', 'ученика', 'учеников'];

/** The seven settings of a group, as the API names them. */
export type GroupSettingKey =
  | 'strict_task_order'
  | 'task_submission_lock'
  | 'submit_homework_to_go_on'
  | 'submit_test_to_go_on'
  | 'success_test_to_go_on'
  | 'overai_lock'
  | 'download';

export const groupsMessages = {
  // The page's head.
  notFoundTitle: 'Группа не найдена',
  notFoundText: 'Возможно, группа удалена или вы больше не ведёте её.',
  course: 'Курс',
  teacher: 'Преподаватель',
  noTeacher: 'Без преподавателя',
  studentsCountLabel: 'Учеников',
  /** "1 ученик", "3 ученика", "12 учеников". */
  studentsCount: (n: number) => plural(n, students),
  backToCourse: 'К ученикам курса',
  backToGroups: 'Мои группы',
  changeTeacher: 'Сменить преподавателя',
  teacherTitle: 'Преподаватель группы',
  teacherHint: 'В группе без преподавателя домашние задания принимаются сразу после отправки.',
  teachersLoading: 'Загрузка преподавателей...',
  noTeachers: 'В школе пока нет преподавателей: пригласите их в настройках школы.',
  teacherSaved: 'Преподаватель группы изменён.',
  deleteGroup: 'Удалить группу',
  deleteTitle: 'Удалить группу?',
  deleteText: (name: string) => `Группа «${name}» будет удалена, а её ученики потеряют доступ к курсу через неё. Их прогресс по урокам сохранится.`,
  deleteConfirm: 'Удалить',
  deleted: (name: string) => `Группа «${name}» удалена.`,

  // The settings panel.
  settingsTitle: 'Настройки группы',
  settings: {
    strict_task_order: 'Строгий порядок прохождения уроков',
    task_submission_lock: 'Запретить отправку домашних заданий',
    submit_homework_to_go_on: 'Сдать домашнее задание, чтобы идти дальше',
    submit_test_to_go_on: 'Сдать тест, чтобы идти дальше',
    success_test_to_go_on: 'Пройти тест успешно, чтобы идти дальше',
    overai_lock: 'Запретить ИИ-помощника',
    download: 'Разрешить скачивание материалов',
  } satisfies Record<GroupSettingKey, string>,
  /** Why a setting cannot be switched on now (the server's consistency rules, reference §4.7). */
  needsStrictOrder: 'Доступно только при строгом порядке прохождения уроков.',
  excludedByLock: 'Нельзя вместе с запретом отправки домашних заданий.',
  excludedByHomework: 'Нельзя вместе с условием «Сдать домашнее задание, чтобы идти дальше».',
  needsSubmitTest: 'Доступно, когда нужно сдать тест, чтобы идти дальше.',
  certificate: 'Выдавать сертификат по окончании курса',
  trainingDuration: 'Срок обучения, дней',
  trainingDurationHint: '0 — без ограничения.',
  durationInvalid: 'Укажите целое число дней от 0 до 36500.',
  on: 'Да',
  off: 'Нет',
  unlimited: 'Без ограничения',
  /** "30 дней". */
  days: (n: number) => plural(n, days),
  save: 'Сохранить',
  saveSettings: 'Сохранить настройки',
  saveAccess: 'Сохранить доступ к урокам',
  saving: 'Сохранение...',
  settingsSaved: 'Настройки группы сохранены.',

  // The students table.
  studentsTitle: 'Ученики группы',
  search: 'Поиск по имени или почте',
  name: 'Ученик',
  email: 'Почта',
  progress: 'Прогресс',
  percent: (value: number) => `${value}%`,
  daysLeft: 'Осталось',
  accessOver: 'Доступ закончился',
  added: 'Добавлен',
  lastActivity: 'Последняя активность',
  none: '—',
  actions: 'Действия',
  studentsEmpty: 'В группе пока нет учеников',
  studentsEmptyAdmin: 'Добавьте учеников по адресам почты: кто ещё не в школе, получит приглашение.',
  studentsEmptyTeacher: 'Ученики появятся здесь, когда администратор добавит их в группу.',
  studentsNotFound: 'Никого не нашлось',

  // Adding students by email.
  addStudents: 'Добавить учеников',
  emails: 'Адреса почты',
  emailsHint: 'По одному в строке или через запятую. Ученики школы попадут в группу сразу, остальные получат приглашение в школу и попадут в группу, когда примут его.',
  emailsRequired: 'Укажите хотя бы один адрес почты.',
  tooManyEmails: (max: number) => `Не больше ${max} адресов за один раз.`,
  emailInvalid: 'Это не адрес почты.',
  add: 'Добавить',
  adding: 'Добавление...',
  addResults: 'Результат',
  addedOne: 'Добавлен в группу',
  invitedOne: 'Отправлено приглашение в школу: попадёт в группу, когда примет его',
  /** "Добавлено: 3 ученика". */
  addedCount: (n: number) => `Добавлено: ${plural(n, students)}`,
  notAddedLeft: 'Адреса, которые не удалось добавить, остались в поле: исправьте их и отправьте снова.',

  // Row actions.
  remove: 'Удалить',
  removeLabel: (name: string) => `Удалить из группы: ${name}`,
  removeTitle: 'Удалить ученика из группы?',
  removeText: (name: string, group: string) => `${name} больше не будет учиться в группе «${group}». Прогресс по урокам сохранится.`,
  removed: (name: string) => `${name} удалён(а) из группы.`,
  move: 'Перевести',
  moveLabel: (name: string) => `Перевести в другую группу: ${name}`,
  moveTitle: (name: string) => `Перевести в другую группу: ${name}`,
  moveTarget: 'Новая группа курса',
  moveHint: 'Прогресс ученика сохранится.',
  moveNoGroups: 'У курса нет других групп: сначала создайте группу.',
  moved: (name: string, group: string) => `${name} переведён(а) в группу «${group}».`,
  duration: 'Срок',
  durationLabel: (name: string) => `Срок обучения: ${name}`,
  durationTitle: (name: string) => `Срок обучения: ${name}`,
  individualLimit: 'Свой срок ученика, дней',
  individualHint: (group: string) => `0 — как у группы (${group}).`,
  finalLimit: 'Действует сейчас',
  accessFrom: 'Доступ с',
  downloadForStudent: 'Разрешить ученику скачивание материалов',
  durationSaved: 'Срок обучения ученика сохранён.',
  lessons: 'Доступ',
  lessonsLabel: (name: string) => `Доступ к урокам: ${name}`,
  lessonsTitle: (name: string) => `Доступ к урокам: ${name}`,
  lessonsHint: 'Отмеченные уроки открыты ученику; изменения действуют поверх настроек группы.',
  resetToGroup: 'Сбросить к настройкам группы',
  resetTitle: 'Сбросить доступ ученика к урокам?',
  resetText: (name: string, group: string) => `Отдельные настройки уроков ученика (${name}) будут удалены: уроки откроются и закроются так же, как группе «${group}».`,
  resetDone: 'Доступ ученика к урокам теперь как у группы.',
  accessSaved: 'Доступ к урокам сохранён.',
  nothingChanged: 'Ничего не изменено.',
  noLessons: 'В курсе пока нет уроков.',
  emptyModule: 'В модуле нет уроков.',
  lessonOpen: 'открыт',
  lessonClosed: 'закрыт',
  inactive: 'не опубликован',
  completed: 'пройден',
  /** An individual opening date: the date in Russian. */
  opensAt: (date: string) => `откроется ${date}`,

  // The group's lesson access.
  groupLessonsTitle: 'Доступ группы к урокам',
  groupLessonsHint: 'Снимите отметку, чтобы закрыть урок для всей группы.',

  // Creating a group.
  create: 'Создать группу',
  createTitle: 'Новая группа',
  groupName: 'Название группы',
  nameRequired: 'Укажите название группы.',
  courseRequired: 'Выберите курс.',
  chooseCourse: 'Выберите курс',
  coursesLoading: 'Загрузка курсов...',
  createSubmit: 'Создать',
  creating: 'Создание...',
  created: (name: string) => `Группа «${name}» создана.`,
  cancel: 'Отмена',
} as const;
