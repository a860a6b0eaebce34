import { describe, expect, it } from 'vitest';
import { errorText, messages } from './messages.ts';

describe('messages', () => {
  it("formats an error as 'Ошибка: ...'", () => {
    expect(errorText(messages.certificate.loadError)).toBe('Ошибка: Ошибка при загрузке данных сертификата');
  });

  it('keeps the strings the spec quotes word for word', () => {
    expect(messages.subscription.processing).toBe(
      'Заказ обрабатывается. Как только транзакция будет обработана и одобрена, новый тарифный план отобразится возле вашего профиля.',
    );
    expect(messages.tariffs.bannerTitle).toBe('Создайте свой проект на Course Hub прямо сейчас!');
    expect(messages.certificate.loading).toBe('Загрузка сертификата...');
    expect(messages.impersonation.stopping).toBe('Завершение...');
  });
});
