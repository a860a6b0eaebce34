// Russian UI strings: «Бонусы», the school's offers to the students of some groups
// (`student-courses/bonus` for students, `courses/bonus` for teachers).

export const bonusesMessages = {
  title: 'Бонусы',
  /** The link to the page from «Мои курсы». */
  link: 'Бонусы',
  open: 'Перейти',
  /** "До 1 декабря 2026". */
  until: (date: string) => `До ${date}`,
  emptyTitle: 'Бонусов пока нет',
  emptyText: 'Здесь появятся скидки и подарки, которые школа предложит вашей группе.',
  teacherEmptyText: 'Здесь появятся бонусы, которые школа предложит ученикам ваших групп.',
  /** A teacher's card of a bonus that is switched off or over: students do not see it. */
  hidden: 'Не показывается ученикам',
};
