// Russian UI strings: roles. Quoted spec strings are word for word.
export const rolesMessages = {
  // English labels of spec §6 translated for the Russian UI.
  Administrator: 'Администратор',
  User: 'Пользователь',
  Helper: 'Помощник',
} as const;
