// Russian UI strings: roles. Quoted spec strings are word for word.
export const rolesMessages = {
  // English labels of spec §6 translated for the Russian UI.
  Administrator: 'Администратор',
  User: 'Пользователь',
  Helper: 'Помощник',
  // The spec gives role 5 no label; it is the school's owner ('school owner (super admin)', §1).
  SuperAdmin: 'Суперадминистратор',
} as const;
