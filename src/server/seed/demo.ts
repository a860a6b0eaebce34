import { eq, inArray } from 'drizzle-orm';
import { ConfigError } from '../config.ts';
import type { AppContext } from '../context.ts';
import { autowebinars, type ChatScriptLine } from '../features/webinars/index.ts';
import { schoolBonusGroups, schoolBonuses } from '../features/bonuses/index.ts';
import { courseLandings } from '../features/catalog/index.ts';
import { courses, lessons, sections } from '../features/courses/index.ts';
import { promoCodes } from '../features/tariffs/index.ts';
import { schoolHeaders } from '../features/schools/index.ts';
import { schoolMembers, schools, users } from '../shared/db/core-tables.ts';
import { studentsGroupHistory, studentsGroupMembers, studentsGroups } from '../features/groups/index.ts';
import { lessonProgress } from '../features/learning/index.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_SCHOOL } from '../shared/demo-accounts.ts';
import { seedDemoAiChat } from './demo-ai-chat.ts';
import { seedDemoBanners } from './demo-banners.ts';
import { seedDemoBoxes } from './demo-boxes.ts';
import { seedDemoChats } from './demo-chats.ts';
import { seedDemoCourseContent } from './demo-course-content.ts';
import { seedDemoFeedbacks } from './demo-feedbacks.ts';
import { seedDemoHomework } from './demo-homework.ts';
import { seedDemoMeetings } from './demo-meetings.ts';
import { seedDemoNewsletters } from './demo-newsletters.ts';
import { seedDemoRating } from './demo-rating.ts';
import { seedDemoSales } from './demo-sales.ts';
import { seedDemoSchoolPromo } from './demo-school-promo.ts';
import { seedDemoSchoolSettings } from './demo-school-settings.ts';
import { seedDemoTelegram } from './demo-telegram.ts';
import { hashPassword, verifyPassword } from '../shared/security/passwords.ts';

/** Promo codes to try in the subscription modal (README): 20 % off, and 100.00 BYN off. */
export const DEMO_PROMO_CODES = [
  { code: 'DEMO20', kind: 'percent', value: 20 },
  { code: 'MINUS100', kind: 'fixed', value: 10_000 },
] as const;

const DEMO_COURSES = [
  {
    name: 'Python с нуля',
    price: 490000, // minor units: 4900.00
    durationDays: 60,
    // Descriptions as the course form's rich-text editor writes them (sanitised HTML).
    description: '<p>Основы программирования на <strong>Python</strong>: переменные, условия, циклы, функции и первые проекты.</p>',
    sections: [
      { name: 'Введение', lessons: [['lesson', 'Зачем учить Python'], ['lesson', 'Установка и первый запуск'], ['test', 'Проверим основы']] },
      { name: 'Переменные и типы', lessons: [['lesson', 'Числа и строки'], ['homework', 'Калькулятор расходов']] },
    ],
  },
  {
    name: 'Веб-дизайн для начинающих',
    price: 290000,
    durationDays: 30,
    description: '<p>Композиция, цвет, типографика и прототипы в браузере.</p>',
    sections: [
      { name: 'Основы композиции', lessons: [['lesson', 'Сетка и отступы'], ['homework', 'Макет лендинга']] },
      { name: 'Цвет и шрифт', lessons: [['lesson', 'Палитра проекта'], ['test', 'Тест по типографике']] },
    ],
  },
  {
    name: 'Английский для IT',
    price: 0,
    durationDays: 45,
    description: '<p>Лексика и грамматика для чтения документации и общения в команде.</p>',
    sections: [{ name: 'Документация', lessons: [['lesson', 'Читаем README'], ['lesson', 'Issue и pull request'], ['homework', 'Напишите письмо коллеге']] }],
  },
] as const;

