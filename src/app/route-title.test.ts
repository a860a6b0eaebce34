import { describe, expect, it } from 'vitest';
import { routeTitle } from './route-title.ts';

const page = (route: string, params: Record<string, string> = {}) => ({ route, params, path: '' }) as never;
const child = (rest: string) => page('schoolChild', { school: 'Alpha', rest });

describe('routeTitle', () => {
  it.each([
    ['login', 'Вход'],
    ['signup', 'Регистрация'],
    ['createSchool', 'Создание школы'],
    ['catalog', 'Каталог курсов'],
    ['catalogCourse', 'Каталог курсов'],
    ['tariffPlansYear', 'Тарифы'],
    ['helpPage', 'Центр помощи'],
    ['technicalWorks', 'Технические работы'],
    ['unsubscribe', 'Отписка от рассылки'],
    ['initial', ''],
  ])('%s is titled %j', (route, title) => {
    expect(routeTitle(page(route), null)).toBe(title);
  });

  it('titles a school-area page by its menu label, for the roles that may open it', () => {
    expect(routeTitle(child('home-work'), 'Teacher')).toBe('Домашние задания');
    expect(routeTitle(child('settings/employees'), 'Admin')).toBe('Настройки');
    expect(routeTitle(child('settings/main'), 'Teacher')).toBe('Страница не найдена');
    expect(routeTitle(undefined, null)).toBe('Страница не найдена');
  });

  it('leaves legal documents and the way to the role home page to the pages', () => {
    expect(routeTitle(child('cookiePolicy'), null)).toBeNull();
    expect(routeTitle(page('school', { school: 'Alpha' }), 'Admin')).toBeNull();
  });
});
