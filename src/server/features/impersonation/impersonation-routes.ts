import { and, desc, eq } from 'drizzle-orm';
import { Type } from 'typebox';
import type { App } from '../../context.ts';
import { accessLogs } from '../access-logs/index.ts';
import { schoolMembers, users } from '../../shared/db/core-tables.ts';
import { badRequest, forbidden, unauthorized } from '../../shared/errors.ts';
import { requireAuth, requireUser } from '../../shared/security/auth.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import { issueSession, revokeImpersonationSessions } from '../../shared/security/sessions.ts';
import { errors, Id, SchoolName, TokenPair } from '../../shared/http/schemas.ts';

const ImpersonationUser = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  username: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
});

const FORBIDDEN_TARGET = 'Просматривать сайт можно только от имени ученика своей школы.';

function userSummary(user: typeof users.$inferSelect) {
  return { id: user.id, email: user.email, username: user.username ?? user.email, first_name: user.firstName, last_name: user.lastName };
}

/**
 * "View as student" (spec §4 Impersonation; the original had no server side). An Admin gets a
 * session of a Student of the same school whose access token names the admin in its `act` claim;
 * every request made with it is logged with the admin as impersonator. Stop ends those sessions
 * and gives the admin a fresh session of their own.
 */
export async function impersonationRoutes(app: App): Promise<void> {
  const { ctx } = app;

  app.post(
    '/impersonate/start/',
    {
      schema: {
        tags: ['impersonation'],
        summary: 'Начать просмотр сайта от имени ученика своей школы (администратор)',
        body: Type.Object({ user_id: Id, school: SchoolName }),
        response: {
          200: Type.Object({ ...TokenPair.properties, user: ImpersonationUser, impersonator: Type.Object({ id: Type.Integer(), email: Type.String() }) }),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      // One level only: a "view as" session is read-only (shared/security/auth.ts), so it cannot start another.
      const admin = await requireUser(app, request);
      const { school } = await requireSchoolRole(app, request, { name: request.body.school }, ['Admin']);
      request.schoolId = school.id;
      request.auditEvent = 'impersonate_start';
      const [target] = await ctx.db
        .select({ user: users, role: schoolMembers.role })
        .from(schoolMembers)
        .innerJoin(users, eq(users.id, schoolMembers.userId))
        .where(and(eq(schoolMembers.schoolId, school.id), eq(schoolMembers.userId, request.body.user_id)));
      // Not a member, not a student, or a disabled account: one answer, so nothing about other schools leaks.
      if (!target || target.role !== 'Student' || !target.user.isActive) throw forbidden(FORBIDDEN_TARGET, 'IMPERSONATION_FORBIDDEN');
      const tokens = await issueSession(ctx, target.user.id, { impersonatorId: admin.id });
      return { ...tokens, user: userSummary(target.user), impersonator: { id: admin.id, email: admin.email } };
    },
  );

  app.post(
    '/impersonate/stop/',
    {
      // The one write a read-only "view as" session may make.
      config: { impersonation: 'allowed' },
      schema: {
        tags: ['impersonation'],
        summary: 'Завершить просмотр от имени ученика и вернуться в свою учётную запись',
        response: { 200: Type.Object({ ...TokenPair.properties, user: ImpersonationUser }), ...errors(400, 401) },
      },
    },
    async (request) => {
      const { userId, impersonatorId } = requireAuth(request);
      if (!impersonatorId) throw badRequest('Просмотр от имени ученика не идёт.', undefined, 'NOT_IMPERSONATING');
      request.auditEvent = 'impersonate_stop';
      await revokeImpersonationSessions(ctx, impersonatorId, userId);
      // The token does not name the school: take it from the admin's latest start, so the stop
      // shows up in that school's request log next to the start.
      const [started] = await ctx.db
        .select({ schoolId: accessLogs.schoolId })
        .from(accessLogs)
        .where(and(eq(accessLogs.userId, impersonatorId), eq(accessLogs.event, 'impersonate_start'), eq(accessLogs.status, 200)))
        .orderBy(desc(accessLogs.id))
        .limit(1);
      request.schoolId = started?.schoolId ?? null;
      const [admin] = await ctx.db.select().from(users).where(eq(users.id, impersonatorId));
      if (!admin || !admin.isActive) throw unauthorized('Учётная запись недоступна.', 'ACCOUNT_DISABLED');
      return { ...(await issueSession(ctx, admin.id)), user: userSummary(admin) };
    },
  );
}
