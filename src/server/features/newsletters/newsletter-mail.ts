import type { Mail } from '../../shared/mail/mailer.ts';
import { stripHtml } from '../../shared/plain-text.ts';

/** The app's page that records an unsubscription (app: router.ts `unsubscribe`). */
export const unsubscribeUrl = (publicUrl: string, token: string) => `${publicUrl}/unsubscribe/${token}`;

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', amp: '&' };

/**
 * The template's sanitised HTML as the text of a plain-text mail: blocks on lines of their own, list
 * items with a bullet, a link's address after its words, entities decoded (a text/plain mail shows
 * them as typed, and nothing here is ever read as HTML again).
 */
export function newsletterText(html: string): string {
  const text = stripHtml(
    html
      .replace(/<a\b[^>]*?\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, words: string) => {
        const label = stripHtml(words);
        return label && label !== href ? `${label} (${href})` : href;
      })
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<li\b[^>]*>/gi, '• ')
      .replace(/<\/(?:li|tr)>/gi, '\n')
      .replace(/<\/(?:p|h[1-6]|blockquote|pre|ul|ol|table)>/gi, '\n\n'),
  );
  return text
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
      }
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A template's mail to one student, with the link that stops the school's newsletter for them. */
export function newsletterMail(mail: { to: string; templateName: string; html: string; schoolTitle: string; unsubscribeUrl: string }): Mail {
  const body = newsletterText(mail.html);
  return {
    to: mail.to,
    subject: mail.templateName,
    text: `${body ? `${body}\n\n` : ''}—\nВы получили это письмо как ученик школы «${mail.schoolTitle}».\nОтписаться от рассылки школы: ${mail.unsubscribeUrl}\n`,
  };
}
