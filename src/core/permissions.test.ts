import { describe, expect, it } from 'vitest';
import { can, canImpersonate, type Permission } from './permissions.ts';
import { Role, type RoleId } from './roles.ts';

const { Admin, SuperAdmin, Teacher, Student, Manager, Editor, Unknown } = Role;

// Spec §6 row by row: [permission, roles that have it].
const table: [Permission, RoleId[]][] = [
  ['selectTariff', [Admin]],
  ['createCourse', [Admin]],
  ['emailNewsletter', [Admin]],
  ['banner', [Admin]],
  ['appeals', [Admin]],
  ['webinars', [Admin]],
  ['schoolMeetings', [Admin]],
  ['accessLogs', [Admin]],
  ['logs', [SuperAdmin]],
  ['settings', [Admin, SuperAdmin]],
  ['checkHomework', [Admin, Teacher]],
  ['groups', [Teacher]],
  ['courseStats', [Admin, Teacher]],
  ['studentStats', [Teacher]],
  ['study', [Student]],
  ['bonuses', [Student]],
  ['meetings', [Teacher, Student]],
  ['rating', [Admin, Student]],
  ['manageRoles', [Admin]],
  ['impersonate', [Admin]],
];
const everyRole: RoleId[] = [Admin, SuperAdmin, Teacher, Student, Manager, Editor, Unknown];

describe('can', () => {
  it.each(table)('%s belongs to %j only', (permission, holders) => {
    for (const role of everyRole) expect(can(role, permission), `${permission} for ${role}`).toBe(holders.includes(role));
  });

  it('gives nothing to a missing role', () => {
    expect(can(undefined, 'study')).toBe(false);
    expect(can(null, 'settings')).toBe(false);
  });
});

describe('canImpersonate', () => {
  it.each([
    [Admin, Student, true],
    [Admin, Teacher, false],
    [Admin, Admin, false],
    [SuperAdmin, Student, false],
    [Teacher, Student, false],
    [Student, Student, false],
    [undefined, Student, false],
  ] as const)('%s → %s: %s', (actor, target, allowed) => {
    expect(canImpersonate(actor, target)).toBe(allowed);
  });
});
