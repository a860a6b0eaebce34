import { and, asc, count, eq, gt } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { App, FastifyRequest } from '../../context.ts';
import { isUniqueViolation } from '../../shared/db/errors.ts';
import { schoolInvitations } from './tables.ts';
import { schools, users } from '../../shared/db/core-tables.ts';
import { fieldError, forbidden } from '../../shared/errors.ts';
import { hashPassword } from '../../shared/security/passwords.ts';
import { requireUser } from '../../shared/security/auth.ts';
import { accept, findByToken, invitationNotFound, invite, type Invitation, type InviteKind } from './invitations.ts';
import { pageEnvelope } from '../../shared/http/pagination.ts';
import { requireSchoolRole, type School } from '../../shared/security/school-access.ts';
import { issueSession } from '../../shared/security/sessions.ts';
import { assertNewPassword, sessionUser } from '../accounts/index.ts';
import { anonymous, limits } from '../../shared/http/rate-limits.ts';
import { normaliseEmail } from '../../shared/contacts.ts';
import { Detail, Email, errors, Id, Page, PageQuery, Password, SchoolName, SessionUser, Text, TokenPair } from '../../shared/http/schemas.ts';

const Name = Text({ maxLength: 150 });
const Role = Type.Enum(['Student', 'Teacher', 'Admin']);
// The links carry 256 random bits in base64url.
const LinkToken = Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_-]+$' });

const RegisterUserBody = Type.Object({
  school: SchoolName,
  email: Email,
  first_name: Type.Optional(Name),
  last_name: Type.Optional(Name),
  patronymic: Type.Optional(Name),
  role: Type.Optional(Role),
});
const InviteBody = Type.Object({ school: SchoolName, email: Email, role: Type.Optional(Role) });

/** What the school sees of an invitation: the email it typed, the role, the dates. */
const SchoolInvitation = Type.Object({
  invitation_id: Type.Integer(),
  email: Type.String(),
  role: Type.String(),
  created_at: Type.String(),
  expires_at: Type.String(),
});

/** What the invited person sees: the school and the role. */
const InvitationForPerson = Type.Object({
  invitation_id: Type.Integer(),
  school_id: Type.Integer(),
  school_name: Type.String(),
  school_title: Type.String(),
  role: Type.String(),
  expires_at: Type.String(),
});

const LinkInvitation = Type.Object({ ...InvitationForPerson.properties, email: Type.String(), account_exists: Type.Boolean() });
const JoinedSchool = Type.Object({ school_id: Type.Integer(), name: Type.String(), title: Type.String(), role: Type.String() });

const AcceptBody = Type.Object({
  first_name: Type.Optional(Name),
  last_name: Type.Optional(Name),
  password: Type.Optional(Password),
  password_confirmation: Type.Optional(Password),
});

const EMAIL_NOT_VERIFIED = 'Подтвердите адрес электронной почты, чтобы принять приглашение, или откройте ссылку из письма с приглашением.';

const schoolView = (row: Invitation) => ({
  invitation_id: row.id,
  email: row.email,
  role: row.role,
  created_at: row.createdAt.toISOString(),
  expires_at: row.expiresAt.toISOString(),
});

const personView = (row: Invitation, school: School) => ({
  invitation_id: row.id,
  school_id: school.id,
  school_name: school.name,
  school_title: school.title,
  role: row.role,
  expires_at: row.expiresAt.toISOString(),
});

const joined = (school: School, role: string) => ({ school_id: school.id, name: school.name, title: school.title, role });

/**
 * Adding people to a school is an invitation the person accepts (the emailed link, or their
 * choose-school screen); until then the school has only the email it typed, cannot see the
 * account behind it and cannot view the platform as that person.
 */
