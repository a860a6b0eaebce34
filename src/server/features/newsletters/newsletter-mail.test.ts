import { describe, expect, it } from 'vitest';
import { newsletterMail, newsletterText, unsubscribeUrl } from './newsletter-mail.ts';

describe('newsletter mails', () => {
  it('turn sanitised HTML into readable text', () => {
    const html =
      '<h2>Добро пожаловать!</h2><p>Рады видеть вас в <strong>школе</strong>.<br />Начните с <a href="https://coursehub.ru/start">первого урока</a>.</p>' +
      '<ul><li><p>Курсы</p></li><li>Домашние задания</li></ul><p>Tom &amp; Jerry &lt;3 &quot;A&quot; &#39;B&#39; &#x41;&nbsp;&bogus; &#0;</p><p>https://coursehub.ru/ <a href="https://a.ru/">https://a.ru/</a></p>';
    expect(newsletterText(html)).toBe(
      'Добро пожаловать!\n\nРады видеть вас в школе.\nНачните с первого урока (https://coursehub.ru/start).\n\n• Курсы\n\n• Домашние задания\n\nTom & Jerry <3 "A" \'B\' A &bogus; &#0;\n\nhttps://coursehub.ru/ https://a.ru/',
    );
    expect(newsletterText('')).toBe('');
  });

  it('carry the subject, the school and the unsubscribe link', () => {
    const link = unsubscribeUrl('http://coursehub.test', '1.2.abc');
    expect(link).toBe('http://coursehub.test/unsubscribe/1.2.abc');
    const mail = newsletterMail({ to: 'a@b.ru', templateName: 'Привет', html: '<p>Текст</p>', schoolTitle: 'Ромашка', unsubscribeUrl: link });
    expect(mail).toEqual({
      to: 'a@b.ru',
      subject: 'Привет',
      text: 'Текст\n\n—\nВы получили это письмо как ученик школы «Ромашка».\nОтписаться от рассылки школы: http://coursehub.test/unsubscribe/1.2.abc\n',
    });
    expect(newsletterMail({ to: 'a@b.ru', templateName: 'x', html: '', schoolTitle: 'Р', unsubscribeUrl: link }).text.startsWith('—\n')).toBe(true);
  });
});
