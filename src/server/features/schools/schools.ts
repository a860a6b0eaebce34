import { schoolNameFromTitle } from '#core/school-name';
import { and, count, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../shared/db/database.ts';
import { START_TARIFF_ID, TRIAL_DAYS } from '../../shared/db/reference-data.ts';
import { schoolHeaders } from './tables.ts';
import { schoolMembers, schools } from '../../shared/db/core-tables.ts';
import { fieldError } from '../../shared/errors.ts';

export const MAX_OWNED_SCHOOLS = 2;
export const SCHOOL_TAKEN = 'Школа с таким названием уже существует.';

/** The URL-safe name for a title, or a field error when the title gives none or it is taken. */
export async function availableSchoolName(db: Db, title: string, field = 'school_name'): Promise<string> {
  const name = schoolNameFromTitle(title);
  if (!name) throw fieldError(field, 'Название должно содержать буквы или цифры.');
  const [taken] = await db.select({ id: schools.id }).from(schools).where(eq(sql`lower(${schools.name})`, name.toLowerCase()));
  if (taken) throw fieldError(field, SCHOOL_TAKEN, 'SCHOOL_NAME_TAKEN');
  return name;
}

/**
 * A new school owned by `ownerId`: the school on the free 'Start' trial, its header, and the owner
 * as its Admin. Runs inside the caller's transaction.
 */
export async function createSchool(
  ctx: AppContext,
  tx: Db,
  input: { ownerId: number; title: string; name: string; referredById?: number | null },
) {
  const [owned] = await tx.select({ n: count() }).from(schools).where(eq(schools.ownerId, input.ownerId));
  if ((owned?.n ?? 0) >= MAX_OWNED_SCHOOLS) {
    throw fieldError('school_name', `Пользователь может быть владельцем не более ${MAX_OWNED_SCHOOLS} школ.`, 'SCHOOL_LIMIT');
  }
  const now = ctx.now();
  const [school] = await tx
    .insert(schools)
    .values({
      name: input.name,
      title: input.title.trim(),
      ownerId: input.ownerId,
      tariffId: START_TARIFF_ID,
      usedTrial: true,
      trialEndDate: new Date(now.getTime() + TRIAL_DAYS * 24 * 3600 * 1000),
      referredById: input.referredById ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!school) throw new Error('school insert returned nothing');
  await tx.insert(schoolHeaders).values({ schoolId: school.id, name: input.title.trim() });
  await tx.insert(schoolMembers).values({ schoolId: school.id, userId: input.ownerId, role: 'Admin', createdAt: now });
  return school;
}

export async function isSchoolOwnerOrAdmin(db: Db, schoolId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ role: schoolMembers.role })
    .from(schoolMembers)
    .where(and(eq(schoolMembers.schoolId, schoolId), eq(schoolMembers.userId, userId)));
  return row?.role === 'Admin';
}
