import { sql } from 'drizzle-orm';
import { schoolMembers } from '../shared/db/core-tables.ts';
import type { Db } from '../shared/db/database.ts';
import { newsletterTemplates, sentNewsletters } from '../features/newsletters/index.ts';

/** The demo school's newsletter (settings, «Email-рассылка»): two templates sent, one draft. */
export const DEMO_NEWSLETTERS = [
  {
    templateName: 'Добро пожаловать в CourseHub!',
    text:
      '<h2>Рады видеть вас в школе</h2><p>Ваши курсы уже открыты в разделе <strong>«Мои курсы»</strong>. Начните с первого урока — он займёт не больше 15 минут.</p>' +
      '<ul><li>Уроки открываются по порядку</li><li>Домашние задания проверяет преподаватель</li><li>За пройденный курс вы получите сертификат</li></ul>' +
      '<p>Вопросы? Напишите нам: <a href="https://t.me/coursehub">t.me/coursehub</a>.</p>',
    delayDays: 0,
    isPublic: true,
  },
  {
    templateName: 'Неделя учёбы: как успехи?',
    text: '<p>Прошла неделя с начала занятий. Загляните в <strong>«Рейтинг»</strong>, чтобы увидеть свой прогресс, и не откладывайте домашние задания.</p>',
    delayDays: 7,
    isPublic: true,
  },
  {
    templateName: 'Летняя скидка (черновик)',
    text: '<p>Только до конца месяца — скидка 20 % на любой второй курс школы.</p>',
    delayDays: 30,
    isPublic: false,
  },
] as const;

/**
 * The templates, and the letters the school's students have had already (as if the newsletter had
 * been running): the job finds nothing due at the demo's start, so the outbox shows only what the
 * visitor causes — a student joining, or a template the admin makes public.
 */
export async function seedDemoNewsletters(tx: Db, demo: { schoolId: number; now: Date }): Promise<void> {
  await tx.insert(newsletterTemplates).values(DEMO_NEWSLETTERS.map((template) => ({ ...template, schoolId: demo.schoolId, createdAt: demo.now, updatedAt: demo.now })));
  const t = newsletterTemplates;
  // The memberships took the database's clock (now()), which a test's frozen clock may lag behind.
  const m = schoolMembers;
  await tx.execute(sql`
    insert into ${sentNewsletters} (template_id, user_id, sent_at)
    select ${t.id}, ${m.userId}, ${demo.now.toISOString()}::timestamptz
    from ${t} join ${m} on ${m.schoolId} = ${t.schoolId} and ${m.role} = 'Student'
    where ${t.schoolId} = ${demo.schoolId} and ${t.isPublic} and ${m.createdAt} <= greatest(${demo.now.toISOString()}::timestamptz, now()) - make_interval(days => ${t.delayDays})
    on conflict do nothing`);
}
