import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../shared/db/database.ts';
import { schoolExtraRoles, userPseudonyms } from './tables.ts';
import { schoolMemberCounts, schoolMembers, users } from '../../shared/db/core-tables.ts';
import type { MemberRole } from '../../shared/security/school-access.ts';
import type { PageSlice } from '../../shared/http/pagination.ts';

/**
 * The member list's statements (all_users/), prepared once per database: the list is read page by
 * page, and planning its statements cost more than running them. The roles shown are a parameter
 * (`= any($roles)`), so one statement serves every filter.
 */
function prepare(db: Db) {
  const inRoles = (column: typeof schoolMembers.role | typeof schoolMemberCounts.role) => sql`${column} = any(${sql.placeholder('roles')}::text[])`;
  // The total from the trigger-kept counts: one row per role instead of a scan of every member.
  const total = db
    .select({ n: sql<number>`coalesce(sum(${schoolMemberCounts.count}), 0)::int` })
    .from(schoolMemberCounts)
    .where(sql`${eq(schoolMemberCounts.schoolId, sql.placeholder('school'))} and ${inRoles(schoolMemberCounts.role)}`)
    .prepare('member_total');
  // The page's members first, from the index alone; names, pseudonyms and extra roles are then
  // read for those rows only (an OFFSET would compute them for every row it skips). Read forwards,
  // or backwards past the middle (shared/http/pagination.ts).
  const page = (fromEnd: boolean) => {
    const members = db
      .select({ userId: schoolMembers.userId, schoolId: schoolMembers.schoolId, role: schoolMembers.role })
      .from(schoolMembers)
      .where(sql`${eq(schoolMembers.schoolId, sql.placeholder('school'))} and ${inRoles(schoolMembers.role)}`)
      .orderBy(fromEnd ? desc(schoolMembers.userId) : asc(schoolMembers.userId))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .as('members');
    return db
      .select({
        id: users.id,
        email: users.email,
        username: users.username,
        firstName: users.firstName,
        lastName: users.lastName,
        role: members.role,
        avatar: users.avatar,
        pseudonym: userPseudonyms.pseudonym,
        additionalRoles: sql<string[] | null>`(select array_agg(${schoolExtraRoles.roleName} order by ${schoolExtraRoles.roleName}) from ${schoolExtraRoles} where ${schoolExtraRoles.schoolId} = ${members.schoolId} and ${schoolExtraRoles.userId} = ${members.userId})`,
        dateJoined: users.dateJoined,
      })
      .from(members)
      .innerJoin(users, eq(users.id, members.userId))
      .leftJoin(userPseudonyms, sql`${userPseudonyms.schoolId} = ${members.schoolId} and ${userPseudonyms.userId} = ${members.userId}`)
      .orderBy(asc(members.userId))
      .prepare(`member_page_${fromEnd ? 'backwards' : 'forwards'}`);
  };
  return { total, forwards: page(false), backwards: page(true) };
}

const statements = new WeakMap<Db, ReturnType<typeof prepare>>();
const of = (db: Db) => {
  let prepared = statements.get(db);
  if (!prepared) statements.set(db, (prepared = prepare(db)));
  return prepared;
};

/** How many members of the school have one of `roles`. */
export async function memberTotal(db: Db, schoolId: number, roles: readonly MemberRole[]): Promise<number> {
  const [row] = await of(db).total.execute({ school: schoolId, roles: [...roles] });
  return row?.n ?? 0;
}

/** The members of one page, in user order. */
export function memberPage(db: Db, schoolId: number, roles: readonly MemberRole[], slice: PageSlice) {
  const statement = slice.fromEnd ? of(db).backwards : of(db).forwards;
  return statement.execute({ school: schoolId, roles: [...roles], limit: slice.limit, offset: slice.offset });
}
