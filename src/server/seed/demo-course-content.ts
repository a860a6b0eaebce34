import type { Db } from '../shared/db/database.ts';
import { applyHomeworkOptions, applyTestOptions, blockContent, homeworkSettings, lessonBlocks, lessons, testSettings } from '../features/courses/index.ts';
import { eq } from 'drizzle-orm';
import { seedDemoQuestions } from './demo-questions.ts';

type Block =
  | { type: 'description'; description: string }
  | { type: 'code'; code: string; language: string }
  | { type: 'formula'; formula: string }
  | { type: 'video'; url: string }
  | { type: 'picture'; picture: string }
  | { type: 'buttons'; buttons: { name: string; link: string; color?: string }[] };

interface LessonContent {
  blocks?: Block[];
  test?: Parameters<typeof applyTestOptions>[1];
  homework?: Parameters<typeof applyHomeworkOptions>[1];
}

/**
 * What the demo courses' lessons hold, by lesson name: every block type and the test and homework
 * settings, so the constructor and the student's lesson show everything, and every homework its task.
 * Media are the platform's own files, so the demo works offline and under the strict CSP.
 */
function demoContent(publicUrl: string): Record<string, LessonContent> {
  const video = `${publicUrl}/demo/webinar.webm`;
  const picture = `${publicUrl}/app/icon-512.png`;
  return {
    'Зачем учить Python': {
      blocks: [
        {
          type: 'description',
          description:
            '<h2>Почему Python</h2><p>Python читается почти как английский текст, поэтому на нём удобно учиться. На нём пишут сайты, анализируют данные, автоматизируют рутину и обучают нейросети.</p><ul><li>простой синтаксис;</li><li>огромное сообщество;</li><li>готовые библиотеки для любых задач.</li></ul>',
        },
        { type: 'video', url: video },
        { type: 'buttons', buttons: [{ name: 'Документация Python', link: 'https://docs.python.org/3/' }, { name: 'Задать вопрос', link: 'https://t.me/coursehub', color: '#2E7D32' }] },
      ],
    },
    'Установка и первый запуск': {
      blocks: [
        { type: 'description', description: '<p>Скачайте Python с официального сайта, установите его и запустите первую программу:</p>' },
        { type: 'code', language: 'python', code: 'name = input("Как вас зовут? ")\nprint(f"Привет, {name}!")' },
        { type: 'picture', picture },
      ],
    },
    'Проверим основы': {
      blocks: [{ type: 'description', description: '<p>Пять вопросов о том, что мы прошли. Чтобы пройти тест, ответьте верно на 60 % вопросов.</p>' }],
      test: { success_percent: 60, attempt_limit: true, attempt_count: 3, show_right_answers: true, random_answers: true },
    },
    'Числа и строки': {
      blocks: [
        { type: 'description', description: '<p>Числа складывают, строки склеивают. Среднее двух чисел считают так:</p>' },
        { type: 'formula', formula: '\\bar{x} = \\frac{a + b}{2}' },
        { type: 'code', language: 'python', code: 'a, b = 7, 10\nprint((a + b) / 2)  # 8.5\nprint("7" + "10")  # 710' },
      ],
    },
    'Калькулятор расходов': {
      blocks: [
        {
          type: 'description',
          description: '<p>Напишите программу, которая спрашивает расходы за неделю по дням и печатает сумму и среднее за день. Пришлите код и пример запуска.</p>',
        },
      ],
      homework: { automate_accept: false },
    },
    'Сетка и отступы': {
      blocks: [
        { type: 'description', description: '<p>Сетка задаёт ритм страницы. Пропорции золотого сечения помогают выбрать ширину колонок:</p>' },
        { type: 'formula', formula: '\\varphi = \\frac{1 + \\sqrt{5}}{2} \\approx 1{,}618' },
        { type: 'picture', picture },
      ],
    },
    'Макет лендинга': {
      blocks: [
        { type: 'description', description: '<p>Соберите макет первого экрана лендинга: заголовок, подзаголовок, кнопка и иллюстрация. Пришлите ссылку на макет.</p>' },
        { type: 'buttons', buttons: [{ name: 'Пример макета', link: 'https://www.figma.com/community' }] },
      ],
      homework: { automate_accept: true, time_accept: 24 * 3600 },
    },
    'Палитра проекта': {
      blocks: [
        { type: 'description', description: '<p>Опишите палитру переменными CSS: так цвета меняются в одном месте.</p>' },
        { type: 'code', language: 'css', code: ':root {\n  --brand: #ba75ff;\n  --text: #1f1d2b;\n}\n.button { background: var(--brand); color: #fff; }' },
        { type: 'video', url: video },
      ],
    },
    'Напишите письмо коллеге': {
      blocks: [
        {
          type: 'description',
          description:
            '<p>Напишите коллеге короткое деловое письмо на английском (3–5 предложений): попросите о чём-то, предупредите об опоздании или поблагодарите.</p><ul><li>начните с приветствия и обращения по имени;</li><li>скажите главное в первом предложении;</li><li>закончите подписью.</li></ul>',
        },
      ],
    },
    'Тест по типографике': {
      blocks: [{ type: 'description', description: '<p>На тест даётся 10 минут. Удачи!</p>' }],
      test: { success_percent: 70, has_timer: true, time_limit: 600, random_questions: true },
    },
  };
}

/** Fills the named demo lessons (ids by name) with their blocks, settings and test questions. */
export async function seedDemoCourseContent(tx: Db, publicUrl: string, lessonIds: ReadonlyMap<string, number>): Promise<void> {
  for (const [name, content] of Object.entries(demoContent(publicUrl))) {
    const lessonId = lessonIds.get(name);
    if (lessonId === undefined) continue;
    const blocks = [];
    for (const [index, { type, ...body }] of (content.blocks ?? []).entries()) {
      blocks.push({ lessonId, type, order: index + 1, content: await blockContent(type, body) });
    }
    if (blocks.length) await tx.insert(lessonBlocks).values(blocks);
    if (content.test) await tx.update(lessons).set({ settings: applyTestOptions(testSettings({}), content.test) }).where(eq(lessons.id, lessonId));
    if (content.homework) await tx.update(lessons).set({ settings: applyHomeworkOptions(homeworkSettings({}), content.homework) }).where(eq(lessons.id, lessonId));
  }
  await seedDemoQuestions(tx, lessonIds);
}