const DEMO_CHAT: ChatScriptLine[] = [
  { username: 'Анна Администратова', role: 'moderator', message: 'Добрый день! Вебинар начался, пишите вопросы в чат.', timeshift_ms: 5_000 },
  { username: 'Ольга', role: 'participant', message: 'Здравствуйте! Слышно и видно хорошо.', timeshift_ms: 15_000 },
  { username: 'Игорь', role: 'participant', message: 'Всем привет из Минска!', timeshift_ms: 25_000 },
  { username: 'Мария', role: 'participant', message: 'Подойдёт ли курс, если я никогда не программировала?', timeshift_ms: 40_000 },
  { username: 'Анна Администратова', role: 'moderator', message: 'Мария, да: курс начинается с самых основ.', timeshift_ms: 55_000 },
  { username: 'Дмитрий', role: 'participant', message: 'Сколько времени в неделю нужно на занятия?', timeshift_ms: 70_000 },
  { username: 'Анна Администратова', role: 'moderator', message: 'В среднем 5–7 часов, но темп вы выбираете сами.', timeshift_ms: 90_000 },
  { username: 'Ольга', role: 'participant', message: 'Спасибо, очень понятно объясняете!', timeshift_ms: 110_000 },
];

/** The first demo course's customised landing blocks (the rest stay the defaults). */
function demoLanding(courseUrl: string) {
  return {
    header: {
      description: 'Освойте Python за 60 дней: от первой строки кода до собственного проекта в портфолио.',
      contact_link: '',
    },
    audience: {
      title: 'Кому подойдёт курс',
      description: 'Курс рассчитан на тех, кто никогда не программировал, и на тех, кто хочет навести порядок в знаниях.',
      chips: [
        { title: 'Школьникам и студентам', description: 'Подготовитесь к олимпиадам и учебным проектам.', photo: '' },
        { title: 'Аналитикам', description: 'Автоматизируете отчёты и рутинные расчёты.', photo: '' },
        { title: 'Тем, кто меняет профессию', description: 'Получите основу для старта в разработке.', photo: '' },
      ],
    },
    why_python: { visible: true },
    faq: {
      title: 'Вопросы о курсе',
      items: [
        { question: 'Нужен ли мощный компьютер?', answer: 'Нет, подойдёт любой ноутбук, на котором работает браузер.' },
        { question: 'Будет ли сертификат?', answer: 'Да, после прохождения всех уроков вы получите именной сертификат.' },
      ],
    },
    linkButton: { name: 'Записаться на курс', link: courseUrl },
  };
}

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
    const ids = new Map<string, number>();
    for (const account of DEMO_ACCOUNTS) {
      const [user] = await tx
        .insert(users)
        .values({ email: account.email, passwordHash, emailVerified: true, firstName: account.firstName, lastName: account.lastName })
        .onConflictDoUpdate({ target: users.email, set: { passwordHash } })
        .returning({ id: users.id });
      ids.set(account.email, user!.id);
    }
    const owner = DEMO_ACCOUNTS.find((account) => 'owner' in account)!;
    const [school] = await tx
      .insert(schools)
      .values({
        name: DEMO_SCHOOL,
        title: 'CourseHub',
        ownerId: ids.get(owner.email)!,
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
    await tx.insert(schoolMembers).values(DEMO_ACCOUNTS.map((a) => ({ schoolId, userId: ids.get(a.email)!, role: a.role })));
    const courseIds: number[] = [];
    const lessonIds = new Map<string, number>();
    for (const [courseIndex, course] of DEMO_COURSES.entries()) {
      const [row] = await tx
        .insert(courses)
        .values({ schoolId, name: course.name, description: course.description, published: true, isCatalog: true, order: courseIndex + 1, durationDays: course.durationDays, price: course.price })
        .returning({ id: courses.id });
      courseIds.push(row!.id);
      if (courseIndex === 0) await tx.insert(courseLandings).values({ courseId: row!.id, blocks: demoLanding(`${ctx.config.publicUrl}/course-catalog/${row!.id}/`) });
      for (const [sectionIndex, section] of course.sections.entries()) {
        const [sectionRow] = await tx.insert(sections).values({ courseId: row!.id, name: section.name, order: sectionIndex + 1 }).returning({ id: sections.id });
        const rows = await tx
          .insert(lessons)
          .values(section.lessons.map(([type, name], i) => ({ sectionId: sectionRow!.id, type, name, order: i + 1 })))
          .returning({ id: lessons.id, name: lessons.name });
        for (const row of rows) lessonIds.set(row.name, row.id);
      }
    }
    await seedDemoCourseContent(tx, ctx.config.publicUrl, lessonIds);
    // The teacher's group on the first course (strict order, homework handed in to go on, a
    // certificate, 90 days of access), and a group without teacher on the second course (homework
    // accepted at once), the demo student in both.
    const teacher = DEMO_ACCOUNTS.find((account) => account.role === 'Teacher')!;
    const studentId = ids.get(DEMO_ACCOUNTS.find((account) => account.role === 'Student')!.email)!;
    const groups = await tx
      .insert(studentsGroups)
      .values([
        {
          schoolId,
          courseId: courseIds[0]!,
          teacherId: ids.get(teacher.email)!,
          name: 'Python с нуля — поток 1',
          strictTaskOrder: true,
          submitHomeworkToGoOn: true,
          certificate: true,
          trainingDuration: 90,
          createdAt: now,
          updatedAt: now,
        },
        { schoolId, courseId: courseIds[1]!, teacherId: null, type: 'WITHOUT_TEACHER', name: 'Веб-дизайн — самостоятельно', createdAt: now, updatedAt: now },
      ])
      .returning({ id: studentsGroups.id, courseId: studentsGroups.courseId });
    await tx.insert(studentsGroupMembers).values(groups.map((group) => ({ groupId: group.id, userId: studentId, courseId: group.courseId, accessFrom: now, createdAt: now })));
    await tx.insert(studentsGroupHistory).values(groups.map((group) => ({ groupId: group.id, userId: studentId, addedAt: now })));
    // An active bonus for the teacher's group, shown on the student's «Бонусы» for half a year.
    const [bonus] = await tx
      .insert(schoolBonuses)
      .values({ schoolId, text: 'Скидка 20 % на второй курс школы', link: 'https://coursehub.ru/', active: true, expireDate: new Date(now.getTime() + 180 * 24 * 3_600_000), createdAt: now, updatedAt: now })
      .returning({ id: schoolBonuses.id });
    await tx.insert(schoolBonusGroups).values({ bonusId: bonus!.id, groupId: groups[0]!.id });
    // A banner above the student's courses and an invites programme on «Бонусы», for both groups.
    await seedDemoBanners(tx, { schoolId, groupIds: groups.map((group) => group.id), now });
    // The teacher's review queue: hand-ins of a second group of theirs, in every status.
    const english = ['Читаем README', 'Issue и pull request', 'Напишите письмо коллеге'].map((name) => lessonIds.get(name)!);
    await seedDemoHomework(tx, { schoolId, courseId: courseIds[2]!, lessonIds: english, homeworkId: english[2]!, teacherId: ids.get(teacher.email)!, now });
    // The rating: the demo student among those classmates, one of whom hid their name.
    await seedDemoRating(tx, { schoolId, now });
    // The newsletter's templates, with the letters the students have had already.
    await seedDemoNewsletters(tx, { schoolId, now });
    // The school's own promo code COURSE10 and its default invoice details (settings, «Промокоды»).
    await seedDemoSchoolPromo(tx, { schoolId, now });
    // Its colours and legal details (settings «Оформление», «Паспорт»).
    await seedDemoSchoolSettings(tx, { schoolId, now });
    // A sandbox payment method: its priced catalogue courses can be bought (settings «Способы оплаты»).
    await seedDemoSales(tx, { schoolId, now });
    // A box with two prizes, and two unopened boxes for the demo student («Бонусы»).
    await seedDemoBoxes(tx, { schoolId, studentId, now });
    // The student's and the teacher's Telegram linked to made-up chats: their notices go to the outbox page.
    await seedDemoTelegram(tx, { schoolId, studentId, teacherId: ids.get(teacher.email)!, now });
    // The teacher's personal chat with the student and their groups' chats («Чат»).
    await seedDemoChats(tx, { schoolId, teacherId: ids.get(teacher.email)!, studentId, groupIds: groups.map((group) => group.id), now });
    // The AI assistant's greeting and a chat of the teacher's («ИИ-ассистент»; answers need AI_BASE_URL).
    await seedDemoAiChat(tx, { schoolId, adminId: ids.get('admin@coursehub.ru')!, teacherId: ids.get(teacher.email)!, now });
    // Two upcoming meetings and a past one for the teacher's group of the demo student («Встречи»).
    await seedDemoMeetings(tx, { schoolId, groupId: groups[0]!.id, adminId: ids.get(owner.email)!, now });
    // Part-way through both courses: the first lesson of each read.
    await tx.insert(lessonProgress).values(
      [
        { lesson: 'Зачем учить Python', courseId: courseIds[0]! },
        { lesson: 'Сетка и отступы', courseId: courseIds[1]! },
      ].map(({ lesson, courseId }) => ({ userId: studentId, lessonId: lessonIds.get(lesson)!, courseId, viewedAt: now, completedAt: now })),
    );
    // 'demo-live' plays its two-minute video every two minutes, so it is live whenever the demo is
    // opened; 'demo-soon' shows the countdown. The video is a local file: the demo works offline.
    const hour = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
    await tx.insert(autowebinars).values([
      {
        schoolId,
        slug: 'demo-live',
        title: 'Как начать программировать на Python',
        description: 'Бесплатный вебинар: с чего начать, какие задачи решает Python и как построить план обучения.',
        videoType: 'upload',
        videoUrl: '/demo/webinar.webm',
        startsAt: hour,
        repeatMinutes: 2,
        durationMinutes: 2,
        hasChat: true,
        chatEnabled: true,
        chatScript: DEMO_CHAT,
        createdAt: now,
      },
      {
        schoolId,
        slug: 'demo-soon',
        title: 'Профессия веб-дизайнер: первые шаги',
        description: 'Разберём, из чего состоит работа дизайнера, и соберём первый макет вместе со зрителями.',
        videoType: 'upload',
        videoUrl: '/demo/webinar.webm',
        startsAt: new Date(now.getTime() + 30 * 24 * 3_600_000),
        repeatMinutes: null,
        durationMinutes: 60,
        hasChat: true,
        chatEnabled: true,
        chatScript: DEMO_CHAT.slice(0, 3),
        createdAt: now,
      },
    ]);
    // The landing page's testimonials (platform-wide, like the promo codes).
    await seedDemoFeedbacks(tx, now);
    // Platform-wide codes; one of the same name that someone already added is left as it is.
    await tx.insert(promoCodes).values(DEMO_PROMO_CODES.map((p) => ({ ...p, currency: 'BYN', createdAt: now }))).onConflictDoNothing();
  });
}

/**
 * Refuses to serve other machines while a demo account still has the published demo password:
 * anyone who read the README could sign in as the school's admin.
 */
export async function assertNoDemoPassword(ctx: AppContext): Promise<void> {
  const rows = await ctx.db.select({ email: users.email, passwordHash: users.passwordHash }).from(users).where(inArray(users.email, DEMO_ACCOUNTS.map((a) => a.email))).orderBy(users.id);
  for (const row of rows) {
    if (await verifyPassword(row.passwordHash, DEMO_PASSWORD)) {
      throw new ConfigError(
        `The demo account ${row.email} still has the published demo password, so the server will not start where others can reach it (HOST=${ctx.config.host}, PUBLIC_URL=${ctx.config.publicUrl}). ` +
          'Change the demo accounts\' passwords (or remove them), or run it on a developer\'s machine only (HOST=127.0.0.1, no PUBLIC_URL, TRUST_PROXY or NODE_ENV=production).',
      );
    }
  }
}
