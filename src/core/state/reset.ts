import { $inviteProgram, $sections, $tariff, $userProfile } from './cached-data.ts';
import { $comments, INITIAL_COMMENTS } from './comments.ts';
import { $filters, DEFAULT_FILTERS } from './filters.ts';
import { $impersonation, INITIAL_IMPERSONATION } from './impersonation.ts';
import { $landing, INITIAL_LANDING } from './landing.ts';
import { $school, INITIAL_SCHOOL } from './school.ts';
import { $schoolTasks, INITIAL_SCHOOL_TASKS } from './school-tasks.ts';
import { $unread, INITIAL_UNREAD } from './unread.ts';
import { $user, INITIAL_USER } from './user.ts';

/** Puts every store back to its initial value (logout). */
export function resetAllState(): void {
  $user.set(INITIAL_USER);
  $school.set(INITIAL_SCHOOL);
  $schoolTasks.set(INITIAL_SCHOOL_TASKS);
  $unread.set(INITIAL_UNREAD);
  $comments.set(INITIAL_COMMENTS);
  $filters.set(DEFAULT_FILTERS);
  $landing.set(INITIAL_LANDING);
  $impersonation.set(INITIAL_IMPERSONATION);
  for (const $cached of [$sections, $userProfile, $tariff, $inviteProgram]) $cached.set(null);
}
