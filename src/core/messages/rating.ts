// Russian UI strings: the student rating (`rating`, Admin and Student), issue 13. The names
// «Скрытый участник» and «Ученик без имени» come from the server, in the rows themselves.
import type { PluralForms } from '../plural.ts';

export const ratingMessages = {
  // The two rankings.
  kindLabel: 'Рейтинг',
  byLessons: 'По занятиям',
  byCourses: 'По курсам',
  /** The table's caption, read by screen readers: "Рейтинг учеников по занятиям". */
  tableCaption: (byLessons: boolean) => `Рейтинг учеников ${byLessons ? 'по пройденным занятиям' : 'по доступным курсам'}`,
  place: 'Место',
  student: 'Ученик',
  completedLessons: 'Пройдено занятий',
  availableCourses: 'Доступно курсов',
  me: 'Вы',
  meLabel: 'Это вы',
  emptyTitle: 'В рейтинге пока никого нет',
  emptyLessons: 'Ученики появятся здесь, когда пройдут первые занятия.',
  emptyCourses: 'Ученики появятся здесь, когда их добавят в группы курсов.',

  // The student's own standing.
  ownTitle: 'Ваши результаты',
  lessonsForms: ['занятие пройдено', 'занятия пройдено', 'занятий пройдено'] as PluralForms,
  coursesForms: ['курс доступен', 'курса доступно', 'курсов доступно'] as PluralForms,
  /** "2 место". */
  placeText: (place: number) => `${place} место`,
  noPlace: 'Пока без места',
  ownLoadFailed: 'Не удалось загрузить ваши результаты.',
  hideName: 'Скрыть моё имя в рейтинге',
  hideNameHint: 'Другие ученики увидят вместо него «Скрытый участник». Вы видите себя как обычно.',
  nameHidden: 'Ваше имя скрыто от других учеников.',
  nameShown: 'Ваше имя снова видно в рейтинге.',

  // The school's switch (admins) and the rating turned off.
  switchLabel: 'Рейтинг учеников включён',
  switchHint: 'Когда рейтинг выключен, ученики не видят его и свои места.',
  enabledNow: 'Рейтинг включён.',
  disabledNow: 'Рейтинг выключен.',
  disabledTitle: 'Рейтинг отключён в этой школе',
  disabledStudent: 'Администратор школы выключил рейтинг учеников.',
  disabledAdmin: 'Ученики не видят рейтинг. Включите его, чтобы они могли сравнить свои успехи.',
  settingsLoadFailed: 'Не удалось узнать, включён ли рейтинг.',
} as const;
