// What a paid course order gives its buyer, inside the payment's transaction: a place in the
// course's group for sales. A member student joins it at once; someone the school does not know yet
// gets a student invitation carrying the group (docs/security.md: nobody joins a school without
// accepting), mailed with the purchase, which also lets a new buyer set their password.
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../shared/db/database.ts';
import { schoolMembers, users } from '../../shared/db/core-tables.ts';
import { AppError } from '../../shared/errors.ts';
import type { School } from '../../shared/security/school-access.ts';
import { courses } from '../courses/index.ts';
import { joinGroups, studentsGroups } from '../groups/index.ts';
import { createInvitation } from '../roles/index.ts';
import type { CourseOrder } from './order-links.ts';

/** The group buyers of a course join when the link named none (made on the first sale). */
export const SALES_GROUP_NAME = 'Покупатели курса';

export type AccessOutcome = 'granted' | 'invited' | 'staff' | 'failed';

/** Why access was not given: the order's promo code had no use left when it was paid (apply-order-payment.ts). */
export const PROMO_USED_UP = 'PROMO_USED_UP';

export interface Granted {
  access: AccessOutcome;
  userId: number | null;
  groupId: number | null;
  /** The invitation link's token, for the purchase mail (sent after the commit). */
  invitationToken: string | null;
  /** When that link stops working: the mail leaves the outbox then. */
  invitationExpiresAt?: Date;
  reason?: string;
}

/**
 * The order's group if it is still a group of the course, else the course's sales group, created
 * (without a teacher: homework is accepted at once) under the course's row lock so two sales at
 * once make one. Null when the course is gone.
 */
async function salesGroup(tx: Db, order: CourseOrder, now: Date): Promise<{ id: number; courseId: number } | null> {
  if (order.courseId === null) return null;
  const [course] = await tx
    .select({ id: courses.id, schoolId: courses.schoolId })
    .from(courses)
    .where(and(eq(courses.id, order.courseId), eq(courses.schoolId, order.schoolId)))
    .for('update');
  if (!course) return null;
  const onCourse = and(eq(studentsGroups.courseId, course.id), eq(studentsGroups.schoolId, order.schoolId));
  if (order.groupId !== null) {
    const [chosen] = await tx.select({ id: studentsGroups.id, courseId: studentsGroups.courseId }).from(studentsGroups).where(and(onCourse, eq(studentsGroups.id, order.groupId)));
    if (chosen) return chosen;
  }
  const [existing] = await tx
    .select({ id: studentsGroups.id, courseId: studentsGroups.courseId })
    .from(studentsGroups)
    .where(and(onCourse, eq(studentsGroups.name, SALES_GROUP_NAME)))
    .orderBy(asc(studentsGroups.id))
    .limit(1);
  if (existing) return existing;
  const [made] = await tx
    .insert(studentsGroups)
    .values({ schoolId: order.schoolId, courseId: course.id, name: SALES_GROUP_NAME, type: 'WITHOUT_TEACHER', teacherId: null, createdAt: now, updatedAt: now })
    .returning({ id: studentsGroups.id, courseId: studentsGroups.courseId });
  return made!;
}

export async function grantCourseAccess(ctx: AppContext, tx: Db, school: School, order: CourseOrder): Promise<Granted> {
  const now = ctx.now();
  const group = await salesGroup(tx, order, now);
  if (!group) return { access: 'failed', userId: null, groupId: null, invitationToken: null, reason: 'course gone' };
  const [member] = await tx
    .select({ userId: users.id, role: schoolMembers.role })
    .from(users)
    .leftJoin(schoolMembers, and(eq(schoolMembers.userId, users.id), eq(schoolMembers.schoolId, school.id)))
    .where(eq(users.email, order.email));
  if (member?.role === 'Student') {
    await joinGroups(tx, [group.id], member.userId, now);
    return { access: 'granted', userId: member.userId, groupId: group.id, invitationToken: null };
  }
  if (member?.role) return { access: 'staff', userId: member.userId, groupId: group.id, invitationToken: null };
  try {
    // A savepoint: the plan's student limit may refuse, and the payment must still be recorded.
    const made = await tx.transaction((sp) =>
      createInvitation(ctx, sp, school, school.ownerId ?? (null as unknown as number), { email: order.email, role: 'Student', firstName: order.name || undefined }, [group.id]),
    );
    return { access: 'invited', userId: member?.userId ?? null, groupId: group.id, invitationToken: made.token, invitationExpiresAt: made.invitation.expiresAt };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { access: 'failed', userId: member?.userId ?? null, groupId: group.id, invitationToken: null, reason: error.code };
  }
}
