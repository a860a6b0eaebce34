import { eq, or, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import type { App, FastifyRequest } from '../../context.ts';
import { isUniqueViolation } from '../../shared/db/errors.ts';
import { availableSchoolName, createSchool, SCHOOL_TAKEN, schoolHeaders } from '../schools/index.ts';
import { schoolMembers, schools, tariffs, users } from '../../shared/db/core-tables.ts';
import { AppError, badRequest, fieldError, forbidden } from '../../shared/errors.ts';
import { burnPasswordCheck, hashPassword, passwordProblem, verifyPassword } from '../../shared/security/passwords.ts';
import { IMPERSONATION_READ_ONLY, isImpersonating, requireAuth, requireUser } from '../../shared/security/auth.ts';
import { schoolIsActive } from '../../shared/security/school-access.ts';
import { guessFrom, LOGIN_GUESSES, loginSubject, rightGuess, takeGuess } from './guess-throttle.ts';
import { issueSession, revokeUserSessions, rotateSession } from '../../shared/security/sessions.ts';
import { normaliseEmail, normalisePhone } from '../../shared/contacts.ts';
import { anonymous, limits } from '../../shared/http/rate-limits.ts';
import { Detail, Email, errors, Password, Phone, SessionUser, Text, TokenPair } from '../../shared/http/schemas.ts';

const Utm = {
  utm_source: Type.Optional(Text({ maxLength: 150 })),
  utm_medium: Type.Optional(Text({ maxLength: 150 })),
  utm_campaign: Type.Optional(Text({ maxLength: 150 })),
  utm_term: Type.Optional(Text({ maxLength: 150 })),
  utm_content: Type.Optional(Text({ maxLength: 150 })),
};

const RegisterOwnerBody = Type.Object({
  school_name: Text({ minLength: 1, maxLength: 100 }),
  email: Type.Optional(Email),
  phone_number: Type.Optional(Phone),
  password: Type.Optional(Password),
  password_confirmation: Type.Optional(Password),
  ...Utm,
});

const SchoolSummary = Type.Object({ school_id: Type.Integer(), name: Type.String(), title: Type.String(), role: Type.String() });

const UserSchool = Type.Object({
  school_id: Type.Integer(),
  name: Type.String(),
  title: Type.String(),
  header_school: Type.Union([Type.Integer(), Type.Null()]),
  role: Type.String(),
  is_owner: Type.Boolean(),
  tariff_name: Type.Union([Type.String(), Type.Null()]),
  tariff_paid: Type.Boolean(),
  active: Type.Boolean(),
  trial_end_date: Type.Union([Type.String(), Type.Null()]),
  contact_link: Type.Union([Type.String(), Type.Null()]),
  test_course: Type.Boolean(),
  /** ISO 4217 code of the school's prices. */
  currency: Type.String(),
});

const UserBody = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  username: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  patronymic: Type.String(),
  phone_number: Type.Union([Type.String(), Type.Null()]),
  email_verified: Type.Boolean(),
  is_active: Type.Boolean(),
  date_joined: Type.String(),
  last_login: Type.Union([Type.String(), Type.Null()]),
});

const LOGIN_FAILED = 'Неверный логин или пароль.';
export function sessionUser(user: { id: number; email: string; username: string | null }) {
  return { id: user.id, pk: user.id, email: user.email, username: user.username ?? user.email };
}

export function userBody(user: typeof users.$inferSelect) {
  return {
    id: user.id,
    email: user.email,
    username: user.username ?? user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    patronymic: user.patronymic,
    phone_number: user.phoneNumber,
    email_verified: user.emailVerified,
    is_active: user.isActive,
    date_joined: user.dateJoined.toISOString(),
    last_login: user.lastLogin?.toISOString() ?? null,
  };
}

