import { Role } from '#core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../../tests/helpers/api-stub.ts';
import { json } from '../../../../tests/helpers/json-response.ts';
import DomainTab from './domain-tab.tsx';
import type { SchoolDomain } from './domain-tab-api.ts';

const domain: SchoolDomain = {
  id: 3,
  school: 1,
  domain_name: 'learn.alpha.ru',
  verified: false,
  verified_at: null,
  created_at: '2026-11-01T10:00:00Z',
  last_check_at: null,
  last_check_error: null,
  verification: {
    txt_name: '_coursehub.learn.alpha.ru',
    txt_value: 'coursehub-verify=abc123',
    file_url: 'http://learn.alpha.ru/.well-known/coursehub-verify.txt',
    file_content: 'abc123',
  },
};
const page = (rows: SchoolDomain[]) => json({ count: rows.length, next: null, previous: null, results: rows });
const field = () => screen.getByRole('textbox', { name: 'Домен' });

describe('DomainTab', () => {
  it('adds a domain, keeping the typed text and showing the refusal under the field', async () => {
    let rows: SchoolDomain[] = [];
    let attempts = 0;
    const { sent } = stubApi({
      'GET Alpha/school_domain/': () => page(rows),
      'POST Alpha/school_domain/': () => {
        attempts += 1;
        if (attempts === 1) return json({ code: 'DOMAIN_TAKEN', message: 'Домен уже используется другой школой', fields: { domain_name: ['Домен уже используется другой школой'] } }, 400);
        rows = [domain];
        return json(domain, 201);
      },
    });
    render(<DomainTab school="Alpha" role={Role.Admin} />);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Домен' }), { target: { value: ' learn.alpha.ru ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    expect(await screen.findByText('Домен уже используется другой школой')).toBeTruthy();
    expect((field() as HTMLInputElement).value).toBe(' learn.alpha.ru ');
    expect(field().getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    expect(await screen.findByText('learn.alpha.ru')).toBeTruthy();
    expect(sent.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([{ domain_name: 'learn.alpha.ru' }, { domain_name: 'learn.alpha.ru' }]);
    expect(screen.getByText('Не подтверждён')).toBeTruthy();
    // The proof, each value with its own copy button.
    expect(screen.getByText('_coursehub.learn.alpha.ru')).toBeTruthy();
    expect(screen.getByText('coursehub-verify=abc123')).toBeTruthy();
    expect(screen.getByText('http://learn.alpha.ru/.well-known/coursehub-verify.txt')).toBeTruthy();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fireEvent.click(screen.getByRole('button', { name: 'Копировать: значение' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('coursehub-verify=abc123'));
  });

  it('checks the domain and says what was not found, then that it is verified', async () => {
    const error = 'Подтверждение не найдено: TXT-запись _coursehub.learn.alpha.ru не найдена; файл … не найден (ответ 404).';
    let checks = 0;
    stubApi({
      'GET Alpha/school_domain/': () => page([domain]),
      'POST Alpha/school_domain/3/verify/': () => {
        checks += 1;
        return checks === 1
          ? json({ ...domain, last_check_at: '2026-11-02T10:00:00Z', last_check_error: error })
          : json({ ...domain, verified: true, verified_at: '2026-11-02T11:00:00Z', last_check_at: '2026-11-02T11:00:00Z' });
      },
    });
    render(<DomainTab school="Alpha" role={Role.Admin} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Проверить' }));
    expect(await screen.findByText(error)).toBeTruthy();
    expect(screen.getByText('Не подтверждён')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Проверить' }));
    await waitFor(() => expect(screen.getAllByText('Подтверждён').length).toBeGreaterThan(0));
    expect(screen.queryByText(error)).toBeNull();
    expect(screen.getByRole('link', { name: /learn\.alpha\.ru/ })).toBeTruthy();
  });

  it('changes the domain after a confirmation', async () => {
    let rows = [domain];
    const { sent } = stubApi({
      'GET Alpha/school_domain/': () => page(rows),
      'PATCH Alpha/school_domain/3/': (request) => {
        rows = [{ ...domain, domain_name: (request.body as { domain_name: string }).domain_name }];
        return json(rows[0]);
      },
    });
    render(<DomainTab school="Alpha" role={Role.Admin} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Изменить' }));
    fireEvent.change(field(), { target: { value: 'study.alpha.ru' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    const dialog = await screen.findByRole('dialog', { name: 'Изменить домен?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Изменить' }));
    expect(await screen.findByText('study.alpha.ru')).toBeTruthy();
    expect(sent.find((r) => r.method === 'PATCH')?.body).toEqual({ domain_name: 'study.alpha.ru' });
  });

  it('removes the domain after a confirmation, and keeps it when cancelled', async () => {
    let rows = [domain];
    const { sent } = stubApi({
      'GET Alpha/school_domain/': () => page(rows),
      'DELETE Alpha/school_domain/3/': () => {
        rows = [];
        return new Response(null, { status: 204 });
      },
    });
    render(<DomainTab school="Alpha" role={Role.Admin} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Удалить' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Удалить домен?' })).getByRole('button', { name: 'Отмена' }));
    expect(sent.some((r) => r.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Удалить' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Удалить домен?' })).getByRole('button', { name: 'Удалить' }));
    expect(await screen.findByRole('textbox', { name: 'Домен' })).toBeTruthy();
  });

  it('shows a load error with a retry', async () => {
    let fail = true;
    stubApi({ 'GET Alpha/school_domain/': () => (fail ? json({ code: 'X', message: 'Сбой' }, 500) : page([])) });
    render(<DomainTab school="Alpha" role={Role.Admin} />);
    expect(await screen.findByText('Не удалось загрузить домен')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /Повторить/ }));
    expect(await screen.findByRole('textbox', { name: 'Домен' })).toBeTruthy();
  });
});
