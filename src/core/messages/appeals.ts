// Russian UI strings: «Заявки» (`school-appeals`), the catalogue's visitors' requests about a
// course, read by the school's admins.
import { plural } from '../plural.ts';

export const appealsMessages = {
  title: 'Заявки',
  caption: 'Заявки на курсы',
  date: 'Дата',
  course: 'Курс',
  name: 'Имя',
  email: 'Email',
  phone: 'Телефон',
  message: 'Сообщение',
  status: 'Статус',
  actions: 'Действия',
  /** The marker of an unread appeal in the table. */
  unread: 'Не прочитана',
  unreadLabel: 'не прочитана',
  open: 'Открыть',
  /** "Открыть заявку: Иван". */
  openLabel: (name: string) => `Открыть заявку: ${name}`,
  markRead: 'Отметить прочитанным',
  /** "Отметить прочитанным: Иван". */
  markReadLabel: (name: string) => `Отметить прочитанным: ${name}`,
  markUnread: 'Отметить непрочитанным',
  statuses: { new: 'Новая', in_progress: 'В работе', done: 'Обработана' } as Record<string, string>,
  filtersTitle: 'Фильтры заявок',
  allStatuses: 'Все статусы',
  onlyUnread: 'Только непрочитанные',
  noMessage: 'Без сообщения',
  none: '—',
  saved: 'Заявка обновлена.',
  emptyTitle: 'Заявок пока нет',
  emptyText: 'Здесь появятся заявки посетителей каталога на курсы школы.',
  emptyFilteredTitle: 'Таких заявок нет',
  emptyFilteredText: 'Измените фильтр, чтобы увидеть другие заявки.',
  /** The menu's badge: "3 непрочитанных заявки". */
  unreadCount: (n: number) => plural(n, ['непрочитанная заявка', 'непрочитанные заявки', 'непрочитанных заявок']),
};
