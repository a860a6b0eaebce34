// Russian UI strings: subscription. Quoted spec strings are word for word.
export const subscriptionMessages = {
  noSuchPromo: 'Нет такого промокода',
  change: 'Изменить',
  goToPayment: 'Перейти к оплате',
  processing:
    'Заказ обрабатывается. Как только транзакция будет обработана и одобрена, новый тарифный план отобразится возле вашего профиля.',
  failed: 'Не удалось оформить подписку. Попробуйте ещё раз.',
  month: ['месяц', 'месяца', 'месяцев'] as const,
  // the subscription modal of the school's tariff page
  title: (plan: string) => `Подключение тарифа ${plan}`,
  monthsLegend: 'Срок подписки',
  promoLabel: 'Промокод (необязательно)',
  next: 'Далее',
  nextBusy: 'Расчёт...',
  confirmTitle: 'Проверьте заказ',
  plan: 'Тариф',
  period: 'Период',
  payable: 'К оплате',
  perMonth: 'в месяц',
  total: 'Итого',
  doneTitle: 'Заказ принят',
  // the notices after the payment page returns to the tariff page (?payment=…)
  paymentSuccess: 'Оплата прошла. Тариф обновится в течение минуты.',
  paymentDeclined: 'Оплата отклонена.',
} as const;
