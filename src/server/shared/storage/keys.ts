import { randomUUID } from 'node:crypto';

const KEY = /^[1-9][0-9]{0,9}\/(?:[1-9][0-9]{0,9}|school)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[a-z0-9]{2,4}$/;

/** A new key: `{school_id}/{course_id or 'school'}/{uuid}.{ext}`. */
export function storageKey(schoolId: number, courseId: number | null, ext: string): string {
  const key = `${schoolId}/${courseId ?? 'school'}/${randomUUID()}.${ext}`;
  assertKey(key);
  return key;
}

/** Throws unless `key` is one storageKey makes: nothing else ever reaches a path or a bucket. */
export function assertKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`Not a storage key: ${JSON.stringify(key.slice(0, 100))}`);
}