/** Registration, sign-in and session routes (spec §7 Registration and Auth). */
export async function authRoutes(app: App): Promise<void> {
  const { ctx } = app;

  // The referral code only where the URL has it: the contract gives each path its own parameters.
  const NoParams = Type.Object({});
  const RefParams = Type.Object({ ref: Type.Optional(Text({ maxLength: 64 })) });
  for (const [url, params] of [
    ['/register-school-owner/', NoParams],
    ['/register-school-owner/:ref/', RefParams],
  ] as const) {
    app.post(
      url,
      {
        config: limits(app, 10),
        schema: {
          tags: ['auth'],
          summary: 'Создать школу: нового владельца (email и пароль) или для вошедшего пользователя',
          params,
          body: RegisterOwnerBody,
          response: { 201: Type.Object({ ...TokenPair.properties, user: SessionUser, school: SchoolSummary, message: Type.String() }), ...errors(400, 401, 409, 429) },
        },
      },
      async (request, reply) => {
        const body = request.body;
        // The name is checked before anything is created (the original left orphan users behind).
        const name = await availableSchoolName(ctx.db, body.school_name);
        const referredById = await referrerId(app, 'ref' in request.params ? request.params.ref : undefined);

        let userId: number;
        let email: string;
        let username: string | null;
        if (request.auth) {
          // A "view as" session is read-only (shared/security/auth.ts) and never the source of a new one.
          if (isImpersonating(request)) throw forbidden(IMPERSONATION_READ_ONLY, 'IMPERSONATION_READ_ONLY');
          const user = await requireUser(app, request);
          ({ id: userId, email, username } = user);
        } else {
          const fields: Record<string, string[]> = {};
          if (!body.email) fields.email = ['Обязательное поле.'];
          if (!body.password) fields.password = ['Обязательное поле.'];
          if (!body.password_confirmation) fields.password_confirmation = ['Подтвердите пароль.'];
          if (Object.keys(fields).length) throw badRequest('Проверьте правильность заполнения полей.', fields);
          const problem = passwordProblem(body.password!);
          if (problem) throw fieldError('password', problem);
          if (body.password !== body.password_confirmation) throw fieldError('password_confirmation', 'Пароли не совпадают.');
          email = normaliseEmail(body.email!);
          username = null;
          const [existing] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
          if (existing) throw fieldError('email', 'Пользователь с таким email уже зарегистрирован. Войдите, чтобы создать школу.', 'EMAIL_TAKEN');
          userId = 0;
        }

        const passwordHash = request.auth ? null : await hashPassword(body.password!);
        let school;
        try {
          school = await ctx.db.transaction(async (tx) => {
            if (!request.auth) {
              const [created] = await tx
                .insert(users)
                .values({ email, passwordHash, phoneNumber: body.phone_number ? normalisePhone(body.phone_number) : null, dateJoined: ctx.now() })
                .returning({ id: users.id });
              userId = created!.id;
            } else if (body.phone_number) {
              await tx.update(users).set({ phoneNumber: normalisePhone(body.phone_number) }).where(eq(users.id, userId));
            }
            return createSchool(ctx, tx, { ownerId: userId, title: body.school_name, name, referredById });
          });
        } catch (error) {
          // Two sign-ups racing for one name or address: the loser gets the same answer as a pre-check.
          if (isUniqueViolation(error, 'schools_name_unique')) throw fieldError('school_name', SCHOOL_TAKEN, 'SCHOOL_NAME_TAKEN');
          if (isUniqueViolation(error, 'users_email_unique')) throw fieldError('email', 'Пользователь с таким email уже зарегистрирован.', 'EMAIL_TAKEN');
          if (isUniqueViolation(error, 'users_phone_unique')) throw fieldError('phone_number', 'Этот номер телефона уже используется.', 'PHONE_TAKEN');
          throw error;
        }
        const tokens = await issueSession(ctx, userId);
        void ctx.mailer.send({
          to: email,
          subject: `Школа «${school.title}» создана`,
          text: `Здравствуйте!\n\nШкола «${school.title}» создана на CourseHub. Бесплатный период — 14 дней.\nВход: ${ctx.config.publicUrl}/login\nАдрес школы: ${ctx.config.publicUrl}/school/${school.name}/\n`,
        }).catch((error: unknown) => request.log.error({ err: error }, 'welcome mail failed'));
        return reply.code(201).send({
          ...tokens,
          user: sessionUser({ id: userId, email, username }),
          school: { school_id: school.id, name: school.name, title: school.title, role: 'Admin' },
          message: `Школа «${school.title}» успешно создана.`,
        });
      },
    );
  }

  app.post(
    '/login/',
    {
      config: anonymous(app, 10),
      schema: {
        tags: ['auth'],
        summary: 'Вход по email или телефону и паролю',
        body: Type.Object({ login: Text({ minLength: 1, maxLength: 254 }), password: Password }),
        response: { 200: Type.Object({ ...TokenPair.properties, user: SessionUser }), ...errors(400, 429) },
      },
    },
    async (request) => {
      const login = request.body.login.trim();
      // Throttled per login and client, before the costly check: another client's failures never
      // keep the right password out (guess-throttle.ts).
      const guess = guessFrom(loginSubject(login.includes('@') ? normaliseEmail(login) : normalisePhone(login)), request.ip);
      await takeGuess(ctx, LOGIN_GUESSES, guess);
      const [user] = await ctx.db
        .select()
        .from(users)
        .where(login.includes('@') ? eq(users.email, normaliseEmail(login)) : or(eq(users.phoneNumber, normalisePhone(login)), eq(users.email, normaliseEmail(login))));
      // Same answer, same work, whether the account exists or not.
      const valid = user ? await verifyPassword(user.passwordHash, request.body.password) : await burnPasswordCheck(request.body.password);
      // A failure stays counted (takeGuess counted it before the check).
      if (!user || !valid || !user.isActive) throw badRequest(LOGIN_FAILED, undefined, 'INVALID_CREDENTIALS');
      await rightGuess(ctx, guess);
      await ctx.db.update(users).set({ lastLogin: ctx.now() }).where(eq(users.id, user.id));
      return { ...(await issueSession(ctx, user.id)), user: sessionUser(user) };
    },
  );

  app.post(
    '/token/refresh/',
    {
      // The refresh token is in the body; a stale access token in the header must not stop it.
      config: anonymous(app, 60),
      schema: {
        tags: ['auth'],
        summary: 'Новая пара токенов по refresh-токену (одноразовому)',
        body: Type.Object({ refresh: Text({ minLength: 1, maxLength: 200 }) }),
        response: { 200: TokenPair, ...errors(400, 401, 429) },
      },
    },
    async (request) => rotateSession(ctx, request.body.refresh),
  );

  const logout = async (request: FastifyRequest) => {
    const { userId, impersonatorId } = requireAuth(request);
    // While viewing as a student, logging out signs the admin out (with every "view as" session
    // they opened); the student's own sessions are theirs and stay.
    await revokeUserSessions(ctx, impersonatorId ?? userId);
    return { detail: 'Успешный выход из системы' };
  };
  const logoutSchema = { tags: ['auth'], summary: 'Выход: отзывает все сессии пользователя', response: { 200: Detail, ...errors(401) } };
  app.get('/logout/', { schema: logoutSchema }, logout);
  app.post('/logout/', { schema: logoutSchema }, logout);

  app.get(
    '/user/',
    { schema: { tags: ['auth'], summary: 'Текущий пользователь', response: { 200: UserBody, ...errors(401) } } },
    async (request) => userBody(await requireUser(app, request)),
  );

  app.get(
    '/user-schools/',
    { schema: { tags: ['auth'], summary: 'Школы пользователя и его роль в каждой', response: { 200: Type.Array(UserSchool), ...errors(401) } } },
    async (request) => {
      const user = await requireUser(app, request);
      const rows = await ctx.db
        .select({ school: schools, role: schoolMembers.role, tariffName: tariffs.name, headerId: schoolHeaders.id })
        .from(schoolMembers)
        .innerJoin(schools, eq(schools.id, schoolMembers.schoolId))
        .leftJoin(tariffs, eq(tariffs.id, schools.tariffId))
        .leftJoin(schoolHeaders, eq(schoolHeaders.schoolId, schools.id))
        .where(eq(schoolMembers.userId, user.id))
        .orderBy(sql`${schools.title} collate "C"`);
      const now = ctx.now();
      // The owner comes in twice: as the spec's super admin (role 5: the school's settings, staff,
      // logs and plan) and as its admin (courses and the rest); choose-school offers both.
      const entries = rows.flatMap((row) => (row.school.ownerId === user.id ? [{ ...row, role: 'SuperAdmin' }, row] : [row]));
      return entries.map(({ school, role, tariffName, headerId }) => ({
        school_id: school.id,
        name: school.name,
        title: school.title,
        header_school: headerId,
        role,
        is_owner: school.ownerId === user.id,
        tariff_name: tariffName,
        tariff_paid: school.purchasedTariffEndDate !== null && school.purchasedTariffEndDate > now,
        active: schoolIsActive(school, now),
        trial_end_date: school.trialEndDate?.toISOString() ?? null,
        contact_link: school.contactLink,
        test_course: school.testCourse,
        currency: school.currency,
      }));
    },
  );

  app.get(
    '/auth/social-complete/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Завершение входа через соцсети (Google, Яндекс), когда провайдер настроен',
        response: { 200: Type.Object({ ...TokenPair.properties, user: SessionUser }), ...errors(401, 501) },
      },
    },
    async () => {
      throw new AppError(501, 'SOCIAL_AUTH_NOT_CONFIGURED', 'Вход через социальные сети не настроен на этом сервере.');
    },
  );
}

/** The school a referral code belongs to; an unknown or malformed code is ignored, not an error. */
async function referrerId(app: App, ref: string | undefined): Promise<number | null> {
  if (!ref || !/^[0-9a-f-]{36}$/i.test(ref)) return null;
  const [row] = await app.ctx.db.select({ id: schools.id }).from(schools).where(eq(schools.referralCode, ref));
  return row?.id ?? null;
}
