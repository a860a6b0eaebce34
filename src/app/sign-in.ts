import { $user, apiCall, Path, resetAllState, ROLE_HOME, roleFromName, routeRole, schoolPath, selectSchool, setRole, signIn, type ApiAnswer, type SchoolState } from '#core';
import { appSession } from './app-session.ts';
import { $router } from './router.ts';

/** A school of the caller's, with their role in it (user-schools/). */
export type UserSchool = ApiAnswer<'GET user-schools/'>[number];

/** What choosing a school needs: a school the server named along with the caller's role in it. */
export type SchoolChoice = Pick<UserSchool, 'school_id' | 'name' | 'role'> & Partial<UserSchool>;

/** A session as signing in answers it (login/, register/, the social sign-in, an accepted invitation). */
export type SessionReply = ApiAnswer<'POST login/'>;

/** Stores a fresh session; one school is chosen at once, several are offered on choose-school. */
export async function startSession(reply: SessionReply): Promise<UserSchool[]> {
  signIn({ access: reply.access, refresh: reply.refresh, userId: reply.user.id, email: reply.user.email, userName: reply.user.username ?? reply.user.email });
  const schools = await apiCall(appSession().api, 'GET user-schools/');
  if (schools.length === 1) chooseSchool(schools[0]!);
  else $router.open(Path.chooseSchool);
  return schools;
}

/**
 * A session for a school already known (an accepted invitation names it with the role): no
 * user-schools/ round trip. Whatever another account left in this browser is dropped first.
 */
export function startSessionIn(reply: SessionReply, school: SchoolChoice): void {
  if ($user.get().auth && $user.get().userId !== reply.user.id) resetAllState();
  signIn({ access: reply.access, refresh: reply.refresh, userId: reply.user.id, email: reply.user.email, userName: reply.user.username ?? reply.user.email });
  chooseSchool(school);
}

/** Spec §2: choosing a school sets the school and the role in it; the user goes to the role's home there. */
export function chooseSchool(school: SchoolChoice): void {
  const state: SchoolState = { schoolName: school.name, schoolTitle: school.title ?? '', contactLink: school.contact_link ?? '', schoolId: school.school_id, headerId: school.header_school ?? null };
  const role = roleFromName(school.role);
  selectSchool(state);
  setRole(role);
  const home = routeRole(role);
  if (home) $router.open(schoolPath(school.name, ROLE_HOME[home]));
}
