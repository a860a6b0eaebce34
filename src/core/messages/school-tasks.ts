// Russian UI strings: the school's onboarding checklist (spec §3 schoolTasks; school_tasks/), in its order.
export const schoolTasksMessages = {
  createCourse: 'Создать свой курс',
  createFirstLesson: 'Создать первый урок',
  uploadVideo: 'Загрузить видео',
  publishCourse: 'Опубликовать курс',
  addFirstStaff: 'Добавить первого сотрудника',
  createFirstGroup: 'Создать первую группу',
  addFirstStudent: 'Добавить первого ученика',
} as const;
