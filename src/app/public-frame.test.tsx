import { resetUser, signIn } from '#core';
import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { PublicFrame } from './public-frame.tsx';
import { isPublicPage } from './public-routes.ts';

beforeEach(() => resetUser());

const hrefOf = (name: string, container: HTMLElement = document.body) => within(container).getByRole('link', { name }).getAttribute('href');

describe('PublicFrame', () => {
  it('offers a visitor to sign in or create a school, and links home, the documents and help', () => {
    render(
      <PublicFrame path="/">
        <main>страница</main>
      </PublicFrame>,
    );
    const header = screen.getByRole('navigation', { name: 'Вход и регистрация' });
    expect(hrefOf('Войти', header)).toBe('/login');
    expect(hrefOf('Создать школу', header)).toBe('/create-school');
    expect(hrefOf('CourseHub — на главную')).toBe('/');
    const footer = screen.getByRole('navigation', { name: 'Документы и помощь' });
    expect(hrefOf('Помощь', footer)).toBe('/help');
    expect(hrefOf('Публичная оферта', footer)).toBe('/school/Coursehub/publicOfferAgreement');
    expect(hrefOf('Политика обработки персональных данных', footer)).toBe('/school/Coursehub/personalDataTreatmentPolicy');
    expect(hrefOf('Политика cookie', footer)).toBe('/school/Coursehub/cookiePolicy');
    expect(screen.getByRole('main').textContent).toBe('страница');
  });

  it('starts with «Перейти к содержимому», the first stop of the keyboard (issue 25)', () => {
    const { container } = render(
      <PublicFrame path="/">
        <main>страница</main>
      </PublicFrame>,
    );
    expect(container.querySelector('a[href], button, input, select, textarea')!.textContent).toBe('Перейти к содержимому');
  });

  it('marks the link of the page being shown', () => {
    render(<PublicFrame path="/login">{null}</PublicFrame>);
    expect(screen.getByRole('link', { name: 'Войти' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Создать школу' }).getAttribute('aria-current')).toBeNull();
  });

  it('leads a signed-in user to their schools instead of the sign-in', () => {
    signIn({ access: 'a', refresh: 'r', userId: 1, email: 'anna@school.ru' });
    render(<PublicFrame path="/help">{null}</PublicFrame>);
    expect(screen.queryByRole('link', { name: 'Войти' })).toBeNull();
    expect(hrefOf('Мои школы')).toBe('/chooseSchool');
  });
});

describe('isPublicPage', () => {
  const child = (rest: string, school = 'Alpha') => ({ route: 'schoolChild', params: { school, rest }, path: `/school/${school}/${rest}` }) as never;

  it('frames every public route and a legal page outside the school area', () => {
    expect(isPublicPage({ route: 'login', params: {}, path: '/login' } as never, false)).toBe(true);
    expect(isPublicPage(undefined, false)).toBe(true);
    expect(isPublicPage(child('cookiePolicy'), false)).toBe(true);
    expect(isPublicPage(child('cookiePolicy', 'Coursehub'), true)).toBe(true);
  });

  it('leaves the school area to its own layout', () => {
    expect(isPublicPage(child('courses'), true)).toBe(false);
    expect(isPublicPage(child('cookiePolicy'), true)).toBe(false);
    expect(isPublicPage({ route: 'school', params: { school: 'Alpha' }, path: '/school/Alpha' } as never, true)).toBe(false);
  });
});
