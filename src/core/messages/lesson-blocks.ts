// Russian UI strings: a lesson's blocks as a student sees them (the app's block renderer, shared by
// the course editor's preview and the student's lesson page).
export const lessonBlockMessages = {
  content: 'Материалы урока',
  empty: 'В уроке пока нет содержимого.',
  watchVideo: 'Смотреть видео',
  pictureAlt: 'Картинка урока',
  video: 'Видео урока',
} as const;
