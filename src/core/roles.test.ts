import { describe, expect, it } from 'vitest';
import { isRoleId, Role, roleFromName, roleName, roleTitle, routeRole } from './roles.ts';

describe('roles', () => {
  it('numbers the roles as spec §6 does', () => {
    expect(Role).toEqual({ Unknown: 0, Student: 1, Teacher: 2, Manager: 3, Editor: 4, SuperAdmin: 5, Admin: 6 });
  });

  it.each([
    ['Admin', 6], ['Teacher', 2], ['Student', 1], ['SuperAdmin', 5], ['Manager', 3], ['Editor', 4],
    ['Unknown', 0], ['admin', 0], ['Owner', 0], ['', 0], [null, 0], [undefined, 0], ['toString', 0],
  ] as const)('roleFromName(%s) = %i', (name, id) => {
    expect(roleFromName(name)).toBe(id);
  });

  it.each([
    [Role.SuperAdmin, 'SuperAdmin'], [Role.Admin, 'Admin'], [Role.Teacher, 'Teacher'], [Role.Student, 'Student'],
    [Role.Manager, null], [Role.Editor, null], [Role.Unknown, null], [null, null], [undefined, null],
  ] as const)('routeRole(%s) = %s', (role, name) => {
    expect(routeRole(role)).toBe(name);
  });

  it.each([
    [Role.Admin, 'Администратор'], [Role.Student, 'Ученик'], [Role.Teacher, 'Преподаватель'],
    [Role.SuperAdmin, 'Суперадминистратор'], [Role.Unknown, 'Unknown'], [Role.Manager, 'Manager'],
  ] as const)('roleTitle(%i) = %s', (role, title) => {
    expect(roleTitle(role)).toBe(title);
  });

  it('names and recognises ids', () => {
    expect(roleName(Role.Editor)).toBe('Editor');
    expect(isRoleId(6)).toBe(true);
    expect(isRoleId(7)).toBe(false);
    expect(isRoleId('6')).toBe(false);
  });
});
