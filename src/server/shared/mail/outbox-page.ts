import { desc, gt, isNull, or } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { outbox } from '../db/core-tables.ts';

type Mail = typeof outbox.$inferSelect;

/** The page's mails: the latest 50 of those whose link or code (if any) still works at `now`. */
export function outboxMails(db: Db, now: Date): Promise<Mail[]> {
  return db
    .select()
    .from(outbox)
    .where(or(isNull(outbox.expiresAt), gt(outbox.expiresAt, now)))
    .orderBy(desc(outbox.id))
    .limit(50);
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The demo outbox as a plain HTML page: no scripts and no inline styles (the CSP forbids both),
 * every mail field escaped, since mail text can carry what users typed (names, school titles).
 */
export function outboxPage(mails: readonly Mail[]): string {
  const items = mails
    .map(
      (mail) =>
        `<article>\n<h2>${escapeHtml(mail.subject)}</h2>\n` +
        `<p>Кому: ${escapeHtml(mail.to)}<br>Создано: <time datetime="${mail.createdAt.toISOString()}">${escapeHtml(mail.createdAt.toISOString())}</time></p>\n` +
        `<pre>${escapeHtml(mail.text)}</pre>\n</article>`,
    )
    .join('\n<hr>\n');
  return (
    '<!doctype html>\n<html lang="ru">\n<head>\n<meta charset="utf-8">\n<meta name="robots" content="noindex">\n' +
    '<title>Исходящие письма — CourseHub (демо)</title>\n</head>\n<body>\n<main>\n' +
    '<h1>Исходящие письма</h1>\n' +
    '<p>Демо-режим: почтовый сервер не настроен, поэтому письма (коды подтверждения, ссылки для сброса пароля) показаны здесь. Последние 50, новые сверху; письмо со ссылкой или кодом — пока они действуют.</p>\n' +
    (items || '<p>Писем пока нет.</p>') +
    '\n</main>\n</body>\n</html>\n'
  );
}
