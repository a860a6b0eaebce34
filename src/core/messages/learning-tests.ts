// Russian UI strings: a student taking a test and handing in homework on a lesson's page (issue 12).
// Quoted server strings ('Попытки закончились.') are word for word.
import type { PluralForms } from '../plural.ts';
import { plural } from '../plural.ts';

const questions: PluralForms = ['вопрос', 'вопроса', 'вопросов'];
const minutes: PluralForms = ['минута', 'минуты', 'минут'];
const seconds: PluralForms = ['секунда', 'секунды', 'секунд'];
const hours: PluralForms = ['час', 'часа', 'часов'];

/** "1 час 30 минут", "45 секунд": a duration in seconds as people say it. */
function duration(total: number): string {
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const parts = [h ? plural(h, hours) : '', m ? plural(m, minutes) : '', s || (!h && !m) ? plural(s, seconds) : ''];
  return parts.filter(Boolean).join(' ');
}

/** 75, 66,67, -3,5: a number as the server gave it, with a Russian decimal comma. */
function decimal(value: number): string {
  // Made on use, not at import (see ui.ts formatFileSize).
  return new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 2 }).format(value);
}

export const learningTestsMessages = {
  test: {
    // The start screen.
    loading: 'Загружаем тест…',
    noQuestions: 'В тесте пока нет вопросов.',
    questionsCount: 'Вопросов',
    successPercent: 'Для прохождения',
    decimal,
    percent: (value: number) => `${decimal(value)} %`,
    timeLimit: 'Время на прохождение',
    noTimeLimit: 'Без ограничения',
    duration,
    attemptsLeft: 'Осталось попыток',
    unlimitedAttempts: 'Без ограничения',
    bestResult: 'Лучший результат',
    noResult: 'Ещё нет',
    start: 'Начать тест',
    starting: 'Начинаем…',
    timedHint: 'Время пойдёт, как только вы начнёте тест. Когда оно закончится, тест завершится с теми ответами, что вы успели дать.',
    alreadyPassed: 'Вы уже прошли этот тест.',
    attemptsExhausted: 'Попытки закончились.',
    // Previous attempts.
    previousAttempts: 'Предыдущие попытки',
    attemptNumber: 'Попытка',
    attemptDate: 'Дата',
    attemptPercent: 'Результат',
    attemptPoints: 'Баллы',
    attemptStatus: 'Итог',
    attemptPassed: 'Пройден',
    attemptFailed: 'Не пройден',
    points: (points: number, max: number) => `${points} из ${max}`,
    // Taking the test.
    timeLeft: 'Осталось времени',
    timeLeftLabel: (clock: string) => `Осталось времени: ${clock}`,
    timeUp: 'Время вышло. Отправляем ваши ответы…',
    oneMinuteLeft: 'Осталась одна минута.',
    questionOf: (n: number, total: number) => `Вопрос ${n} из ${total}`,
    questionList: 'Вопросы теста',
    goToQuestion: (n: number, answered: boolean) => `Вопрос ${n}${answered ? ', есть ответ' : ', без ответа'}`,
    onePage: 'Все вопросы на одной странице',
    previous: 'Назад',
    next: 'Далее',
    finish: 'Завершить тест',
    finishing: 'Отправка…',
    confirmTitle: 'Завершить тест?',
    confirmText: (n: number) => `Без ответа ${n === 1 ? 'остался' : 'остались'} ${plural(n, questions)}. После завершения ответы изменить нельзя.`,
    confirmFinish: 'Завершить',
    confirmBack: 'Вернуться к тесту',
    answeredCount: (n: number, total: number) => `Отвечено: ${n} из ${total}`,
    // Inputs by question type.
    chooseOne: 'Выберите один ответ',
    chooseMany: 'Выберите все правильные ответы',
    yourAnswer: 'Ваш ответ',
    yourNumber: 'Число',
    notANumber: 'Введите число, например 12 или 3,5.',
    orderHint: 'Расставьте варианты в правильном порядке кнопками «Выше» и «Ниже».',
    moveUp: 'Выше',
    moveDown: 'Ниже',
    moveUpLabel: (item: string) => `Переместить «${item}» выше`,
    moveDownLabel: (item: string) => `Переместить «${item}» ниже`,
    moved: (item: string, place: number, total: number) => `«${item}» теперь на месте ${place} из ${total}.`,
    matchHint: 'Для каждого варианта выберите пару.',
    matchFor: (item: string) => `Пара для «${item}»`,
    matchNone: '— выберите —',
    pictureAlt: 'Иллюстрация к вопросу',
    // The result.
    passed: 'Тест пройден',
    failed: 'Тест не пройден',
    yourPercent: 'Правильных ответов',
    yourPoints: 'Баллы',
    retry: 'Пройти ещё раз',
    rightAnswers: 'Правильные ответы',
    rightAnswerNumber: (value: string) => `Число: ${value}`,
    rightAnswerRange: (from: string, to: string) => `Число от ${from} до ${to}`,
    noRightAnswer: 'Правильный ответ не указан.',
    correct: 'Верно',
    wrong: 'Неверно',
    untitledItem: (n: number) => `Вариант ${n}`,
  },
  homework: {
    heading: 'Ваш ответ',
    text: 'Ответ',
    textRequired: 'Напишите ответ.',
    attach: 'Прикрепить файлы',
    attachHint: 'Документы (PDF, DOCX, XLSX, PPTX, TXT, ZIP до 200 МБ) и аудио (MP3, OGG, WAV, M4A до 50 МБ).',
    attached: 'Прикреплённые файлы',
    removeFile: 'Убрать',
    removeFileLabel: (name: string) => `Убрать файл «${name}»`,
    fileProgress: (name: string) => `Загрузка файла «${name}»`,
    fileUploaded: (name: string) => `Файл «${name}» загружен.`,
    fileFailed: (name: string, reason: string) => `Файл «${name}» не загружен: ${reason}`,
    send: 'Отправить',
    sending: 'Отправка…',
    sent: 'Ответ отправлен.',
    notSentFiles: 'Ответ не отправлен: не все файлы загрузились. Загрузите их ещё раз или уберите.',
    thread: 'История проверки',
    status: 'Статус',
    mark: (value: number) => `Оценка: ${value}`,
    roles: { student: 'Ученик', teacher: 'Преподаватель', admin: 'Администратор' } as Readonly<Record<string, string>>,
    files: 'Файлы',
    reply: 'Ответить преподавателю',
    replyText: 'Сообщение',
    acceptedNote: 'Домашнее задание принято.',
  },
} as const;
