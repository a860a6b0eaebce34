import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { schoolMembers, users } from '../db/schema.ts';
import { badRequest } from '../errors.ts';
import { DAY_MS, issueLinkToken } from './one-time-tokens.ts';
import type { MemberRole, School } from './school-access.ts';
import { assertStaffLimit, assertStudentLimit } from './tariff-limits.ts';

export interface NewMember {
  /** Lower-cased already. */
  email: string;
  role: MemberRole;
  firstName?: string | undefined;
  lastName?: string | undefined;
  patronymic?: string | undefined;
}

/** 'register': an admin adds the person (register_user/); 'invite': the mail is an invitation. */
export type AddKind = 'register' | 'invite';

export const SET_PASSWORD_TTL_MS = 7 * DAY_MS;

const ROLE_LABELS: Record<MemberRole, string> = { Student: 'ученик', Teacher: 'преподаватель', Admin: 'администратор' };

const alreadyMember = () => badRequest('Пользователь уже состоит в этой школе.', { email: ['Пользователь уже состоит в этой школе.'] }, 'ALREADY_MEMBER');

/**
 * Adds a person to a school with a role, creating the account (without a password) when the
 * address is new, within the plan's limits. A person who has no password yet gets a link to set
 * one (7 days); anyone else a note that they were added. The caller has checked that the actor is
 * an Admin of the school.
 */
export async function addMember(ctx: AppContext, school: School, member: NewMember, kind: AddKind): Promise<{ userId: number; created: boolean }> {
  let outcome: { userId: number; created: boolean; setPasswordToken: string | null };
  try {
    outcome = await ctx.db.transaction(async (tx) => {
      const account = { id: users.id, passwordHash: users.passwordHash };
      let [user] = await tx.select(account).from(users).where(eq(users.email, member.email));
      if (user) {
        const [existing] = await tx
          .select({ id: schoolMembers.id })
          .from(schoolMembers)
          .where(and(eq(schoolMembers.schoolId, school.id), eq(schoolMembers.userId, user.id)));
        if (existing) throw alreadyMember();
      }
      if (member.role === 'Student') await assertStudentLimit(ctx, tx, school.id, 1);
      else await assertStaffLimit(ctx, tx, school.id, 1);

      let created = false;
      if (!user) {
        // ON CONFLICT DO NOTHING: two admins adding the same new address both end up with one account.
        const [inserted] = await tx
          .insert(users)
          .values({
            email: member.email,
            firstName: member.firstName?.trim() ?? '',
            lastName: member.lastName?.trim() ?? '',
            patronymic: member.patronymic?.trim() ?? '',
            dateJoined: ctx.now(),
          })
          .onConflictDoNothing({ target: users.email })
          .returning(account);
        created = Boolean(inserted);
        [user] = inserted ? [inserted] : await tx.select(account).from(users).where(eq(users.email, member.email));
        if (!user) throw new Error('member account neither inserted nor found');
      }
      // A concurrent add of the same person fails here on the unique index (mapped below).
      await tx.insert(schoolMembers).values({ schoolId: school.id, userId: user.id, role: member.role, createdAt: ctx.now() });

      const setPasswordToken = user.passwordHash ? null : await issueLinkToken(ctx, tx, user.id, 'set_password', SET_PASSWORD_TTL_MS);
      return { userId: user.id, created, setPasswordToken };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'school_members_school_user_unique')) throw alreadyMember();
    throw error;
  }

  await ctx.mailer.send(memberMail(ctx, school, member, kind, outcome.userId, outcome.setPasswordToken));
  return { userId: outcome.userId, created: outcome.created };
}

function memberMail(ctx: AppContext, school: School, member: NewMember, kind: AddKind, userId: number, setPasswordToken: string | null) {
  const { publicUrl } = ctx.config;
  const role = ROLE_LABELS[member.role];
  const opening =
    kind === 'invite'
      ? `Вас пригласили в школу «${school.title}» на CourseHub (роль: ${role}).`
      : `Вас добавили в школу «${school.title}» на CourseHub (роль: ${role}).`;
  if (setPasswordToken) {
    return {
      to: member.email,
      subject: kind === 'invite' ? `Приглашение в школу «${school.title}»` : `Вас добавили в школу «${school.title}»`,
      text:
        `Здравствуйте!\n\n${opening}\n\n` +
        `Чтобы войти, задайте пароль по ссылке (она действует 7 дней и открывается один раз):\n` +
        `${publicUrl}/token-validate/${userId}/${setPasswordToken}\n\n` +
        `Если вы не ждали этого письма, просто не отвечайте на него.\n`,
    };
  }
  return {
    to: member.email,
    subject: kind === 'invite' ? `Приглашение в школу «${school.title}»` : `Вас добавили в школу «${school.title}»`,
    text: `Здравствуйте!\n\n${opening}\n\nВойдите под своей учётной записью: ${publicUrl}/login\n`,
  };
}
