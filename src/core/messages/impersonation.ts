// Russian UI strings: impersonation. Quoted spec strings are word for word.
export const impersonationMessages = {
  viewingAs: 'Вы просматриваете сайт от имени',
  nameSuffix: 'просмотр от имени',
  stop: 'Завершить просмотр',
  stopping: 'Завершение...',
} as const;
