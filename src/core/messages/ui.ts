// Russian UI strings: the app's shared UI kit (dialogs, tables, notices, file uploads).

/** A file size as people read it: '800 КБ', '5 МБ', '1,5 МБ'. */
export function formatFileSize(bytes: number): string {
  // Made on use, not at import: a module-level formatter would be kept in every widget bundle.
  const sizeNumber = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 });
  if (bytes >= 1024 * 1024) return `${sizeNumber.format(bytes / (1024 * 1024))} МБ`;
  if (bytes >= 1024) return `${sizeNumber.format(bytes / 1024)} КБ`;
  return `${sizeNumber.format(bytes)} Б`;
}

export const uiMessages = {
  cancel: 'Отмена',
  tableEmpty: 'Здесь пока ничего нет.',
  notifications: 'Уведомления',
  closeNotification: 'Закрыть уведомление',
  uploading: (fileName: string) => `Загрузка файла «${fileName}»`,
  cancelUpload: 'Отменить загрузку',
  uploadCancelled: 'Загрузка отменена.',
  uploadDone: 'Файл загружен.',
  uploadFailed: 'Не удалось загрузить файл. Попробуйте ещё раз.',
  fileTooLarge: (maxBytes: number) => `Файл слишком большой: можно загрузить не больше ${formatFileSize(maxBytes)}.`,
} as const;
