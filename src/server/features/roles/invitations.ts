import { and, count, eq, gt, inArray, lte, ne, notInArray } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../shared/db/database.ts';
import { schoolInvitationGroups, schoolInvitations } from './tables.ts';
import { schoolMembers, schools, users } from '../../shared/db/core-tables.ts';
import { badRequest, notFound } from '../../shared/errors.ts';
import { digest, randomToken } from '../../shared/security/tokens.ts';
import type { MemberRole, School } from '../../shared/security/school-access.ts';
import { joinGroups, studentsGroups } from '../groups/index.ts';
import { assertStaffLimit, assertStudentLimit } from '../tariffs/index.ts';

export type Invitation = typeof schoolInvitations.$inferSelect;

export interface NewInvitation {
  /** Lower-cased already. */
  email: string;
  role: MemberRole;
  firstName?: string | undefined;
  lastName?: string | undefined;
  patronymic?: string | undefined;
}

/** 'register': an admin adds the person (register_user/); 'invite': the mail is an invitation. */
export type InviteKind = 'register' | 'invite';

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const ROLE_LABELS: Record<MemberRole, string> = { Student: 'ученик', Teacher: 'преподаватель', Admin: 'администратор' };
const STAFF: MemberRole[] = ['Teacher', 'Admin'];

export const alreadyMember = () => badRequest('Пользователь уже состоит в этой школе.', { email: ['Пользователь уже состоит в этой школе.'] }, 'ALREADY_MEMBER');
export const invitationNotFound = () => notFound('Приглашение не найдено или устарело.', 'INVITATION_NOT_FOUND');

/** Live invitations of the school for these roles, not counting `exceptEmail` (it is being replaced). */
async function pendingCount(ctx: AppContext, tx: Db, schoolId: number, roles: MemberRole[], exceptEmail: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(schoolInvitations)
    .where(
      and(
        eq(schoolInvitations.schoolId, schoolId),
        inArray(schoolInvitations.role, roles),
        gt(schoolInvitations.expiresAt, ctx.now()),
        ne(schoolInvitations.email, exceptEmail),
      ),
    );
  return row?.n ?? 0;
}

/** The plan's limit for one more person in `role`; `pending` counts invitations not yet accepted. */
async function assertRoom(ctx: AppContext, tx: Db, schoolId: number, role: MemberRole, pending: number): Promise<void> {
  if (role === 'Student') await assertStudentLimit(ctx, tx, schoolId, 1 + pending);
  else await assertStaffLimit(ctx, tx, schoolId, 1 + pending);
}

/**
 * Invites a person to a school. Nothing is created for the account behind the address, and the
 * answer is the same whether it exists: the school learns only the email it typed until the person
 * accepts. Inviting the same address again renews the invitation (a new link, the old one dies).
 * The mail goes out after the answer. The caller has checked that the actor is an Admin.
 */
export async function invite(ctx: AppContext, school: School, invitedBy: number, member: NewInvitation, kind: InviteKind): Promise<Invitation> {
  const made = await ctx.db.transaction((tx) => createInvitation(ctx, tx, school, invitedBy, member));
  mailInvitation(ctx, school, made, kind);
  return made.invitation;
}

/** An invitation just written, with the link's token for its mail. */
export interface MadeInvitation {
  invitation: Invitation;
  token: string;
}

/**
 * invite() within the caller's transaction; the caller sends mailInvitation() once it commits.
 * `groupIds` (a student invitation from access-distribution/: groups of this school, checked by the
 * caller) are the groups the person joins on acceptance, added to those a live invitation names
 * already; a group replaces the invitation's earlier group of its course (the admin's latest choice).
 * A renewed invitation that had expired, or is now for staff, loses its groups.
 */
export async function createInvitation(
  ctx: AppContext,
  tx: Db,
  school: School,
  invitedBy: number,
  member: NewInvitation,
  groupIds: readonly number[] = [],
): Promise<MadeInvitation> {
  const token = randomToken();
  const now = ctx.now();
  const [existing] = await tx
    .select({ id: schoolMembers.id })
    .from(schoolMembers)
    .innerJoin(users, eq(users.id, schoolMembers.userId))
    .where(and(eq(schoolMembers.schoolId, school.id), eq(users.email, member.email)));
  if (existing) throw alreadyMember();
  const roles = member.role === 'Student' ? (['Student'] as MemberRole[]) : STAFF;
  await assertRoom(ctx, tx, school.id, member.role, await pendingCount(ctx, tx, school.id, roles, member.email));
  const [earlier] = await tx
    .select({ id: schoolInvitations.id })
    .from(schoolInvitations)
    .where(and(eq(schoolInvitations.schoolId, school.id), eq(schoolInvitations.email, member.email), member.role === 'Student' ? lte(schoolInvitations.expiresAt, now) : undefined));
  if (earlier) await tx.delete(schoolInvitationGroups).where(eq(schoolInvitationGroups.invitationId, earlier.id));
  const values = {
    role: member.role,
    firstName: member.firstName?.trim() ?? '',
    lastName: member.lastName?.trim() ?? '',
    patronymic: member.patronymic?.trim() ?? '',
    tokenHash: digest(token),
    invitedBy,
    expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
    createdAt: now,
  };
  const [invitation] = await tx
    .insert(schoolInvitations)
    .values({ schoolId: school.id, email: member.email, ...values })
    .onConflictDoUpdate({ target: [schoolInvitations.schoolId, schoolInvitations.email], set: values })
    .returning();
  if (!invitation) throw new Error('invitation upsert returned nothing');
  if (member.role === 'Student' && groupIds.length > 0) {
    const ids = [...new Set(groupIds)];
    const courses = tx.select({ courseId: studentsGroups.courseId }).from(studentsGroups).where(inArray(studentsGroups.id, ids));
    const replaced = tx.select({ id: studentsGroups.id }).from(studentsGroups).where(and(inArray(studentsGroups.courseId, courses), notInArray(studentsGroups.id, ids)));
    await tx.delete(schoolInvitationGroups).where(and(eq(schoolInvitationGroups.invitationId, invitation.id), inArray(schoolInvitationGroups.groupId, replaced)));
    await tx
      .insert(schoolInvitationGroups)
      .values(ids.map((groupId) => ({ invitationId: invitation.id, groupId })))
      .onConflictDoNothing();
  }
  return { invitation, token };
}

