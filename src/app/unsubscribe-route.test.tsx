// A newsletter mail's link (server: newsletters/newsletter-mail.ts, `{PUBLIC_URL}/unsubscribe/{token}`)
// opens the unsubscribe page in the public frame, for a visitor and for a signed-in user alike.
import { $impersonation, $school, INITIAL_IMPERSONATION, INITIAL_SCHOOL, resetUser, Role, selectSchool, setRole, signIn } from '#core';
import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubApi } from '../../tests/helpers/api-stub.ts';
import { json } from '../../tests/helpers/json-response.ts';
import { App } from './app.tsx';
import { startGuard } from './guard.ts';
import { $router } from './router.ts';

const TOKEN = '3.17.AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcd';
const LINK = `/unsubscribe/${TOKEN}`;

let stop: (() => void) | undefined;
beforeEach(() => {
  localStorage.clear();
  resetUser();
  $school.set(INITIAL_SCHOOL);
  $impersonation.set(INITIAL_IMPERSONATION);
});
afterEach(() => stop?.());

function go(path: string) {
  window.history.pushState(null, '', path);
  $router.open(path);
}

describe("a newsletter's unsubscribe link", () => {
  it('opens the unsubscribe page for a visitor, which unsubscribes through the API', async () => {
    const { sent } = stubApi({ [`POST newsletter_unsubscribe/${TOKEN}/`]: () => json({ school_title: 'Школа Альфа' }) });
    stop = startGuard();
    go(LINK);
    render(<App />);
    expect(window.location.pathname).toBe(LINK);
    expect(await screen.findByRole('heading', { level: 1, name: 'Отписка от рассылки' })).toBeTruthy();
    expect(await screen.findByText(/Вы отписались от рассылки школы «Школа Альфа»/)).toBeTruthy();
    expect(sent.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual([`newsletter_unsubscribe/${TOKEN}/`]);
    // The public frame around it, and the tab's title.
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Войти' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Отписка от рассылки — CourseHub'));
  });

  it('is not sent elsewhere for a signed-in student of a school', async () => {
    signIn({ access: 'a', refresh: 'r', userId: 1, email: 'student@alpha.ru' });
    selectSchool({ schoolName: 'Alpha', schoolTitle: 'Школа Альфа', contactLink: '', schoolId: 1, headerId: null });
    setRole(Role.Student);
    stubApi({ [`POST newsletter_unsubscribe/${TOKEN}/`]: () => json({ school_title: 'Школа Альфа' }) });
    stop = startGuard();
    go(LINK);
    render(<App />);
    expect(await screen.findByText(/Вы отписались от рассылки школы «Школа Альфа»/)).toBeTruthy();
    expect(window.location.pathname).toBe(LINK);
  });
});
