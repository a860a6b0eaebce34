import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import { createReadStream } from 'node:fs';
import { Type, type Static } from 'typebox';
import type { App, FastifyRequest } from '../../context.ts';
import { isUniqueViolation } from '../../shared/db/errors.ts';
import { oneTimeTokens } from './tables.ts';
import { users } from '../../shared/db/core-tables.ts';
import { AppError, badRequest, fieldError, forbidden, notFound } from '../../shared/errors.ts';
import { hashPassword, passwordProblem, verifyPassword } from '../../shared/security/passwords.ts';
import { requireAuth, requireUser } from '../../shared/security/auth.ts';
import { AVATAR_MAX_BYTES, avatarFile, avatarUrl, imageType, removeAvatar, saveAvatar } from '../../shared/uploads/avatars.ts';
import { DAY_MS, findPasswordLink, HOUR_MS, issueCode, issueLinkToken, spendCode, spendPasswordLinks } from './one-time-tokens.ts';
import { outboxMails, outboxPage } from '../../shared/mail/outbox-page.ts';
import { directLocalOnly } from '../../shared/http/direct-local-only.ts';
import { CODE_GUESSES, codeSubject, forgetGuesses, guessFrom, loginSubject, takeGuess } from './guess-throttle.ts';
import { recordUpload } from '../../shared/uploads/upload-quota.ts';
import { issueSession, revokeUserSessions } from '../../shared/security/sessions.ts';
import { anonymous, limits } from '../../shared/http/rate-limits.ts';
import { normaliseEmail, normalisePhone } from '../../shared/contacts.ts';
import { sessionUser } from './auth-routes.ts';
import { Detail, Email, errors, Id, Password, SessionUser, Text, TokenPair } from '../../shared/http/schemas.ts';

type User = typeof users.$inferSelect;

const Name = Text({ maxLength: 150 });
const Code = Text({ minLength: 1, maxLength: 16 });
const LinkToken = Text({ minLength: 1, maxLength: 200 });
const Sex = Type.Enum(['', 'М', 'Ж']);
// Same rule as the Phone schema; checked by hand because '' has its own message.
const PHONE = /^\+?[0-9 ()-]{5,20}$/;

const Profile = Type.Object({
  profile_id: Type.Integer(),
  avatar: Type.Union([Type.String(), Type.Null()]),
  avatar_url: Type.Union([Type.String(), Type.Null()]),
  city: Type.String(),
  sex: Type.String(),
  description: Type.String(),
  user: Type.Object({
    first_name: Type.String(),
    last_name: Type.String(),
    patronymic: Type.String(),
    email: Type.String(),
    phone_number: Type.Union([Type.String(), Type.Null()]),
    username: Type.String(),
  }),
  /** The new address waiting for its code (email-confirm/). */
  email_change_pending: Type.Optional(Type.String()),
});

const ProfilePatch = Type.Object({
  city: Type.Optional(Text({ maxLength: 256 })),
  sex: Type.Optional(Sex),
  description: Type.Optional(Text({ maxLength: 5000 })),
  user: Type.Optional(
    Type.Object({
      first_name: Type.Optional(Name),
      last_name: Type.Optional(Name),
      patronymic: Type.Optional(Name),
      phone_number: Type.Optional(Text({ maxLength: 32 })),
      email: Type.Optional(Email),
    }),
  ),
});
type ProfilePatch = Static<typeof ProfilePatch>;


const PASSWORDS_DIFFER = 'Пароли не совпадают.';
const FORGOT_DETAIL = 'Если адрес зарегистрирован, мы отправили на него ссылку для сброса пароля.';
const RESEND_DETAIL = 'Если адрес зарегистрирован и ещё не подтверждён, мы отправили на него новый код.';
const EMAIL_TAKEN = 'Пользователь с такой электронной почтой уже существует.';
const PHONE_TAKEN = 'Этот номер телефона уже используется.';
const CONFIRM_CODE_TTL_MS = DAY_MS;
const EMAIL_CHANGE_TTL_MS = HOUR_MS;
const RESET_TTL_MS = HOUR_MS;
const RESEND_INTERVAL_MS = 60 * 1000;

