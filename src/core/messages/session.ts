// Russian UI strings: session. Quoted spec strings are word for word.
export const sessionMessages = {
  refreshFailed: 'Не удалось продлить сессию: выполните вход заново.',
} as const;