export async function invitationRoutes(app: App): Promise<void> {
  const { ctx } = app;

  // ---- The school invites ----

  const inviteSchema = <T extends typeof RegisterUserBody | typeof InviteBody>(summary: string, body: T) => ({
    tags: ['invitations'],
    summary,
    security: [{ bearer: [] }],
    body,
    response: { 201: SchoolInvitation, ...errors(400, 401, 403, 404, 429) },
  });

  // register_user/ and invite share everything but the mail's wording.
  async function inviteFor(request: FastifyRequest, body: Static<typeof RegisterUserBody>, kind: InviteKind) {
    const { school } = await requireSchoolRole(app, request, { name: body.school }, ['Admin']);
    const member = { email: normaliseEmail(body.email), role: body.role ?? 'Student', firstName: body.first_name, lastName: body.last_name, patronymic: body.patronymic } as const;
    return schoolView(await invite(ctx, school, request.auth!.userId, member, kind));
  }

  app.post(
    '/register_user/',
    { config: limits(app, 30), schema: inviteSchema('Администратор школы приглашает человека с ролью; он станет участником, когда примет приглашение', RegisterUserBody) },
    async (request, reply) => reply.code(201).send(await inviteFor(request, request.body, 'register')),
  );

  for (const url of ['/invite', '/invite/']) {
    app.post(
      url,
      { config: limits(app, 30), schema: inviteSchema('Приглашение в школу по адресу почты', InviteBody) },
      async (request, reply) => reply.code(201).send(await inviteFor(request, request.body, 'invite')),
    );
  }

  app.get(
    '/:school/invitations/',
    {
      schema: {
        tags: ['invitations'],
        summary: 'Приглашения школы, ещё не принятые (администратор)',
        security: [{ bearer: [] }],
        params: Type.Object({ school: SchoolName }),
        querystring: Type.Object(PageQuery),
        response: { 200: Page(SchoolInvitation), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const page = request.query.p ?? 1;
      const size = request.query.s ?? 20;
      const where = and(eq(schoolInvitations.schoolId, school.id), gt(schoolInvitations.expiresAt, ctx.now()));
      const [total] = await ctx.db.select({ n: count() }).from(schoolInvitations).where(where);
      const rows = await ctx.db.select().from(schoolInvitations).where(where).orderBy(asc(schoolInvitations.id)).limit(size).offset((page - 1) * size);
      return pageEnvelope(request, rows.map(schoolView), total?.n ?? 0, page, size);
    },
  );

  app.delete(
    '/:school/invitations/:id/',
    {
      schema: {
        tags: ['invitations'],
        summary: 'Отозвать приглашение (администратор)',
        security: [{ bearer: [] }],
        params: Type.Object({ school: SchoolName, id: Id }),
        response: { 204: Type.Null(), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const deleted = await ctx.db
        .delete(schoolInvitations)
        .where(and(eq(schoolInvitations.id, request.params.id), eq(schoolInvitations.schoolId, school.id)))
        .returning({ id: schoolInvitations.id });
      if (deleted.length === 0) throw invitationNotFound();
      return reply.code(204).send(null);
    },
  );

  // ---- The person answers: by the emailed link ----

  const tokenParams = Type.Object({ token: LinkToken });
  const byToken = async (token: string) => {
    const found = await findByToken(ctx, token);
    if (!found) throw invitationNotFound();
    return found;
  };
  const accountOf = async (email: string) => (await ctx.db.select().from(users).where(eq(users.email, email)))[0];

  app.get(
    '/invitations/:token/',
    {
      config: anonymous(app, 30),
      schema: {
        tags: ['invitations'],
        summary: 'Приглашение по ссылке из письма: школа, роль, есть ли уже учётная запись',
        params: tokenParams,
        response: { 200: LinkInvitation, ...errors(404, 429) },
      },
    },
    async (request, reply) => {
      const { invitation, school } = await byToken(request.params.token);
      const account = await accountOf(invitation.email);
      void reply.header('cache-control', 'no-store');
      // The link went to this address, so its holder may know whether it has an account here.
      return { ...personView(invitation, school), email: invitation.email, account_exists: Boolean(account?.passwordHash) };
    },
  );

  app.post(
    '/invitations/:token/accept/',
    {
      config: anonymous(app, 10),
      schema: {
        tags: ['invitations'],
        summary: 'Принять приглашение по ссылке; без учётной записи — задать пароль (тогда ответ содержит сессию)',
        params: tokenParams,
        body: AcceptBody,
        response: {
          200: Type.Object({ school: JoinedSchool, ...Type.Partial(Type.Object({ ...TokenPair.properties, user: SessionUser })).properties }),
          ...errors(400, 404, 429),
        },
      },
    },
    async (request) => {
      const { invitation, school } = await byToken(request.params.token);
      const body = request.body;
      const account = await accountOf(invitation.email);
      if (account?.passwordHash) {
        // The link reached the address, which also proves it.
        const role = await ctx.db.transaction(async (tx) => {
          if (!account.emailVerified) await tx.update(users).set({ emailVerified: true }).where(eq(users.id, account.id));
          return accept(ctx, tx, invitation, account.id);
        });
        return { school: joined(school, role) };
      }
      if (!body.password) throw fieldError('password', 'Задайте пароль, чтобы войти в школу.');
      assertNewPassword(body.password, body.password_confirmation ?? '', { password: 'password', again: 'password_confirmation' });
      const passwordHash = await hashPassword(body.password);
      const profile = {
        firstName: body.first_name?.trim() ?? invitation.firstName,
        lastName: body.last_name?.trim() ?? invitation.lastName,
        patronymic: invitation.patronymic,
      };
      let userId: number;
      let role: string;
      try {
        ({ userId, role } = await ctx.db.transaction(async (tx) => {
          const now = ctx.now();
          // An account left without a password (added by an admin before invitations) gets one now.
          const [user] = account
            ? await tx.update(users).set({ passwordHash, emailVerified: true, lastLogin: now }).where(eq(users.id, account.id)).returning({ id: users.id })
            : await tx.insert(users).values({ email: invitation.email, passwordHash, emailVerified: true, ...profile, dateJoined: now, lastLogin: now }).returning({ id: users.id });
          if (!user) throw new Error('invited account neither created nor found');
          return { userId: user.id, role: await accept(ctx, tx, invitation, user.id) };
        }));
      } catch (error) {
        // Someone signed up with this address a moment ago: they accept as an existing account.
        if (isUniqueViolation(error, 'users_email_unique')) throw fieldError('password', 'Учётная запись с этим адресом уже есть. Откройте ссылку ещё раз.', 'EMAIL_TAKEN');
        throw error;
      }
      const tokens = await issueSession(ctx, userId);
      return { ...tokens, user: sessionUser({ id: userId, email: invitation.email, username: null }), school: joined(school, role) };
    },
  );

  app.post(
    '/invitations/:token/decline/',
    {
      config: anonymous(app, 10),
      schema: {
        tags: ['invitations'],
        summary: 'Отклонить приглашение по ссылке из письма',
        params: tokenParams,
        response: { 200: Detail, ...errors(404, 429) },
      },
    },
    async (request) => {
      const { invitation } = await byToken(request.params.token);
      await ctx.db.delete(schoolInvitations).where(eq(schoolInvitations.id, invitation.id));
      return { detail: 'Приглашение отклонено.' };
    },
  );

  // ---- The person answers: signed in, on the choose-school screen ----

  /** Invitations to the signed-in user's address, once the address is confirmed as theirs. */
  async function invitationsOf(request: FastifyRequest, id?: number) {
    const user = await requireUser(app, request);
    const rows = user.emailVerified
      ? await ctx.db
          .select({ invitation: schoolInvitations, school: schools })
          .from(schoolInvitations)
          .innerJoin(schools, eq(schools.id, schoolInvitations.schoolId))
          .where(and(eq(schoolInvitations.email, user.email), gt(schoolInvitations.expiresAt, ctx.now()), id === undefined ? undefined : eq(schoolInvitations.id, id)))
          .orderBy(asc(schoolInvitations.id))
      : [];
    return { user, rows };
  }

  async function oneInvitation(request: FastifyRequest, id: number) {
    const { user, rows } = await invitationsOf(request, id);
    if (!user.emailVerified) throw forbidden(EMAIL_NOT_VERIFIED, 'EMAIL_NOT_VERIFIED');
    const [row] = rows;
    if (!row) throw invitationNotFound();
    return { user, ...row };
  }

  app.get(
    '/user-invitations/',
    {
      schema: {
        tags: ['invitations'],
        summary: 'Приглашения в школы на адрес текущего пользователя (адрес должен быть подтверждён)',
        security: [{ bearer: [] }],
        response: { 200: Type.Array(InvitationForPerson), ...errors(401) },
      },
    },
    async (request) => (await invitationsOf(request)).rows.map(({ invitation, school }) => personView(invitation, school)),
  );

  app.post(
    '/user-invitations/:id/accept/',
    {
      schema: {
        tags: ['invitations'],
        summary: 'Принять приглашение в школу',
        security: [{ bearer: [] }],
        params: Type.Object({ id: Id }),
        response: { 200: JoinedSchool, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { user, invitation, school } = await oneInvitation(request, request.params.id);
      const role = await ctx.db.transaction((tx) => accept(ctx, tx, invitation, user.id));
      request.schoolId = school.id;
      return joined(school, role);
    },
  );

  app.post(
    '/user-invitations/:id/decline/',
    {
      schema: {
        tags: ['invitations'],
        summary: 'Отклонить приглашение в школу',
        security: [{ bearer: [] }],
        params: Type.Object({ id: Id }),
        response: { 200: Detail, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { invitation } = await oneInvitation(request, request.params.id);
      await ctx.db.delete(schoolInvitations).where(eq(schoolInvitations.id, invitation.id));
      return { detail: 'Приглашение отклонено.' };
    },
  );
}