const invalidCode = () => badRequest('Неверный или устаревший код.', undefined, 'INVALID_CODE');
const invalidToken = () => badRequest('Ссылка недействительна или устарела.', undefined, 'TOKEN_INVALID');

/** Checks a new password pair: the rules, then that both entries agree. */
export function assertNewPassword(password: string, again: string, fields: { password: string; again: string }): void {
  const problem = passwordProblem(password);
  if (problem) throw fieldError(fields.password, problem);
  if (password !== again) throw fieldError(fields.again, PASSWORDS_DIFFER);
}

// An admin viewing the platform as someone must not take the account over.
function refuseWhileImpersonating(request: FastifyRequest): void {
  if (requireAuth(request).impersonatorId !== null) {
    throw forbidden('Это действие недоступно в режиме просмотра от имени пользователя.', 'IMPERSONATION_FORBIDDEN');
  }
}

/** Account routes: sign-up, email codes, password reset and change, profile, adding school members (spec §7). */
export async function accountRoutes(app: App): Promise<void> {
  const { ctx } = app;
  const { config } = ctx;
  // A mailed code or link is kept in the outbox only while it works (its token's lifetime from now).
  const expiresIn = (ttlMs: number) => new Date(ctx.now().getTime() + ttlMs);

  const resetLink = (userId: number, token: string) => `${config.publicUrl}/token-validate/${userId}/${token}`;

  async function pendingEmail(userId: number): Promise<string | null> {
    const [row] = await ctx.db
      .select({ email: oneTimeTokens.email })
      .from(oneTimeTokens)
      .where(
        and(
          eq(oneTimeTokens.userId, userId),
          eq(oneTimeTokens.purpose, 'email_change'),
          isNull(oneTimeTokens.usedAt),
          gt(oneTimeTokens.expiresAt, ctx.now()),
        ),
      )
      .orderBy(desc(oneTimeTokens.id))
      .limit(1);
    return row?.email ?? null;
  }

  async function profileBody(user: User) {
    const pending = await pendingEmail(user.id);
    return {
      profile_id: user.id,
      avatar: user.avatar,
      avatar_url: avatarUrl(config, user.avatar),
      city: user.city,
      sex: user.sex,
      description: user.description,
      user: {
        first_name: user.firstName,
        last_name: user.lastName,
        patronymic: user.patronymic,
        email: user.email,
        phone_number: user.phoneNumber,
        username: user.username ?? user.email,
      },
      ...(pending ? { email_change_pending: pending } : {}),
    };
  }

  async function reloadUser(userId: number): Promise<User> {
    const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
    if (!user) throw notFound();
    return user;
  }

  /** The address of an active user whose password link `token` is live, or null. */
  async function passwordLinkEmail(userId: number, token: string): Promise<string | null> {
    const row = await findPasswordLink(ctx, ctx.db, userId, token);
    if (!row) return null;
    const [user] = await ctx.db.select({ email: users.email, isActive: users.isActive }).from(users).where(eq(users.id, userId));
    return user?.isActive ? user.email : null;
  }

  // ---- Registration and email confirmation ----

  app.post(
    '/register/',
    {
      config: anonymous(app, 10),
      schema: {
        tags: ['account'],
        summary: 'Регистрация пользователя (без школы); на почту уходит код подтверждения',
        body: Type.Object({
          email: Email,
          password: Password,
          password_confirmation: Password,
          first_name: Type.Optional(Name),
          last_name: Type.Optional(Name),
        }),
        response: { 201: Type.Object({ ...TokenPair.properties, user: SessionUser }), ...errors(400, 429) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      assertNewPassword(body.password, body.password_confirmation, { password: 'password', again: 'password_confirmation' });
      const email = normaliseEmail(body.email);
      const taken = () => fieldError('email', 'Пользователь с таким email уже зарегистрирован.', 'EMAIL_TAKEN');
      const [existing] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (existing) throw taken();
      const passwordHash = await hashPassword(body.password);
      let created: { user: User; code: string };
      try {
        created = await ctx.db.transaction(async (tx) => {
          const now = ctx.now();
          const [user] = await tx
            .insert(users)
            .values({ email, passwordHash, firstName: body.first_name?.trim() ?? '', lastName: body.last_name?.trim() ?? '', dateJoined: now, lastLogin: now })
            .returning();
          if (!user) throw new Error('user insert returned nothing');
          const code = await issueCode(ctx, tx, { userId: user.id, purpose: 'email_confirm', email, ttlMs: CONFIRM_CODE_TTL_MS, retireOlder: true });
          return { user, code };
        });
      } catch (error) {
        if (isUniqueViolation(error, 'users_email_unique')) throw taken();
        throw error;
      }
      await ctx.mailer.send({
        to: email,
        subject: 'Код подтверждения CourseHub',
        text: `Здравствуйте!\n\nВаш код подтверждения: ${created.code}\nКод действует 24 часа.\n\nЕсли вы не регистрировались на CourseHub, просто не отвечайте на это письмо.\n`,
        expiresAt: expiresIn(CONFIRM_CODE_TTL_MS),
      });
      const tokens = await issueSession(ctx, created.user.id);
      return reply.code(201).send({ ...tokens, user: sessionUser(created.user) });
    },
  );

  app.post(
    '/code/confirm/',
    {
      config: anonymous(app, 10),
      schema: {
        tags: ['account'],
        summary: 'Подтверждение адреса электронной почты кодом из письма',
        body: Type.Object({ email: Email, code: Code }),
        response: { 200: Detail, ...errors(400, 429) },
      },
    },
    async (request) => {
      const email = normaliseEmail(request.body.email);
      const code = request.body.code.trim();
      // Tries are counted per address typed and client, whether or not the address has an
      // account: the answers never tell, and a stranger's wrong tries never burn the owner's code.
      const guess = guessFrom(codeSubject('email_confirm', email), request.ip);
      await takeGuess(ctx, CODE_GUESSES, guess);
      const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      const confirmed =
        user !== undefined &&
        (await ctx.db.transaction(async (tx) => {
          const row = await spendCode(ctx, tx, { purpose: 'email_confirm', scope: eq(oneTimeTokens.userId, user.id), email, code });
          if (!row) return false;
          await tx.update(users).set({ emailVerified: true }).where(and(eq(users.id, user.id), eq(users.email, email)));
          return true;
        }));
      if (!confirmed) throw invalidCode();
      await forgetGuesses(ctx, [guess.subject]);
      return { detail: 'Адрес электронной почты подтверждён.' };
    },
  );

  app.post(
    '/code/resend/',
    {
      config: anonymous(app, 5),
      schema: {
        tags: ['account'],
        summary: 'Повторная отправка кода подтверждения почты',
        body: Type.Object({ email: Email }),
        response: { 200: Detail, ...errors(400, 429) },
      },
    },
    async (request) => {
      const email = normaliseEmail(request.body.email);
      // Looked up, coded and mailed after the answer: its content and timing are the same for any address.
      ctx.jobs.run('resend code', async () => {
        const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
        if (!user || !user.isActive || user.emailVerified) return;
        const code = await ctx.db.transaction(async (tx) => {
          // One new code a minute per account: anyone may ask, so asking must not flood the mailbox.
          const [recent] = await tx
            .select({ id: oneTimeTokens.id })
            .from(oneTimeTokens)
            .where(and(eq(oneTimeTokens.userId, user.id), eq(oneTimeTokens.purpose, 'email_confirm'), gt(oneTimeTokens.createdAt, new Date(ctx.now().getTime() - RESEND_INTERVAL_MS))));
          return recent ? null : issueCode(ctx, tx, { userId: user.id, purpose: 'email_confirm', email, ttlMs: CONFIRM_CODE_TTL_MS, retireOlder: false });
        });
        if (code) await ctx.mailer.send({ to: email, subject: 'Код подтверждения CourseHub', text: `Ваш новый код подтверждения: ${code}\nКод действует 24 часа.\n`, expiresAt: expiresIn(CONFIRM_CODE_TTL_MS) });
      });
      return { detail: RESEND_DETAIL };
    },
  );

  // ---- Password reset by an emailed link ----

  app.post(
    '/forgot_password/',
    {
      config: anonymous(app, 5),
      schema: {
        tags: ['account'],
        summary: 'Запрос ссылки для сброса пароля (ответ одинаков для любых адресов)',
        body: Type.Object({ email: Email }),
        response: { 200: Detail, ...errors(400, 429) },
      },
    },
    async (request) => {
      const email = normaliseEmail(request.body.email);
      // Looked up, tokened and mailed after the answer: its content and timing are the same for any address.
      ctx.jobs.run('password reset mail', async () => {
        const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
        if (!user?.isActive) return;
        const token = await ctx.db.transaction(async (tx) => {
          // One link a minute per account: anyone may ask, so asking must not flood the mailbox;
          // the links sent before stay live (one-time-tokens.ts).
          const [recent] = await tx
            .select({ id: oneTimeTokens.id })
            .from(oneTimeTokens)
            .where(and(eq(oneTimeTokens.userId, user.id), eq(oneTimeTokens.purpose, 'password_reset'), gt(oneTimeTokens.createdAt, new Date(ctx.now().getTime() - RESEND_INTERVAL_MS))));
          return recent ? null : issueLinkToken(ctx, tx, user.id, 'password_reset', RESET_TTL_MS);
        });
        if (!token) return;
        await ctx.mailer.send({
          to: user.email,
          subject: 'Сброс пароля на CourseHub',
          text:
            `Здравствуйте!\n\nЧтобы задать новый пароль, откройте ссылку (она действует 1 час и срабатывает один раз):\n` +
            `${resetLink(user.id, token)}\n\nЕсли вы не запрашивали сброс пароля, просто не отвечайте на это письмо: пароль останется прежним.\n`,
          expiresAt: expiresIn(RESET_TTL_MS),
        });
      });
      return { detail: FORGOT_DETAIL };
    },
  );

  app.get(
    '/token-validate/:user_id/:token/',
    {
      config: anonymous(app, 30),
      schema: {
        tags: ['account'],
        summary: 'Проверка ссылки сброса или установки пароля (не расходует её)',
        // Loose on purpose: any malformed link gets the same TOKEN_INVALID as a stale one.
        params: Type.Object({ user_id: Text({ maxLength: 20 }), token: Text({ maxLength: 200 }) }),
        response: { 200: Type.Object({ email: Type.String() }), ...errors(400, 429) },
      },
    },
    async (request, reply) => {
      const userId = /^[1-9][0-9]{0,9}$/.test(request.params.user_id) ? Number(request.params.user_id) : 0;
      const email = userId > 0 && userId <= 2147483647 ? await passwordLinkEmail(userId, request.params.token) : null;
      if (!email) throw invalidToken();
      void reply.header('cache-control', 'no-store');
      return { email };
    },
  );

  app.post(
    '/token-validate/',
    {
      config: anonymous(app, 30),
      schema: {
        tags: ['account'],
        summary: 'Проверка ссылки сброса или установки пароля (тело JSON; не расходует её)',
        body: Type.Object({ user_id: Id, token: LinkToken }),
        response: { 200: Type.Object({ email: Type.String() }), ...errors(400, 429) },
      },
    },
    async (request) => {
      const email = await passwordLinkEmail(request.body.user_id, request.body.token);
      if (!email) throw invalidToken();
      return { email };
    },
  );

  app.post(
    '/password-reset/',
    {
      config: anonymous(app, 10),
      schema: {
        tags: ['account'],
        summary: 'Новый пароль по ссылке из письма; завершает все сессии пользователя',
        body: Type.Object({ user_id: Id, token: LinkToken, new_password: Password, new_password_again: Password }),
        response: { 200: Detail, ...errors(400, 429) },
      },
    },
    async (request) => {
      const { user_id: userId, token, new_password: password, new_password_again: again } = request.body;
      assertNewPassword(password, again, { password: 'new_password', again: 'new_password_again' });
      const passwordHash = await hashPassword(password);
      // The row lock makes a double submit wait, then find the link spent.
      const changed = await ctx.db.transaction(async (tx) => {
        const row = await findPasswordLink(ctx, tx, userId, token, true);
        if (!row) return null;
        const [user] = await tx
          .update(users)
          .set({ passwordHash, emailVerified: true })
          .where(and(eq(users.id, userId), eq(users.isActive, true)))
          .returning({ email: users.email, phone: users.phoneNumber });
        if (!user) return null;
        await spendPasswordLinks(ctx, tx, userId);
        return user;
      });
      if (!changed) throw invalidToken();
      await revokeUserSessions(ctx, userId);
      // Failed sign-ins were guesses at the old password: every client starts afresh with the new one.
      await forgetGuesses(ctx, [loginSubject(changed.email), ...(changed.phone ? [loginSubject(changed.phone)] : [])]);
      await ctx.mailer.send({
        to: changed.email,
        subject: 'Пароль изменён',
        text: 'Пароль вашей учётной записи CourseHub был изменён, все сеансы завершены.\nЕсли это сделали не вы, сразу запросите сброс пароля и свяжитесь с поддержкой.\n',
      });
      return { detail: 'Пароль был успешно изменён.' };
    },
  );

  app.post(
    '/change-password/',
    {
      config: limits(app, 10),
      schema: {
        tags: ['account'],
        summary: 'Смена пароля с вводом текущего; завершает остальные сессии',
        security: [{ bearer: [] }],
        body: Type.Object({ old_password: Password, new_password: Password, new_password_again: Password }),
        response: { 200: Type.Object({ ...TokenPair.properties, detail: Type.String() }), ...errors(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const user = await requireUser(app, request);
      refuseWhileImpersonating(request);
      const body = request.body;
      if (!(await verifyPassword(user.passwordHash, body.old_password))) throw fieldError('old_password', 'Неверный текущий пароль.', 'WRONG_PASSWORD');
      assertNewPassword(body.new_password, body.new_password_again, { password: 'new_password', again: 'new_password_again' });
      await ctx.db.update(users).set({ passwordHash: await hashPassword(body.new_password) }).where(eq(users.id, user.id));
      await revokeUserSessions(ctx, user.id);
      // This device stays signed in with a fresh session; every other one has to sign in again.
      const tokens = await issueSession(ctx, user.id);
      return { ...tokens, detail: 'Пароль успешно изменён.' };
    },
  );

  // ---- Profile ----

  app.get(
    '/profile/',
    {
      schema: { tags: ['account'], summary: 'Профиль текущего пользователя', security: [{ bearer: [] }], response: { 200: Profile, ...errors(401) } },
    },
    async (request) => profileBody(await requireUser(app, request)),
  );

  app.patch(
    '/profile/:id/',
    {
      // Its multipart form is the avatar upload, read by the handler itself.
      config: { ...limits(app, 30), files: true },
      schema: {
        tags: ['account'],
        summary: 'Изменение своего профиля (JSON) или загрузка аватара (multipart, поле avatar)',
        security: [{ bearer: [] }],
        params: Type.Object({ id: Id }),
        body: {
          content: {
            'application/json': { schema: ProfilePatch },
            'application/x-www-form-urlencoded': { schema: ProfilePatch },
            // Not validated by a schema: the parts are read and checked in the handler.
            'multipart/form-data': { schema: { description: 'Поле avatar: изображение PNG, JPEG, WebP или GIF, не больше 7 МБ.' } },
          },
        },
        response: { 200: Profile, ...errors(400, 401, 403, 415, 429) },
      },
    },
    async (request) => {
      const user = await requireUser(app, request);
      if (request.params.id !== user.id) throw forbidden('Можно изменять только свой профиль.');
      if (request.isMultipart()) {
        await replaceAvatar(request, user);
        return profileBody(await reloadUser(user.id));
      }
      if (request.body !== undefined && !['application/json', 'application/x-www-form-urlencoded'].includes(request.mediaType ?? '')) {
        throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Отправьте данные в формате JSON, формой или multipart/form-data.');
      }
      await updateProfile(request, user, (request.body ?? {}) as ProfilePatch);
      return profileBody(await reloadUser(user.id));
    },
  );

  async function replaceAvatar(request: FastifyRequest, user: User): Promise<void> {
    let bytes: Buffer | null = null;
    try {
      // The limits are set here too, so a larger app-wide upload limit never loosens the avatar's.
      for await (const part of request.parts({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } })) {
        if (part.fieldname !== 'avatar' || part.type !== 'file') throw fieldError(part.fieldname.slice(0, 100), 'Неизвестное поле.');
        bytes = await part.toBuffer();
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      const code = (error as { code?: unknown }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw fieldError('avatar', `Файл больше ${AVATAR_MAX_BYTES / 1024 / 1024} МБ.`, 'FILE_TOO_LARGE');
      if (code === 'FST_FILES_LIMIT') throw fieldError('avatar', 'Можно загрузить только один файл.');
      // A broken multipart body is the client's mistake, not a server failure.
      throw badRequest('Не удалось прочитать загруженные данные.', undefined, 'BAD_REQUEST');
    }
    if (!bytes) throw fieldError('avatar', 'Обязательное поле.');
    const ext = imageType(bytes);
    if (!ext) throw fieldError('avatar', 'Загрузите изображение в формате PNG, JPEG, WebP или GIF.', 'INVALID_IMAGE');
    const stored = await saveAvatar(config, user.id, bytes, ext);
    let replaced: string | null;
    try {
      // Under the user's row lock: of two uploads at once, each removes exactly the file its update replaced.
      replaced = await ctx.db.transaction(async (tx) => {
        await recordUpload(ctx, tx, user.id, 'avatar', bytes.length);
        const [before] = await tx.select({ avatar: users.avatar }).from(users).where(eq(users.id, user.id));
        await tx.update(users).set({ avatar: stored }).where(eq(users.id, user.id));
        return before?.avatar ?? null;
      });
    } catch (error) {
      await removeAvatar(config, stored);
      throw error;
    }
    await removeAvatar(config, replaced);
  }

  async function updateProfile(request: FastifyRequest, user: User, patch: ProfilePatch): Promise<void> {
    const set: Partial<typeof users.$inferInsert> = {};
    if (patch.city !== undefined) set.city = patch.city.trim();
    if (patch.sex !== undefined) set.sex = patch.sex;
    if (patch.description !== undefined) set.description = patch.description.trim();
    const u = patch.user ?? {};
    if (u.first_name !== undefined) set.firstName = u.first_name.trim();
    if (u.last_name !== undefined) set.lastName = u.last_name.trim();
    if (u.patronymic !== undefined) set.patronymic = u.patronymic.trim();

    if (u.phone_number !== undefined) {
      const raw = u.phone_number.trim();
      if (!raw) {
        if (user.phoneNumber) throw fieldError('user.phone_number', 'Нельзя удалить номер телефона.');
      } else {
        if (!PHONE.test(raw)) throw fieldError('user.phone_number', 'Неверный формат номера телефона.');
        const phone = normalisePhone(raw);
        if (phone !== user.phoneNumber) {
          const [holder] = await ctx.db.select({ id: users.id }).from(users).where(and(eq(users.phoneNumber, phone), ne(users.id, user.id)));
          if (holder) throw fieldError('user.phone_number', PHONE_TAKEN, 'PHONE_TAKEN');
          set.phoneNumber = phone;
        }
      }
    }

    // A new address only takes effect after its code comes back (email-confirm/).
    let newEmail: string | null = null;
    if (u.email !== undefined && normaliseEmail(u.email) !== user.email) {
      refuseWhileImpersonating(request);
      newEmail = normaliseEmail(u.email);
      const [holder] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, newEmail));
      if (holder) throw fieldError('user.email', EMAIL_TAKEN, 'EMAIL_TAKEN');
    }

    let code: string | null = null;
    try {
      code = await ctx.db.transaction(async (tx) => {
        if (Object.keys(set).length) await tx.update(users).set(set).where(eq(users.id, user.id));
        return newEmail ? issueCode(ctx, tx, { userId: user.id, purpose: 'email_change', email: newEmail, ttlMs: EMAIL_CHANGE_TTL_MS, retireOlder: true }) : null;
      });
    } catch (error) {
      if (isUniqueViolation(error, 'users_phone_unique')) throw fieldError('user.phone_number', PHONE_TAKEN, 'PHONE_TAKEN');
      throw error;
    }
    if (newEmail && code) {
      await ctx.mailer.send({
        to: newEmail,
        subject: 'Подтверждение нового адреса почты',
        text: `Здравствуйте!\n\nКод для подтверждения нового адреса: ${code}\nКод действует 1 час.\n\nЕсли вы не меняли адрес на CourseHub, просто не отвечайте на это письмо.\n`,
        expiresAt: expiresIn(EMAIL_CHANGE_TTL_MS),
      });
      await ctx.mailer.send({
        to: user.email,
        subject: 'Запрошена смена адреса почты',
        text: `В вашей учётной записи CourseHub запрошена смена адреса почты на ${newEmail}.\nАдрес изменится, только когда на новом адресе введут код из письма.\nЕсли это были не вы, смените пароль.\n`,
      });
    }
  }

  app.post(
    '/email-confirm/',
    {
      config: limits(app, 10),
      schema: {
        tags: ['account'],
        summary: 'Подтверждение нового адреса почты кодом, отправленным на этот адрес',
        security: [{ bearer: [] }],
        body: Type.Object({ email: Email, code: Code }),
        response: { 200: Profile, ...errors(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const user = await requireUser(app, request);
      refuseWhileImpersonating(request);
      const email = normaliseEmail(request.body.email);
      const code = request.body.code.trim();
      const guess = guessFrom(codeSubject('email_change', String(user.id)), request.ip);
      await takeGuess(ctx, CODE_GUESSES, guess);
      let outcome: 'ok' | 'invalid' | 'taken';
      try {
        outcome = await ctx.db.transaction(async (tx) => {
          const row = await spendCode(ctx, tx, { purpose: 'email_change', scope: eq(oneTimeTokens.userId, user.id), email, code });
          if (!row) return 'invalid';
          const [holder] = await tx.select({ id: users.id }).from(users).where(and(eq(users.email, email), ne(users.id, user.id)));
          if (holder) return 'taken';
          await tx.update(users).set({ email, emailVerified: true }).where(eq(users.id, user.id));
          return 'ok';
        });
      } catch (error) {
        if (isUniqueViolation(error, 'users_email_unique')) outcome = 'taken';
        else throw error;
      }
      if (outcome === 'invalid') throw invalidCode();
      // The code was right (and is spent, even when the address was taken meanwhile).
      await forgetGuesses(ctx, [guess.subject]);
      if (outcome === 'taken') throw fieldError('email', EMAIL_TAKEN, 'EMAIL_TAKEN');
      await ctx.mailer.send({
        to: user.email,
        subject: 'Адрес почты изменён',
        text: `Адрес почты вашей учётной записи CourseHub изменён на ${email}.\nЕсли это были не вы, свяжитесь с поддержкой.\n`,
      });
      return profileBody(await reloadUser(user.id));
    },
  );

  // ---- Files and the demo outbox ----

  app.get(
    '/uploads/avatars/:file',
    {
      schema: {
        tags: ['account'],
        summary: 'Файл аватара',
        params: Type.Object({ file: Text({ maxLength: 100 }) }),
        response: { 200: Type.Unknown({ description: 'Изображение PNG, JPEG, WebP или GIF' }), ...errors(404) },
      },
    },
    async (request, reply) => {
      const file = await avatarFile(config, request.params.file);
      if (!file) throw notFound('Файл не найден.');
      // Names are random and never reused, so the file can be cached for good.
      return reply
        .type(file.type)
        .header('content-length', file.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(createReadStream(file.path));
    },
  );

  // Lets a newcomer read the reset link of a local demo. It holds everyone's links and codes, so it
  // exists only in demo mode without a mail server, and answers only a browser on this machine
  // that reaches the server directly, never through a proxy (shared/http/direct-local-only.ts).
  if (config.demo && !config.smtpUrl) {
    app.get(
      '/dev/outbox/',
      { onRequest: directLocalOnly, schema: { tags: ['account'], summary: 'Демо-режим: последние 50 писем (только с этого компьютера)', response: { 200: Type.String({ description: 'HTML-страница' }), ...errors(404) } } },
      async (_request, reply) => {
        const mails = await outboxMails(ctx.db, ctx.now());
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(outboxPage(mails));
      },
    );
  }
}
