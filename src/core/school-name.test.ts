import { describe, expect, it } from 'vitest';
import { SCHOOL_NAME_MAX_LENGTH, schoolNameFromTitle } from './school-name.ts';

describe('schoolNameFromTitle', () => {
  it.each([
    ['Моя Школа', 'Moya_Shkola'],
    ['Школа программирования №1', 'Shkola_programmirovaniya_No1'],
    ['Щука и Ёжик', 'Shchuka_i_Ezhik'],
    ['ЖЖ-клуб', 'ZhZh-klub'],
    ['Объём', 'Obem'],
    ['CourseHub', 'CourseHub'],
    ['  English  Club!  ', 'English_Club'],
    ['Café déjà vu', 'Cafe_deja_vu'],
    ['Яблоко/груша?x=1', 'Yabloko_grusha_x_1'],
    ['___', ''],
    ['!!!', ''],
  ])('%s → %s', (title, name) => {
    expect(schoolNameFromTitle(title)).toBe(name);
  });

  it('caps the length', () => {
    expect(schoolNameFromTitle('а'.repeat(200))).toHaveLength(SCHOOL_NAME_MAX_LENGTH);
  });
});
