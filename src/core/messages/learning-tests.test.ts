import { describe, expect, it } from 'vitest';
import { learningTestsMessages as m } from './learning-tests.ts';

describe('learningTestsMessages', () => {
  it('says durations, counts and percents in Russian', () => {
    expect(m.test.duration(5400)).toBe('1 час 30 минут');
    expect(m.test.duration(45)).toBe('45 секунд');
    expect(m.test.duration(0)).toBe('0 секунд');
    expect(m.test.duration(7261)).toBe('2 часа 1 минута 1 секунда');
    expect(m.test.percent(66.67).replace(/\s/g, ' ')).toBe('66,67 %');
    expect(m.test.percent(75)).toBe('75 %');
    expect(m.test.decimal(-3.5)).toBe('-3,5');
    expect(m.test.points(2, 3)).toBe('2 из 3');
  });

  it('names questions, moves and files', () => {
    expect(m.test.confirmText(1)).toBe('Без ответа остался 1 вопрос. После завершения ответы изменить нельзя.');
    expect(m.test.confirmText(2)).toBe('Без ответа остались 2 вопроса. После завершения ответы изменить нельзя.');
    expect(m.test.questionOf(2, 5)).toBe('Вопрос 2 из 5');
    expect(m.test.goToQuestion(2, true)).toBe('Вопрос 2, есть ответ');
    expect(m.test.goToQuestion(3, false)).toBe('Вопрос 3, без ответа');
    expect(m.test.answeredCount(1, 4)).toBe('Отвечено: 1 из 4');
    expect(m.test.timeLeftLabel('04:59')).toBe('Осталось времени: 04:59');
    expect(m.test.moveUpLabel('Один')).toBe('Переместить «Один» выше');
    expect(m.test.moveDownLabel('Один')).toBe('Переместить «Один» ниже');
    expect(m.test.moved('Один', 2, 3)).toBe('«Один» теперь на месте 2 из 3.');
    expect(m.test.matchFor('Москва')).toBe('Пара для «Москва»');
    expect(m.test.untitledItem(2)).toBe('Вариант 2');
    expect(m.test.rightAnswerNumber('5')).toBe('Число: 5');
    expect(m.test.rightAnswerRange('1', '2,5')).toBe('Число от 1 до 2,5');
    expect(m.homework.mark(5)).toBe('Оценка: 5');
    expect(m.homework.removeFileLabel('a.pdf')).toBe('Убрать файл «a.pdf»');
    expect(m.homework.fileProgress('a.pdf')).toBe('Загрузка файла «a.pdf»');
    expect(m.homework.fileUploaded('a.pdf')).toBe('Файл «a.pdf» загружен.');
    expect(m.homework.fileFailed('a.pdf', 'Нет связи.')).toBe('Файл «a.pdf» не загружен: Нет связи.');
  });
});
