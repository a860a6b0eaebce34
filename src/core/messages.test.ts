import { describe, expect, it } from 'vitest';
import * as catalogue from './messages.ts';
import { errorText, certificateMessages, impersonationMessages, subscriptionMessages, tariffsMessages } from './messages.ts';

describe('messages', () => {
  it("formats an error as 'Ошибка: ...'", () => {
    expect(errorText(certificateMessages.loadError)).toBe('Ошибка: Ошибка при загрузке данных сертификата');
  });

  it('keeps the strings the spec quotes word for word', () => {
    expect(subscriptionMessages.processing).toBe(
      'Заказ обрабатывается. Как только транзакция будет обработана и одобрена, новый тарифный план отобразится возле вашего профиля.',
    );
    expect(tariffsMessages.bannerTitle).toBe('Создайте свой проект на Course Hub прямо сейчас!');
    expect(certificateMessages.loading).toBe('Загрузка сертификата...');
    expect(impersonationMessages.stopping).toBe('Завершение...');
  });

  // «/school/{name}/» once reached a hint as it was typed: a message needing a value takes it as an argument.
  it('has no unreplaced {placeholder} in any string, nor in what its functions return', () => {
    const found: string[] = [];
    const walk = (value: unknown, path: string, depth: number): void => {
      if (typeof value === 'string') {
        if (/\{[\p{L}_][\p{L}\d_]*\}/u.test(value)) found.push(`${path}: ${value}`);
      } else if (typeof value === 'function' && depth > 0) {
        let out: unknown;
        try {
          out = (value as (...args: unknown[]) => unknown)(...Array.from({ length: value.length }, () => 'X'));
        } catch {
          return; // wants a richer argument: its literal parts are still checked by the TypeScript template
        }
        walk(out, `${path}()`, 0);
      } else if (value && typeof value === 'object' && depth > 0) {
        for (const [key, inner] of Object.entries(value)) walk(inner, `${path}.${key}`, depth - 1);
      }
    };
    walk(catalogue, 'messages', 8);
    expect(found).toEqual([]);
  });
});
