// Schools and members for the server suite: owners register through the API, members are put
// straight into the database (fast, no mail) and sign in through the API.
import { eq } from 'drizzle-orm';
import type { App } from '../../src/server/context.ts';
import { schools, schoolMembers, users } from '../../src/server/shared/db/core-tables.ts';
import { hashPassword } from '../../src/server/shared/security/passwords.ts';
import type { MemberRole } from '../../src/server/shared/security/school-access.ts';
import { call } from './test-app.ts';

export const PASSWORD = 'Secret-pass-1';

export interface Account {
  id: number;
  email: string;
  access: string;
  refresh: string;
}

export interface Owner extends Account {
  schoolId: number;
  schoolName: string;
}

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter += 1)}`;

// One argon2 hash for every fixture account: hashing is deliberately slow.
let passwordHash: Promise<string> | undefined;

export async function registerOwner(app: App, options: { schoolTitle?: string; email?: string } = {}): Promise<Owner> {
  const email = options.email ?? `owner-${unique()}@example.com`;
  const res = await call(app, 'POST', '/api/register-school-owner/', {
    body: { school_name: options.schoolTitle ?? `School ${unique()}`, email, password: PASSWORD, password_confirmation: PASSWORD },
  });
  if (res.status !== 201) throw new Error(`registerOwner: ${res.status} ${JSON.stringify(res.body)}`);
  const body = res.body as unknown as { access: string; refresh: string; user: { id: number; email: string }; school: { school_id: number; name: string } };
  return { id: body.user.id, email: body.user.email, access: body.access, refresh: body.refresh, schoolId: body.school.school_id, schoolName: body.school.name };
}

/** Signs in with the fixture password. */
export async function login(app: App, email: string): Promise<{ access: string; refresh: string }> {
  const res = await call(app, 'POST', '/api/login/', { body: { login: email, password: PASSWORD } });
  if (res.status !== 200) throw new Error(`login: ${res.status} ${JSON.stringify(res.body)}`);
  return { access: res.body!.access as string, refresh: res.body!.refresh as string };
}

/** A new user with `role` in the school, signed in. */
export async function addMember(
  app: App,
  schoolId: number,
  role: MemberRole,
  profile: { email?: string; firstName?: string; lastName?: string } = {},
): Promise<Account> {
  passwordHash ??= hashPassword(PASSWORD);
  const email = profile.email ?? `${role.toLowerCase()}-${unique()}@example.com`;
  const [user] = await app.ctx.db
    .insert(users)
    .values({ email, passwordHash: await passwordHash, firstName: profile.firstName ?? '', lastName: profile.lastName ?? '', emailVerified: true })
    .returning({ id: users.id });
  await app.ctx.db.insert(schoolMembers).values({ schoolId, userId: user!.id, role });
  return { id: user!.id, email, ...(await login(app, email)) };
}

/** Moves the school to another plan (1 Start … 4 Senior), e.g. for room for more staff. */
export async function setTariff(app: App, schoolId: number, tariffId: number): Promise<void> {
  await app.ctx.db.update(schools).set({ tariffId }).where(eq(schools.id, schoolId));
}
