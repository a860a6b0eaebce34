import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { courses, lessons, schoolHeaders, schoolMembers, schools, sections, users } from '../db/schema.ts';
import { hashPassword } from '../security/passwords.ts';

export const DEMO_SCHOOL = 'Coursehub';
/** The password of the three demo accounts (also in the README). */
export const DEMO_PASSWORD = 'coursehub-demo';
export const DEMO_ACCOUNTS = [
  { email: 'admin@coursehub.ru', role: 'Admin', firstName: 'Анна', lastName: 'Администратова' },
  { email: 'teacher@coursehub.ru', role: 'Teacher', firstName: 'Пётр', lastName: 'Преподавателев' },
  { email: 'student@coursehub.ru', role: 'Student', firstName: 'Сергей', lastName: 'Студентов' },
] as const;

const DEMO_COURSES = [
  {
    name: 'Python с нуля',
    description: 'Основы программирования на Python: переменные, условия, циклы, функции и первые проекты.',
    sections: [
      { name: 'Введение', lessons: [['lesson', 'Зачем учить Python'], ['lesson', 'Установка и первый запуск'], ['test', 'Проверим основы']] },
      { name: 'Переменные и типы', lessons: [['lesson', 'Числа и строки'], ['homework', 'Калькулятор расходов']] },
    ],
  },
  {
    name: 'Веб-дизайн для начинающих',
    description: 'Композиция, цвет, типографика и прототипы в браузере.',
    sections: [
      { name: 'Основы композиции', lessons: [['lesson', 'Сетка и отступы'], ['homework', 'Макет лендинга']] },
      { name: 'Цвет и шрифт', lessons: [['lesson', 'Палитра проекта'], ['test', 'Тест по типографике']] },
    ],
  },
  {
    name: 'Английский для IT',
    description: 'Лексика и грамматика для чтения документации и общения в команде.',
    sections: [{ name: 'Документация', lessons: [['lesson', 'Читаем README'], ['lesson', 'Issue и pull request'], ['homework', 'Напишите письмо коллеге']] }],
  },
] as const;

/**
 * The demo school with its admin, teacher and student and a few courses. Runs on start when
 * SEED_DEMO is on, and only once: an existing demo school is left as it is.
 */
export async function seedDemo(ctx: AppContext): Promise<void> {
  const [existing] = await ctx.db.select({ id: schools.id }).from(schools).where(eq(schools.name, DEMO_SCHOOL));
  if (existing) return;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    const ids: Record<string, number> = {};
    for (const account of DEMO_ACCOUNTS) {
      const [user] = await tx
        .insert(users)
        .values({ email: account.email, passwordHash, emailVerified: true, firstName: account.firstName, lastName: account.lastName })
        .onConflictDoUpdate({ target: users.email, set: { passwordHash } })
        .returning({ id: users.id });
      ids[account.role] = user!.id;
    }
    const [school] = await tx
      .insert(schools)
      .values({
        name: DEMO_SCHOOL,
        title: 'CourseHub',
        ownerId: ids.Admin!,
        tariffId: 4, // Senior: the demo shows everything, without limits getting in the way
        usedTrial: true,
        trialEndDate: now,
        purchasedTariffEndDate: new Date(now.getTime() + 10 * 365 * 24 * 3600 * 1000),
        contactLink: 'https://t.me/coursehub',
        createdAt: now,
      })
      .returning({ id: schools.id });
    const schoolId = school!.id;
    await tx.insert(schoolHeaders).values({ schoolId, name: 'CourseHub', description: 'Демонстрационная школа платформы CourseHub.' });
    await tx.insert(schoolMembers).values(DEMO_ACCOUNTS.map((a) => ({ schoolId, userId: ids[a.role]!, role: a.role })));
    for (const [courseIndex, course] of DEMO_COURSES.entries()) {
      const [row] = await tx
        .insert(courses)
        .values({ schoolId, name: course.name, description: course.description, published: true, isCatalog: true, order: courseIndex + 1, durationDays: 30 })
        .returning({ id: courses.id });
      for (const [sectionIndex, section] of course.sections.entries()) {
        const [sectionRow] = await tx.insert(sections).values({ courseId: row!.id, name: section.name, order: sectionIndex + 1 }).returning({ id: sections.id });
        await tx.insert(lessons).values(section.lessons.map(([type, name], i) => ({ sectionId: sectionRow!.id, type, name, order: i + 1 })));
      }
    }
  });
}
