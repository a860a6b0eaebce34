import { answers, questions } from '../features/courses/index.ts';
import type { Db } from '../shared/db/database.ts';

type DemoAnswer = { body: string; right?: boolean; from?: number; to?: number };
type DemoQuestion = { type: 'single' | 'multiple' | 'text' | 'number' | 'order'; body: string; answers: DemoAnswer[] };

/**
 * The demo tests' questions, by test name: one of each kind a student meets first (one answer,
 * several, free text, a number, an order), so the demo student can fail and pass a test. An
 * order question's answers are listed in their right order.
 */
const DEMO_QUESTIONS: Record<string, DemoQuestion[]> = {
  'Проверим основы': [
    { type: 'single', body: '<p>Какая функция выводит текст на экран?</p>', answers: [{ body: 'print()', right: true }, { body: 'input()' }, { body: 'len()' }] },
    { type: 'multiple', body: '<p>Какие из этих значений — строки?</p>', answers: [{ body: '"42"', right: true }, { body: "'Привет'", right: true }, { body: '42' }, { body: '3.14' }] },
    { type: 'text', body: '<p>Как называется тип целых чисел в Python?</p>', answers: [{ body: 'int' }] },
    { type: 'number', body: '<p>Сколько будет <code>7 + 10 // 2</code>?</p>', answers: [{ body: '12', from: 12 }] },
    { type: 'order', body: '<p>Расставьте шаги в порядке выполнения.</p>', answers: [{ body: 'Установить Python' }, { body: 'Написать программу' }, { body: 'Запустить программу' }] },
  ],
  'Тест по типографике': [
    { type: 'single', body: '<p>Что такое кегль?</p>', answers: [{ body: 'Размер шрифта', right: true }, { body: 'Толщина линии' }, { body: 'Межстрочный интервал' }] },
    { type: 'multiple', body: '<p>Какие шрифты — с засечками?</p>', answers: [{ body: 'Times New Roman', right: true }, { body: 'Georgia', right: true }, { body: 'Arial' }] },
    { type: 'number', body: '<p>Сколько символов в строке удобно читать? Назовите число от 45 до 75.</p>', answers: [{ body: '45–75', from: 45, to: 75 }] },
  ],
};

/** Adds the demo tests' questions (test ids by name). */
export async function seedDemoQuestions(tx: Db, lessonIds: ReadonlyMap<string, number>): Promise<void> {
  for (const [testName, list] of Object.entries(DEMO_QUESTIONS)) {
    const lessonId = lessonIds.get(testName);
    if (lessonId === undefined) continue;
    for (const [index, question] of list.entries()) {
      const [row] = await tx.insert(questions).values({ lessonId, type: question.type, body: question.body, order: index + 1 }).returning({ id: questions.id });
      await tx.insert(answers).values(
        question.answers.map((answer, i) => ({
          questionId: row!.id,
          body: answer.body,
          // Accepted texts, numbers and order items are right by definition (question-routes.ts).
          isCorrect: answer.right ?? (question.type === 'text' || question.type === 'number' || question.type === 'order'),
          fromNumber: answer.from === undefined ? null : String(answer.from),
          toNumber: answer.from === undefined ? null : String(answer.to ?? answer.from),
          order: i + 1,
        })),
      );
    }
  }
}
