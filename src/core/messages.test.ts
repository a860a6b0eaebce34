import { describe, expect, it } from 'vitest';
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
});
