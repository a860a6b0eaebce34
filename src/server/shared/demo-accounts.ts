// The demo school and its people: seeded by seed/demo.ts, opened by the certificate preview and by tests.
export const DEMO_SCHOOL = 'Coursehub';
/** The password of the demo accounts (also in the README). */
export const DEMO_PASSWORD = 'coursehub-demo';
/** The demo school's people; its owner is an admin too, and the spec's super admin (role 5). */
export const DEMO_ACCOUNTS = [
  { email: 'owner@coursehub.ru', role: 'Admin', owner: true, firstName: 'Ольга', lastName: 'Основателева' },
  { email: 'admin@coursehub.ru', role: 'Admin', firstName: 'Анна', lastName: 'Администратова' },
  { email: 'teacher@coursehub.ru', role: 'Teacher', firstName: 'Пётр', lastName: 'Преподавателев' },
  { email: 'student@coursehub.ru', role: 'Student', firstName: 'Сергей', lastName: 'Студентов' },
] as const;
