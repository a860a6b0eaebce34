// Russian UI strings: subscription. Quoted spec strings are word for word.
export const subscriptionMessages = {
  noSuchPromo: 'Нет такого промокода',
  change: 'Изменить',
  goToPayment: 'Перейти к оплате',
  processing:
    'Заказ обрабатывается. Как только транзакция будет обработана и одобрена, новый тарифный план отобразится возле вашего профиля.',
  failed: 'Не удалось оформить подписку. Попробуйте ещё раз.',
  month: ['месяц', 'месяца', 'месяцев'] as const,
} as const;
