// The mailer on the job runner: a mail goes to the outbox, then a job sends it by SMTP, and a mail
// server that refuses is tried again. A small SMTP server on a local port stands for the real one.
import { createServer, type Server } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/server/test-app.ts';
import { outbox } from '../db/core-tables.ts';
import { createMailer, SENT_SECRET_TEXT } from './mailer.ts';

/** An SMTP server that turns the first `refusals` connections away (421), then takes every mail. */
function smtpServer(refusals: number) {
  const received: string[] = [];
  let connections = 0;
  const server = createServer((socket) => {
    if (++connections <= refusals) {
      socket.end('421 busy, try later\r\n');
      return;
    }
    socket.write('220 test ESMTP\r\n');
    let buffer = '';
    let body: string | null = null;
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (body !== null) {
          if (line === '.') {
            received.push(body);
            body = null;
            socket.write('250 queued\r\n');
          } else body += `${line}\n`;
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'DATA') {
          body = '';
          socket.write('354 go on\r\n');
        } else if (command === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return { server, received, connections: () => connections };
}

const listen = (server: Server) =>
  new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));

/** Waits on a condition (the job runs in the background), up to a bound. */
async function until(condition: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('mailer with SMTP', () => {
  it('writes the mail to the outbox, sends it by a job, retries a refusing server, and marks it sent', async () => {
    const smtp = smtpServer(1);
    const port = await listen(smtp.server);
    const errors: string[] = [];
    try {
      const mailer = createMailer(t.app.ctx.db, {
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: 'CourseHub <noreply@coursehub.test>',
        jobRunner: t.app.ctx.jobRunner,
        log: (message) => errors.push(message),
        retry: { limit: 3, delaySeconds: 1 },
      });
      await mailer.send({ to: 'student@example.com', subject: 'Hello', text: 'Your code is 123456' });
      const [row] = await t.app.ctx.db.select().from(outbox).where(eq(outbox.to, 'student@example.com'));
      expect(row).toMatchObject({ subject: 'Hello', text: 'Your code is 123456' });

      await until(async () => (await t.app.ctx.db.select().from(outbox).where(eq(outbox.id, row!.id)))[0]!.sentAt !== null);
      // The first attempt was refused and recorded; the retry delivered it once.
      expect(errors).toEqual(['mail not sent']);
      expect(smtp.connections()).toBe(2);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toContain('To: student@example.com');
      expect(smtp.received[0]).toContain('Your code is 123456');
      const [sent] = await t.app.ctx.db.select().from(outbox).where(eq(outbox.id, row!.id));
      expect(sent!.error).toBeNull();
    } finally {
      smtp.server.close();
    }
  });
});

describe('mailer with SMTP, a mail with a one-time link or code', () => {
  // An app of its own: the mail job can be defined once per job runner.
  let own: TestApp;
  beforeAll(async () => {
    own = await createTestApp();
  });
  afterAll(() => own.close());

  it('keeps no text of it once sent; other mail keeps its text', async () => {
    const smtp = smtpServer(0);
    const port = await listen(smtp.server);
    try {
      const mailer = createMailer(own.app.ctx.db, { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'CourseHub <noreply@coursehub.test>', jobRunner: own.app.ctx.jobRunner, log: () => undefined });
      await mailer.send({ to: 'reset@example.com', subject: 'Сброс пароля', text: 'Ссылка: http://coursehub.test/token-validate/1/secret-token', expiresAt: new Date(own.clock.now.getTime() + 3600_000) });
      await mailer.send({ to: 'notice@example.com', subject: 'Пароль изменён', text: 'Пароль изменён.' });
      const row = async (to: string) => (await own.app.ctx.db.select().from(outbox).where(eq(outbox.to, to)))[0]!;
      await until(async () => (await row('reset@example.com')).sentAt !== null && (await row('notice@example.com')).sentAt !== null);
      // Delivered whole; the outbox row keeps who, what and when, not the link.
      expect(smtp.received.find((mail) => mail.includes('To: reset@example.com'))).toContain('secret-token');
      expect(await row('reset@example.com')).toMatchObject({ subject: 'Сброс пароля', text: SENT_SECRET_TEXT, error: null });
      expect((await row('notice@example.com')).text).toBe('Пароль изменён.');
    } finally {
      smtp.server.close();
    }
  });
});
