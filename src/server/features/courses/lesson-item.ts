import { Type, type Static } from 'typebox';
import type { Lesson } from './course-access.ts';

/**
 * A lesson as the course outline lists it (spec §3 lesson list item): `id` is the type-specific id
 * (lesson_id, test_id, homework_id), the same number as `baselesson_ptr_id` here. `viewed`,
 * `completed` and `sended` are the student's progress (the learning issue fills them).
 */
export const LessonItem = Type.Object({
  type: Type.String(),
  id: Type.Integer(),
  baselesson_ptr_id: Type.Integer(),
  section_id: Type.Integer(),
  section: Type.Integer(),
  name: Type.String(),
  order: Type.Integer(),
  active: Type.Boolean(),
  points: Type.Integer(),
  viewed: Type.Boolean(),
  completed: Type.Boolean(),
  sended: Type.Union([Type.Boolean(), Type.Null()]),
});

export function lessonItem(lesson: Pick<Lesson, 'id' | 'type' | 'sectionId' | 'name' | 'order' | 'active' | 'points'>): Static<typeof LessonItem> {
  return {
    type: lesson.type,
    id: lesson.id,
    baselesson_ptr_id: lesson.id,
    section_id: lesson.sectionId,
    section: lesson.sectionId,
    name: lesson.name,
    order: lesson.order,
    active: lesson.active,
    points: lesson.points,
    viewed: false,
    completed: false,
    sended: lesson.type === 'lesson' ? null : false,
  };
}
