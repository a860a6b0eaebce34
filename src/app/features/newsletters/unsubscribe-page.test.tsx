import { $school, INITIAL_SCHOOL, resetUser, signIn } from '#core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { deferred, stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import UnsubscribePage from './unsubscribe-page.tsx';

const TOKEN = '3.17.AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcd';

beforeEach(() => {
  resetUser();
  $school.set(INITIAL_SCHOOL);
});

describe('UnsubscribePage', () => {
  it('unsubscribes as it opens and names the school', async () => {
    const answer = deferred<Response>();
    const { sent } = stubApi({ [`POST newsletter_unsubscribe/${TOKEN}/`]: () => answer.promise });
    render(<UnsubscribePage token={TOKEN} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Отписка от рассылки' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Отписываем вас от рассылки…');
    answer.resolve(json({ school_title: 'Школа Альфа' }));
    expect(await screen.findByText('Вы отписались от рассылки школы «Школа Альфа». Писем рассылки от неё больше не будет.')).toBeTruthy();
    expect(sent.filter((request) => request.method === 'POST')).toHaveLength(1);
  });

  it("sends no session: the link's token is the only credential", async () => {
    signIn({ access: 'a', refresh: 'r', userId: 1, email: 'student@school.ru' });
    const { sent } = stubApi({ [`POST newsletter_unsubscribe/${TOKEN}/`]: () => json({ school_title: 'Школа Альфа' }) });
    render(<UnsubscribePage token={TOKEN} />);
    await screen.findByText(/Вы отписались от рассылки школы «Школа Альфа»/);
    expect(sent[0]!.headers.get('authorization')).toBeNull();
  });

  it('says a forged or cut link is invalid, without a retry', async () => {
    stubApi({ 'POST newsletter_unsubscribe/1.2.broken/': () => json({ code: 'UNSUBSCRIBE_LINK_INVALID', message: 'Ссылка для отписки недействительна.' }, 404) });
    render(<UnsubscribePage token="1.2.broken" />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Ссылка для отписки недействительна. Проверьте, что она скопирована из письма полностью.');
    expect(screen.queryByRole('button', { name: 'Повторить' })).toBeNull();
  });

  it('offers a retry when the server could not be reached, and unsubscribes on it', async () => {
    let down = true;
    const { sent } = stubApi({
      [`POST newsletter_unsubscribe/${TOKEN}/`]: () => (down ? json({ code: 'SERVER_ERROR', message: 'Ошибка сервера.' }, 503) : json({ school_title: 'Школа Альфа' })),
    });
    render(<UnsubscribePage token={TOKEN} />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Не удалось отписаться. Попробуйте ещё раз.')).toBeTruthy();
    down = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText(/Вы отписались от рассылки школы «Школа Альфа»/)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(sent.filter((request) => request.method === 'POST')).toHaveLength(2);
  });
});
