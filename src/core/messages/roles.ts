// Russian UI strings: roles. The one source of every role's name on screen (header, lists, invitations).
// Spec §6 labels the roles in English (Administrator, User, Helper); the Russian UI names them by what
// they do, as the rest of the product and the help do: «Ученик», «Преподаватель», «Администратор».
export const rolesMessages = {
  Admin: 'Администратор',
  Teacher: 'Преподаватель',
  Student: 'Ученик',
  // The spec gives role 5 no label; it is the school's owner ('school owner (super admin)', §1).
  SuperAdmin: 'Суперадминистратор',
} as const;
