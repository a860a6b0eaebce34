import { describe, expect, it } from 'vitest';
import { plural } from '../plural.ts';
import { coursesMessages as t } from './courses.ts';

describe('coursesMessages', () => {
  it('names courses, folders, modules and lessons in its confirmations and labels', () => {
    expect(t.deleteFolderText('Python')).toBe('Папка «Python» будет удалена. Курсы из неё останутся в списке без папки.');
    expect(t.toBinText('Основы')).toContain('«Основы» будет перемещён в корзину');
    expect(t.renameModule('Введение')).toBe('Переименовать модуль «Введение»');
    expect(t.deleteModule('Введение')).toBe('Удалить модуль «Введение»');
    expect(t.deleteModuleText('Введение')).toContain('«Введение» будет удалён');
    expect(t.deleteLesson('Урок 1')).toBe('Удалить «Урок 1»');
    expect(t.deleteLessonText('Урок 1')).toContain('«Урок 1»');
    expect(t.moveUpLabel('Урок 1')).toBe('Переместить «Урок 1» вверх');
    expect(t.moveDownLabel('Урок 1')).toBe('Переместить «Урок 1» вниз');
    expect(t.dragLabel('Урок 1')).toBe('Перетащить «Урок 1»');
    expect(t.addAfter('Урок 1')).toBe('Добавить после «Урок 1»');
    expect(t.deleteBlock('Код')).toBe('Удалить блок «Код»');
    expect(t.removeButton(2)).toBe('Убрать кнопку 2');
    expect(t.courseSettings.priceHint('BYN')).toBe('В BYN; 0 — бесплатно.');
  });

  it('names the course whose cover the banner tab shows or takes away', () => {
    expect(t.banner.preview('Python')).toBe('Обложка курса «Python»');
    expect(t.banner.removeText('Python')).toBe('Курс «Python» останется без обложки. Загрузить новую можно в любой момент.');
  });

  it('tells what the lesson editor edits', () => {
    expect(t.editorOf('lesson')).toBe('Редактор: урок');
    expect(t.editorOf('homework')).toBe('Редактор: домашнее задание');
  });

  it('says why a save failed in one sentence, whatever the reason ends with', () => {
    expect(t.saveFailed('Нет связи с сервером.')).toBe('Не сохранено: Нет связи с сервером.');
    expect(t.saveFailed('Поле не может быть пустым')).toBe('Не сохранено: Поле не может быть пустым.');
  });

  it('announces drag and drop in Russian', () => {
    expect(t.dnd.picked('Модуль 1')).toBe('Взят элемент «Модуль 1».');
    expect(t.dnd.over('Урок', 'Тест')).toBe('«Урок» над «Тест».');
    expect(t.dnd.dropped('Урок', 'Тест')).toBe('«Урок» перемещён на место «Тест».');
    expect(t.dnd.droppedAway('Урок')).toBe('«Урок» отпущен.');
    expect(t.dnd.cancelled('Урок')).toBe('Перемещение «Урок» отменено.');
  });

  it('counts lessons and students with the three plural forms', () => {
    expect(plural(1, t.lessons)).toBe('1 урок');
    expect(plural(3, t.lessons)).toBe('3 урока');
    expect(plural(11, t.lessons)).toBe('11 уроков');
    expect(plural(22, t.students)).toBe('22 ученика');
  });

  it('names the questions, answers and comments it acts on', () => {
    const q = t.questions;
    expect(q.label(2, q.types.single!)).toBe('Вопрос 2. Один ответ');
    expect(q.deleteQuestion('Вопрос 2. Число')).toBe('Удалить «Вопрос 2. Число»');
    expect([q.answer(1), q.accepted(2), q.item(3), q.pair(4), q.left(5), q.right(6), q.correct(7)]).toEqual([
      'Ответ 1', 'Принимаемый ответ 2', 'Элемент 3', 'Пара 4', 'Левая часть пары 5', 'Правая часть пары 6', 'Ответ 7 правильный',
    ]);
    expect(q.deleteAnswer('Ответ 1')).toBe('Удалить «Ответ 1»');
    expect(q.deleteAnswerText('Ответ 1')).toBe('«Ответ 1» будет удалён из вопроса.');
    expect(t.comments.select('Анна Иванова', '1 мая')).toBe('Выбрать комментарий: Анна Иванова, 1 мая');
    expect(t.comments.selected(3)).toBe('Выбрано: 3');
  });

  it('names the landing blocks and the items it acts on', () => {
    const l = t.landing;
    expect(Object.keys(l.blocks)).toHaveLength(17);
    expect(l.shown('Шапка')).toBe('Показывать блок «Шапка»');
    expect(l.edit('Отзывы')).toBe('Изменить блок «Отзывы»');
    expect(l.close('Отзывы')).toBe('Свернуть блок «Отзывы»');
    expect([l.item(1), l.removeItem(2), l.itemUp(3), l.itemDown(4)]).toEqual([
      'Элемент 1', 'Удалить элемент 2', 'Переместить элемент 3 вверх', 'Переместить элемент 4 вниз',
    ]);
  });

  it('says how a video upload goes', () => {
    const u = t.uploads;
    expect(u.uploadingVideo('урок.mp4')).toBe('Загрузка видео «урок.mp4»');
    expect(u.percent(42)).toBe('загружено 42 %');
    expect(u.failed('Нет связи с сервером.')).toBe('Видео не загружено: Нет связи с сервером.');
    expect(u.failed('Видео больше 2 ГБ')).toBe('Видео не загружено: Видео больше 2 ГБ.');
  });
});
