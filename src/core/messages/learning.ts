// Russian UI strings: the student's courses, a course's programme and a lesson's page (issue 12).
// The server's lock and refusal messages ('Необходимо пройти предыдущие уроки.', 'Срок доступа к
// курсу истек.') come in its answers and are shown as they are.
import { plural, pluralForm, type PluralForms } from '../plural.ts';

const days: PluralForms = ['день', 'дня', 'дней'];
const left: PluralForms = ['Остался', 'Осталось', 'Осталось'];
const minutes: PluralForms = ['минута', 'минуты', 'минут'];

export const learningMessages = {
  // «Мои курсы»: `student-courses`.
  coursesEmptyTitle: 'У вас пока нет курсов',
  coursesEmptyText: 'Курс появится здесь, когда школа добавит вас в группу.',
  progress: 'Прогресс',
  /** "3 из 10" lessons done. */
  progressOf: (completed: number, total: number) => `${completed} из ${total}`,
  percent: (value: number) => `${value}%`,
  /** "Осталось 5 дней", "Остался 1 день", "Осталось 3 дня". */
  remaining: (n: number) => `${pluralForm(n, left)} ${plural(n, days)}`,
  accessOver: 'Доступ закончился',
  finished: 'Курс пройден',
  closed: 'Курс временно закрыт',

  // A course's programme: `student-course/{id}`.
  lessonTypes: { lesson: 'Урок', test: 'Тест', homework: 'Домашнее задание', webinar: 'Вебинар' },
  lessonType: 'Тип',
  viewed: 'Просмотрено',
  completed: 'Пройдено',
  sended: 'Отправлено',
  locked: 'Закрыто',
  /** NOT_YET_OPEN: the date in Russian, "5 марта 2026 г. в 10:00". */
  opensAt: (date: string) => `Урок откроется ${date}`,
  emptyModule: 'В модуле пока нет уроков.',
  emptyCourse: 'В курсе пока нет уроков.',
  certificate: 'Получить сертификат',
  certificateLoading: 'Получение...',
  certificateReady: 'Сертификат готов.',
  backToCourses: 'Мои курсы',
  /** 403 COURSE_CLOSED / ACCESS_EXPIRED: the page's heading; the server's reason below it. */
  unavailableTitle: 'Курс недоступен',
  courseClosed: 'Доступ к курсу временно заблокирован. Обратитесь к администратору',
  accessExpired: 'Срок доступа к курсу истек.',
  notFoundTitle: 'Курс не найден',
  notFoundText: 'Возможно, ссылка устарела или курс больше вам не доступен.',

  // A lesson's page: `student-course/{id}/module/{section}/{type}/{lesson}`.
  backToCourse: 'К программе курса',
  previous: 'Предыдущий урок',
  next: 'Следующий урок',
  lessonNavigation: 'Уроки курса',
  lessonLockedTitle: 'Урок пока закрыт',
  lessonNotFoundTitle: 'Урок не найден',
  lessonNotFoundText: 'Возможно, урок удалён или закрыт для вас.',
  files: 'Файлы урока',
  audio: 'Аудио урока',
  // A homework's page: its task above the hand-in form.
  homeworkTask: 'Задание',
  taskFiles: 'Файлы задания',
  taskAudio: 'Аудио задания',
  startsAt: 'Начало',
  duration: (n: number) => plural(n, minutes),
  durationLabel: 'Длительность',
  stream: 'Перейти к трансляции',
  autowebinar: 'Страница автовебинара',
  noStream: 'Ссылка на трансляцию появится ближе к началу.',
} as const;
