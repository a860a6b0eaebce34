// Russian UI strings: a lesson's blocks as a student sees them (the app's block renderer, shared by
// the course editor's preview and the student's lesson page).
export const lessonBlockMessages = {
  content: 'Материалы урока',
  empty: 'В уроке пока нет содержимого.',
  watchVideo: 'Смотреть видео',
  pictureAlt: 'Картинка урока',
  video: 'Видео урока',
  /** An embedded player's title, for screen readers. */
  videoPlayer: (host: string) => `Видео урока (${host})`,
  videoHosts: { youtube: 'YouTube', vimeo: 'Vimeo', rutube: 'RuTube', vk: 'VK Видео' } as Record<string, string>,
  // Completing a lesson by watching its video.
  watchedButton: 'Я посмотрел',
  watchedButtonHint: 'Кнопка станет доступна, когда вы запустите видео.',
  watchToComplete: (percent: number) => `Урок будет пройден, когда вы посмотрите видео не меньше чем на ${percent} %.`,
  watchedShare: (watched: number, percent: number) => `Просмотрено ${watched} % из ${percent} %.`,
  watchedDone: 'Видео просмотрено: урок пройден.',
} as const;