/** Sends the invitation's mail after the answer (and after the transaction that wrote it). */
export function mailInvitation(ctx: AppContext, school: School, made: MadeInvitation, kind: InviteKind): void {
  ctx.jobs.run('invitation mail', () => sendInvitationMail(ctx, school, made.invitation, made.token, kind));
}

async function sendInvitationMail(ctx: AppContext, school: School, invitation: Invitation, token: string, kind: InviteKind): Promise<void> {
  const [account] = await ctx.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.email, invitation.email));
  const role = ROLE_LABELS[invitation.role as MemberRole];
  const link = `${ctx.config.publicUrl}/invitation/${token}`;
  const opening =
    kind === 'invite'
      ? `Вас пригласили в школу «${school.title}» на CourseHub (роль: ${role}).`
      : `Вас добавили в школу «${school.title}» на CourseHub (роль: ${role}).`;
  const action = account?.passwordHash
    ? `Чтобы принять приглашение, откройте ссылку (она действует 7 дней):\n${link}\n\n` +
      `Или войдите в свою учётную запись и примите приглашение на странице выбора школы: ${ctx.config.publicUrl}/chooseSchool\n`
    : `Чтобы принять приглашение, откройте ссылку и задайте пароль (ссылка действует 7 дней):\n${link}\n`;
  await ctx.mailer.send({
    to: invitation.email,
    subject: `Приглашение в школу «${school.title}»`,
    text: `Здравствуйте!\n\n${opening}\n\n${action}\nЕсли вы не ждали этого письма, просто не отвечайте на него: без вашего согласия вас никуда не добавят.\n`,
    expiresAt: invitation.expiresAt,
  });
}

/** The live invitation behind an emailed link, with its school, or null. */
export async function findByToken(ctx: AppContext, token: string): Promise<{ invitation: Invitation; school: School } | null> {
  const [row] = await ctx.db
    .select({ invitation: schoolInvitations, school: schools })
    .from(schoolInvitations)
    .innerJoin(schools, eq(schools.id, schoolInvitations.schoolId))
    .where(and(eq(schoolInvitations.tokenHash, digest(token)), gt(schoolInvitations.expiresAt, ctx.now())));
  return row ?? null;
}

/**
 * Makes the person a member with the invited role (within the plan's limits, checked again now),
 * puts a student into the groups the invitation names, and spends the invitation. Accepting twice,
 * or after joining another way, is harmless. Both ways of accepting (the link, the choose-school
 * screen) come here. Returns the person's role in the school now.
 */
export async function accept(ctx: AppContext, tx: Db, invitation: Invitation, userId: number): Promise<MemberRole> {
  // Read again under the lock: the school may have renewed it (another role) since it was found.
  const [current] = await tx.select({ role: schoolInvitations.role }).from(schoolInvitations).where(eq(schoolInvitations.id, invitation.id)).for('update');
  if (!current) throw invitationNotFound();
  const role = current.role as MemberRole;
  const [member] = await tx
    .select({ id: schoolMembers.id, role: schoolMembers.role })
    .from(schoolMembers)
    .where(and(eq(schoolMembers.schoolId, invitation.schoolId), eq(schoolMembers.userId, userId)));
  if (!member) {
    await assertRoom(ctx, tx, invitation.schoolId, role, 0);
    await tx.insert(schoolMembers).values({ schoolId: invitation.schoolId, userId, role, createdAt: ctx.now() }).onConflictDoNothing();
  }
  // Groups are for a student: someone who became staff of the school meanwhile joins none. A group
  // deleted meanwhile took its row with it; one of a course the student is in already is skipped.
  if (role === 'Student' && (member?.role ?? role) === 'Student') {
    const groups = await tx.select({ groupId: schoolInvitationGroups.groupId }).from(schoolInvitationGroups).where(eq(schoolInvitationGroups.invitationId, invitation.id));
    await joinGroups(
      tx,
      groups.map((row) => row.groupId),
      userId,
      ctx.now(),
    );
  }
  await tx.delete(schoolInvitations).where(eq(schoolInvitations.id, invitation.id));
  return (member?.role as MemberRole | undefined) ?? role;
}
