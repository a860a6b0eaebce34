import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../shared/db/database.ts';

/** Where audio_files/ and text_files/ put a file of a hand-in's thread: its first message, or a message. */
export type ThreadTarget = { userHomework: number } | { check: number };

/** Who sends or deletes a thread's file. */
export interface ThreadViewer {
  role: 'Admin' | 'Teacher' | 'Student';
  userId: number;
}

/**
 * What file-routes.ts asks of homework, which sits above courses, about the files of a hand-in's
 * thread (a course_files row of the school with no course and no lesson, linked to a message):
 * homework implements it and feature-routes.ts hands it to fileRoutes, so courses never imports it.
 */
export interface ThreadFiles {
  /** A condition on a file's id column: the file is not attached to a thread (the school's own files leave those out). */
  isNotThreadFile(fileId: AnyPgColumn): SQL;
  /** Refuses (404, 403, 409) unless `viewer` may attach files to `target` now: the quick check before the upload is read. */
  assertMayAttach(db: Db, schoolId: number, viewer: ThreadViewer, target: ThreadTarget): Promise<void>;
  /** Links a stored file to its message, checked again under the hand-in's lock (inside the file's own transaction). */
  attach(tx: Db, schoolId: number, viewer: ThreadViewer, target: ThreadTarget, fileId: number): Promise<void>;
  /** Refuses unless someone who is not an admin may delete the file: only a thread's file, by its uploader. */
  assertMayRemove(db: Db, schoolId: number, viewer: ThreadViewer, file: { id: number; uploaderId: number | null }): Promise<void>;
}
