import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../context.ts';
import type { Db } from '../db/database.ts';
import { schoolMembers, schools } from '../db/core-tables.ts';
import { AppError, forbidden, notFound } from '../errors.ts';
import { requireAuth } from './auth.ts';

/** A membership's role, as school_members keeps it. */
export type MemberRole = 'Admin' | 'Teacher' | 'Student';
/** What a route may ask for: a membership role, or 'SuperAdmin', the school's owner (spec role 5). */
export type SchoolRole = MemberRole | 'SuperAdmin';
export type School = typeof schools.$inferSelect;

export const schoolNotFound = () => notFound('Школа не найдена.', 'SCHOOL_NOT_FOUND');

/** A school's plan is usable while its trial or its paid period lasts. */
export function schoolIsActive(school: Pick<School, 'tariffId' | 'trialEndDate' | 'purchasedTariffEndDate'>, now: Date): boolean {
  if (school.tariffId === null) return false;
  const ends = [school.trialEndDate, school.purchasedTariffEndDate].filter((d): d is Date => d !== null);
  return ends.some((end) => end > now);
}

/** The school as the caller sees it: the row, their membership role, and the impersonating admin's. */
interface Access {
  school: School;
  role: MemberRole | null;
  impersonatorRole: MemberRole | null;
}

const impersonator = alias(schoolMembers, 'impersonator');
// Per request: a route that checks twice (or checks, then reads the school) queries once.
const lookups = new WeakMap<FastifyRequest, Map<string, Promise<Access | null>>>();

/**
 * The school by its name (the lower(name) unique index) or id, with the caller's and an
 * impersonating admin's roles: one statement, prepared once per database (every school-scoped
 * request runs it, and planning it cost more than running it).
 */
function prepareAccess(db: Db, by: 'name' | 'id') {
  return db
    .select({ school: schools, role: schoolMembers.role, impersonatorRole: impersonator.role })
    .from(schools)
    .leftJoin(schoolMembers, and(eq(schoolMembers.schoolId, schools.id), eq(schoolMembers.userId, sql.placeholder('user'))))
    // No impersonator: 0 matches nothing (ids are positive).
    .leftJoin(impersonator, and(eq(impersonator.schoolId, schools.id), eq(impersonator.userId, sql.placeholder('impersonator'))))
    .where(by === 'name' ? eq(sql`lower(${schools.name})`, sql.placeholder('school')) : eq(schools.id, sql.placeholder('school')))
    .prepare(`school_access_by_${by}`);
}
const prepared = new WeakMap<Db, Record<'name' | 'id', ReturnType<typeof prepareAccess>>>();

async function loadAccess(app: App, school: { name: string } | { id: number }, userId: number, impersonatorId: number | null): Promise<Access | null> {
  const db = app.ctx.db;
  let statements = prepared.get(db);
  if (!statements) prepared.set(db, (statements = { name: prepareAccess(db, 'name'), id: prepareAccess(db, 'id') }));
  const [row] = await ('name' in school
    ? statements.name.execute({ school: school.name.toLowerCase(), user: userId, impersonator: impersonatorId ?? 0 })
    : statements.id.execute({ school: school.id, user: userId, impersonator: impersonatorId ?? 0 }));
  return row ? { school: row.school, role: row.role as MemberRole | null, impersonatorRole: row.impersonatorRole as MemberRole | null } : null;
}

function cachedAccess(app: App, request: FastifyRequest, school: { name: string } | { id: number }, userId: number, impersonatorId: number | null) {
  let cache = lookups.get(request);
  if (!cache) lookups.set(request, (cache = new Map()));
  const key = 'name' in school ? `n:${school.name.toLowerCase()}` : `i:${school.id}`;
  let access = cache.get(key);
  if (!access) cache.set(key, (access = loadAccess(app, school, userId, impersonatorId)));
  return access;
}

/**
 * Loads a school and checks, in the database, that the caller has one of `roles` in it. Every
 * school-scoped route goes through here. 'SuperAdmin' is granted to the school's owner (who is
 * also its admin). A lapsed plan leaves the school to its admins (they can pay); everyone else
 * gets 451, which the app turns into /access-denied. Returns the role the route was let in by.
 */
export async function requireSchoolRole<R extends SchoolRole>(
  app: App,
  request: FastifyRequest,
  school: { name: string } | { id: number },
  roles: readonly R[],
): Promise<{ school: School; role: R }> {
  const { userId, impersonatorId } = requireAuth(request);
  const access = await cachedAccess(app, request, school, userId, impersonatorId);
  if (!access) throw schoolNotFound();
  const { school: row, role, impersonatorRole } = access;
  if (!role) throw forbidden('Вы не состоите в этой школе.', 'NOT_A_MEMBER');
  // An impersonated session reaches only schools the real actor administers: a student who also
  // studies elsewhere must not open that other school to this admin.
  if (impersonatorId !== null && impersonatorRole !== 'Admin') throw forbidden('Вы не состоите в этой школе.', 'NOT_A_MEMBER');
  request.schoolId = row.id;
  // The owner's role 5 is never lent to a "view as" session.
  const owner = impersonatorId === null && row.ownerId === userId;
  const allowed = roles as readonly SchoolRole[];
  const granted = allowed.includes(role) ? role : owner && allowed.includes('SuperAdmin') ? 'SuperAdmin' : null;
  if (!granted) throw forbidden();
  if (role !== 'Admin' && !schoolIsActive(row, app.ctx.now())) {
    throw new AppError(451, 'SCHOOL_SUSPENDED', 'Доступ к школе приостановлен: тариф школы не оплачен.');
  }
  return { school: row, role: granted as R };
}
