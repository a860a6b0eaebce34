import { and, count, eq, gte, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../shared/db/database.ts';
import { schoolMembers, schools, tariffs } from '../../shared/db/core-tables.ts';
import { badRequest } from '../../shared/errors.ts';
import { serverRefusalsMessages as refusals } from '#core/messages/server-refusals';

export const STAFF_LIMIT_MESSAGE = refusals.staffLimit;
export const STUDENT_LIMIT_MESSAGE = refusals.studentLimit;
export const COURSE_LIMIT_MESSAGE = 'Превышено количество курсов для выбранного тарифа.';
export const NO_TARIFF_MESSAGE = 'У вас нет оплаченного тарифа.';

const tariffLimit = (message: string) => badRequest(message, undefined, 'TARIFF_LIMIT');

/**
 * The school's plan, with the school row locked until the caller's transaction ends: two admins
 * adding people at once are counted one after the other, never both against the same total.
 */
async function lockedPlan(tx: Db, schoolId: number) {
  const [school] = await tx.select({ tariffId: schools.tariffId }).from(schools).where(eq(schools.id, schoolId)).for('update');
  if (!school || school.tariffId === null) throw badRequest(NO_TARIFF_MESSAGE, undefined, 'NO_TARIFF');
  const [plan] = await tx.select().from(tariffs).where(eq(tariffs.id, school.tariffId));
  if (!plan) throw badRequest(NO_TARIFF_MESSAGE, undefined, 'NO_TARIFF');
  return plan;
}

/**
 * Throws TARIFF_LIMIT when `adding` more Teachers/Admins would exceed the plan's number_of_staff
 * (null = unlimited). Run inside the transaction that adds them.
 */
export async function assertStaffLimit(_ctx: AppContext, tx: Db, schoolId: number, adding: number): Promise<void> {
  const plan = await lockedPlan(tx, schoolId);
  if (plan.numberOfStaff === null) return;
  const [row] = await tx
    .select({ n: count() })
    .from(schoolMembers)
    .where(and(eq(schoolMembers.schoolId, schoolId), inArray(schoolMembers.role, ['Teacher', 'Admin'])));
  if ((row?.n ?? 0) + adding > plan.numberOfStaff) throw tariffLimit(STAFF_LIMIT_MESSAGE);
}

/** The first instant of the current calendar month (UTC), by the app's clock. */
export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/**
 * Throws TARIFF_LIMIT when `adding` more students this calendar month would exceed the plan's
 * students_per_month (null = unlimited): Student memberships created since the month began count.
 */
export async function assertStudentLimit(ctx: AppContext, tx: Db, schoolId: number, adding: number): Promise<void> {
  const plan = await lockedPlan(tx, schoolId);
  if (plan.studentsPerMonth === null) return;
  const [row] = await tx
    .select({ n: count() })
    .from(schoolMembers)
    .where(and(eq(schoolMembers.schoolId, schoolId), eq(schoolMembers.role, 'Student'), gte(schoolMembers.createdAt, monthStart(ctx.now()))));
  if ((row?.n ?? 0) + adding > plan.studentsPerMonth) throw tariffLimit(STUDENT_LIMIT_MESSAGE);
}

/**
 * Throws TARIFF_LIMIT when one more live course would exceed the plan's number_of_courses (null =
 * unlimited). Courses in the recycle bin do not count (the original counted them): the courses
 * feature, above this one, counts them with `liveCourses`, read once the plan is locked. Run inside
 * the transaction that adds or restores the course.
 */
export async function assertCourseLimit(tx: Db, schoolId: number, liveCourses: (tx: Db, schoolId: number) => Promise<number>): Promise<void> {
  const plan = await lockedPlan(tx, schoolId);
  if (plan.numberOfCourses === null) return;
  if ((await liveCourses(tx, schoolId)) + 1 > plan.numberOfCourses) throw tariffLimit(COURSE_LIMIT_MESSAGE);
}

const GB = 1024 ** 3;
/** Storage for course files and videos per plan (by tariff id): Start 1 GB, Junior 5, Middle 20, Senior 100. */
export const STORAGE_BYTES_BY_TARIFF: Readonly<Record<number, number>> = { 1: 1 * GB, 2: 5 * GB, 3: 20 * GB, 4: 100 * GB };
export const STORAGE_LIMIT_MESSAGE = 'Недостаточно места в хранилище школы для этого файла: удалите ненужные файлы или перейдите на тариф с большим хранилищем.';

/** The storage a school's plan gives, in bytes (a plan not in the table, or none, gives the smallest). */
export function storageQuotaBytes(tariffId: number | null): number {
  return (tariffId !== null ? STORAGE_BYTES_BY_TARIFF[tariffId] : undefined) ?? STORAGE_BYTES_BY_TARIFF[1]!;
}
