import { and, eq } from 'drizzle-orm';
import { Type } from 'typebox';
import type { App } from '../../context.ts';
import type { Db } from '../../shared/db/database.ts';
import { schoolMembers } from '../../shared/db/core-tables.ts';
import { notFound } from '../../shared/errors.ts';
import { errors, Id, SchoolName, Text } from '../../shared/http/schemas.ts';
import { requireSchoolRole } from '../../shared/security/school-access.ts';
import { userPseudonyms } from '../schools/index.ts';

const Pseudonym = Type.Object({ user: Type.Integer(), school: Type.Integer(), pseudonym: Type.Union([Type.String(), Type.Null()]) });

const userNotInSchool = () => notFound('Пользователь не состоит в этой школе.', 'USER_NOT_IN_SCHOOL');

/**
 * Sets a member's pseudonym: `school_members.pseudonym`, which what students are shown reads (a
 * teacher's name on homework), and the older `user_pseudonyms` row the member list and
 * `user_pseudonym/{school}/` read, so both show the same name. Empty clears it. The caller checks
 * the actor; the target must be a member of the school.
 */
export async function setPseudonym(tx: Db, schoolId: number, userId: number, value: string | null): Promise<string | null> {
  const pseudonym = value?.trim() || null;
  const [member] = await tx
    .update(schoolMembers)
    .set({ pseudonym })
    .where(and(eq(schoolMembers.schoolId, schoolId), eq(schoolMembers.userId, userId)))
    .returning({ id: schoolMembers.id });
  if (!member) throw userNotInSchool();
  const where = and(eq(userPseudonyms.schoolId, schoolId), eq(userPseudonyms.userId, userId));
  if (pseudonym === null) await tx.delete(userPseudonyms).where(where);
  else {
    await tx
      .insert(userPseudonyms)
      .values({ schoolId, userId, pseudonym })
      .onConflictDoUpdate({ target: [userPseudonyms.schoolId, userPseudonyms.userId], set: { pseudonym } });
  }
  return pseudonym;
}

/**
 * A staff member's pseudonym (spec §7 user pseudonym): the name students see instead of theirs.
 * The admin reads and sets it for any member of the school.
 */
export async function pseudonymRoutes(app: App): Promise<void> {
  const { ctx } = app;

  app.get(
    '/:school/user_pseudonym/',
    {
      schema: {
        tags: ['groups'],
        summary: 'Псевдоним участника школы, который видят ученики (администратор)',
        params: Type.Object({ school: SchoolName }),
        querystring: Type.Object({ user_id: Id }),
        response: { 200: Pseudonym, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const [row] = await ctx.db
        .select({ own: schoolMembers.pseudonym, older: userPseudonyms.pseudonym })
        .from(schoolMembers)
        .leftJoin(userPseudonyms, and(eq(userPseudonyms.schoolId, schoolMembers.schoolId), eq(userPseudonyms.userId, schoolMembers.userId)))
        .where(and(eq(schoolMembers.schoolId, school.id), eq(schoolMembers.userId, request.query.user_id)));
      if (!row) throw userNotInSchool();
      return { user: request.query.user_id, school: school.id, pseudonym: row.own ?? row.older ?? null };
    },
  );

  app.put(
    '/:school/user_pseudonym/',
    {
      schema: {
        tags: ['groups'],
        summary: 'Задать псевдоним участника школы; пустой удаляет (администратор)',
        params: Type.Object({ school: SchoolName }),
        // Null first: with type coercion a string branch first would turn null into ''.
        body: Type.Object({ user: Id, pseudonym: Type.Union([Type.Null(), Text({ maxLength: 150 })]) }),
        response: { 200: Pseudonym, ...errors(400, 401, 403, 404, 451) },
      },
    },
    async (request) => {
      const { school } = await requireSchoolRole(app, request, { name: request.params.school }, ['Admin']);
      const pseudonym = await ctx.db.transaction((tx) => setPseudonym(tx, school.id, request.body.user, request.body.pseudonym));
      return { user: request.body.user, school: school.id, pseudonym };
    },
  );
}
