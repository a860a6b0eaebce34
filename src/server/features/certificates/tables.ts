// A course's certificate template (issue 11, the constructor's «Сертификаты» tab): who signs the
// certificate and the pictures of the signature and the stamp, all shown by the public certificate.
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from '../../shared/db/columns.ts';
import { courseFiles, courses } from '../courses/tables.ts';

export const certificateTemplates = pgTable('certificate_templates', {
  courseId: integer('course_id')
    .primaryKey()
    .references(() => courses.id, { onDelete: 'cascade' }),
  /** Blank: the school owner's name, as before a template existed. */
  directorName: text('director_name').notNull().default(''),
  teacherName: text('teacher_name').notNull().default(''),
  /** Pictures of the course (course_files, kind picture); a deleted file clears its place. */
  signatureFileId: integer('signature_file_id').references(() => courseFiles.id, { onDelete: 'set null' }),
  stampFileId: integer('stamp_file_id').references(() => courseFiles.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});
