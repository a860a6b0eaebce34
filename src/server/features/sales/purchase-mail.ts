// The buyer's mail after a paid course order: what they got and how to open it.
import type { AppContext } from '../../context.ts';
import type { School } from '../../shared/security/school-access.ts';
import { formatAmount } from '../tariffs/index.ts';
import { PROMO_USED_UP, type Granted } from './grant-access.ts';
import type { CourseOrder } from './order-links.ts';
import { orderReturnUrl } from './order-links.ts';

function nextStep(ctx: AppContext, granted: Granted): string {
  if (granted.reason === PROMO_USED_UP) return 'Промокод этого заказа уже использован другими покупателями. Школа свяжется с вами, чтобы открыть доступ к курсу или вернуть оплату.';
  switch (granted.access) {
    case 'granted':
      return `Курс уже открыт в вашей учётной записи: ${ctx.config.publicUrl}/login`;
    case 'invited':
      return (
        `Чтобы начать учиться, откройте ссылку (она действует 7 дней): ${ctx.config.publicUrl}/invitation/${granted.invitationToken}\n` +
        'Если у вас ещё нет учётной записи на CourseHub, по этой ссылке вы зададите пароль.'
      );
    case 'staff':
      return 'Вы сотрудник этой школы: доступ к курсу откроет её администратор.';
    default:
      return 'Школа откроет вам доступ к курсу в ближайшее время.';
  }
}

/** Sends the purchase mail after the answer (and after the transaction that recorded the payment). */
export function mailPurchase(ctx: AppContext, school: School, order: CourseOrder, granted: Granted): void {
  ctx.jobs.run('course purchase mail', () =>
    ctx.mailer.send({
      to: order.email,
      subject: `Оплата курса «${order.courseName}»`,
      text:
        `Здравствуйте${order.name ? `, ${order.name}` : ''}!\n\n` +
        `Оплата курса «${order.courseName}» школы «${school.title}» получена: ${formatAmount(order.amount, order.currency)}.\n\n` +
        `${nextStep(ctx, granted)}\n\n` +
        `Чек об оплате: ${orderReturnUrl(ctx, order)}\n`,
      // With an invitation link in it, the mail is kept only while the link works.
      ...(granted.access === 'invited' && granted.invitationExpiresAt ? { expiresAt: granted.invitationExpiresAt } : {}),
    }),
  );
}
