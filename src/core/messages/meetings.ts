// Russian UI strings: «Встречи» (`meetings`), the school's meetings: the admin's list with the
// create, edit and delete dialog; the teacher's and the student's upcoming and past meetings.
import { plural } from '../plural.ts';

export const meetingsMessages = {
  title: 'Встречи',
  upcoming: 'Предстоящие встречи',
  past: 'Прошедшие встречи',
  create: 'Создать встречу',
  formCreate: 'Новая встреча',
  formEdit: 'Изменить встречу',
  edit: 'Изменить',
  delete: 'Удалить',
  /** "Изменить: Разбор домашних заданий". */
  editLabel: (title: string) => `Изменить: ${title}`,
  deleteLabel: (title: string) => `Удалить: ${title}`,
  deleteTitle: 'Удалить встречу?',
  deleteText: (title: string) => `Встреча «${title}» будет удалена, напоминания о ней не придут.`,
  deleted: 'Встреча удалена.',
  created: 'Встреча создана.',
  saved: 'Встреча сохранена.',
  join: 'Подключиться',
  /** "Подключиться: Разбор домашних заданий". */
  joinLabel: (title: string) => `Подключиться: ${title}`,
  now: 'Идёт сейчас',
  fields: {
    title: 'Название',
    startsAt: 'Дата и время начала',
    duration: 'Продолжительность, минут',
    link: 'Ссылка для подключения',
    description: 'Описание',
  },
  linkHint: 'Адрес видеовстречи, начиная с http:// или https://',
  startsAtHint: 'Время вашего часового пояса. Напоминания придут за час и за 10 минут до начала.',
  titleRequired: 'Укажите название встречи.',
  startsAtRequired: 'Укажите дату и время начала.',
  linkRequired: 'Укажите ссылку для подключения.',
  linkInvalid: 'Укажите ссылку, начинающуюся с http:// или https://.',
  durationInvalid: 'Укажите продолжительность от 1 до 1440 минут.',
  invalid: 'Проверьте поля формы.',
  save: 'Сохранить',
  saving: 'Сохранение…',
  cancel: 'Отмена',
  columns: { title: 'Встреча', startsAt: 'Начало', duration: 'Длительность', groups: 'Группы', link: 'Ссылка', actions: 'Действия' },
  caption: 'Встречи школы',
  pastCaption: 'Прошедшие встречи школы',
  /** "90 мин". */
  minutes: (n: number) => `${n} мин`,
  /** "2 группы". */
  groupsCount: (n: number) => plural(n, ['группа', 'группы', 'групп']),
  noGroups: 'Без групп',
  emptyTitle: 'Встреч пока нет',
  adminEmptyText: 'Создайте встречу и выберите группы: их ученики и преподаватели увидят её здесь и получат напоминания.',
  emptyText: 'Здесь появятся встречи ваших групп со ссылками для подключения.',
  noPast: 'Прошедших встреч нет.',
  /** The menu's badge: "2 предстоящие встречи". */
  upcomingCount: (n: number) => plural(n, ['предстоящая встреча', 'предстоящие встречи', 'предстоящих встреч']),
};
