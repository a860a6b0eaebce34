import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { App } from '../context.ts';
import { schoolMembers, schools } from '../db/schema.ts';
import { AppError, forbidden, notFound } from '../errors.ts';
import { requireAuth } from './auth.ts';

export type MemberRole = 'Admin' | 'Teacher' | 'Student';
export type School = typeof schools.$inferSelect;

export const schoolNotFound = () => notFound('Школа не найдена.', 'SCHOOL_NOT_FOUND');

/** A school's plan is usable while its trial or its paid period lasts. */
export function schoolIsActive(school: Pick<School, 'tariffId' | 'trialEndDate' | 'purchasedTariffEndDate'>, now: Date): boolean {
  if (school.tariffId === null) return false;
  const ends = [school.trialEndDate, school.purchasedTariffEndDate].filter((d): d is Date => d !== null);
  return ends.some((end) => end > now);
}

async function memberRole(app: App, schoolId: number, userId: number): Promise<MemberRole | null> {
  const [row] = await app.ctx.db
    .select({ role: schoolMembers.role })
    .from(schoolMembers)
    .where(and(eq(schoolMembers.schoolId, schoolId), eq(schoolMembers.userId, userId)));
  return (row?.role as MemberRole | undefined) ?? null;
}

/**
 * Loads a school and checks, in the database, that the caller has one of `roles` in it. Every
 * school-scoped route goes through here. A lapsed plan leaves the school to its admins (they
 * can pay); everyone else gets 451, which the app turns into /access-denied.
 */
export async function requireSchoolRole(
  app: App,
  request: FastifyRequest,
  school: { name: string } | { id: number },
  roles: readonly MemberRole[],
): Promise<{ school: School; role: MemberRole }> {
  const { userId, impersonatorId } = requireAuth(request);
  const [row] = await app.ctx.db
    .select()
    .from(schools)
    // Names are unique case-insensitively: matching on lower(name) is the same school, by its index.
    .where('name' in school ? eq(sql`lower(${schools.name})`, school.name.toLowerCase()) : eq(schools.id, school.id));
  if (!row) throw schoolNotFound();
  const role = await memberRole(app, row.id, userId);
  if (!role) throw forbidden('Вы не состоите в этой школе.', 'NOT_A_MEMBER');
  // An impersonated session reaches only schools the real actor administers: a student who also
  // studies elsewhere must not open that other school to this admin.
  if (impersonatorId !== null && (await memberRole(app, row.id, impersonatorId)) !== 'Admin') {
    throw forbidden('Вы не состоите в этой школе.', 'NOT_A_MEMBER');
  }
  request.schoolId = row.id;
  if (!roles.includes(role)) throw forbidden();
  if (role !== 'Admin' && !schoolIsActive(row, app.ctx.now())) {
    throw new AppError(451, 'SCHOOL_SUSPENDED', 'Доступ к школе приостановлен: тариф школы не оплачен.');
  }
  return { school: row, role };
}
