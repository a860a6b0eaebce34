import type { Db } from '../shared/db/database.ts';
import { feedbacks } from '../features/feedbacks/index.ts';

const DAY = 86_400_000;

/** The landing page's testimonials in demo mode (feedbacks/), the newest first; written N days before the seed. */
export const DEMO_FEEDBACKS = [
  {
    name: 'Екатерина',
    surname: 'Морозова',
    position: 'Основательница школы иностранных языков',
    content: 'Перенесли все курсы за выходные. Ученики сами видят свой прогресс, а я — кто отстаёт, и пишу им раньше, чем они бросят.',
    rating: 5,
    daysAgo: 3,
  },
  {
    name: 'Алексей',
    surname: 'Ковалёв',
    position: 'Преподаватель программирования',
    content: 'Проверять домашние задания стало проще: все работы в одной очереди, с фильтрами и историей переписки с учеником.',
    rating: 5,
    daysAgo: 12,
  },
  {
    name: 'Марина',
    surname: 'Лебедева',
    position: 'Руководитель онлайн-школы дизайна',
    content: 'Конструктор лендинга и каталог курсов на своём сайте — то, чего нам не хватало. Заявки приходят прямо в школу.',
    rating: 4,
    daysAgo: 27,
  },
  {
    name: 'Дмитрий',
    surname: 'Орлов',
    position: 'Методист корпоративного обучения',
    content: 'Статистика по курсам и выгрузка в Excel экономят мне полдня каждую неделю. Хотелось бы ещё больше отчётов.',
    rating: 4,
    daysAgo: 45,
  },
] as const;

export async function seedDemoFeedbacks(tx: Db, now: Date): Promise<void> {
  await tx.insert(feedbacks).values(
    DEMO_FEEDBACKS.map(({ daysAgo, ...feedback }) => {
      const at = new Date(now.getTime() - daysAgo * DAY);
      return { ...feedback, createdAt: at, updatedAt: at };
    }),
  );
}
