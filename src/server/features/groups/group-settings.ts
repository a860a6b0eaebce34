import { Type, type Static } from 'typebox';
import { badRequest } from '../../shared/errors.ts';
import type { studentsGroups } from './tables.ts';
import { serverRefusalsMessages as refusals } from '#core/messages/server-refusals';

type GroupRow = typeof studentsGroups.$inferSelect;

/** The seven settings of a group (reference §1.7 StudentsGroupSettings), as the API names them. */
export interface GroupSettings {
  strict_task_order: boolean;
  task_submission_lock: boolean;
  submit_homework_to_go_on: boolean;
  submit_test_to_go_on: boolean;
  success_test_to_go_on: boolean;
  overai_lock: boolean;
  download: boolean;
}

const flag = Type.Boolean();
export const GroupSettingsSchema = Type.Object({
  strict_task_order: flag,
  task_submission_lock: flag,
  submit_homework_to_go_on: flag,
  submit_test_to_go_on: flag,
  success_test_to_go_on: flag,
  overai_lock: flag,
  download: flag,
});
/** What a request may send: any of the flags; the others keep their value (false on a new group). */
export const GroupSettingsBody = Type.Partial(GroupSettingsSchema);

export const SETTINGS_CONFLICT = refusals.groupSettingsConflict;

export const settingsOf = (group: GroupRow): GroupSettings => ({
  strict_task_order: group.strictTaskOrder,
  task_submission_lock: group.taskSubmissionLock,
  submit_homework_to_go_on: group.submitHomeworkToGoOn,
  submit_test_to_go_on: group.submitTestToGoOn,
  success_test_to_go_on: group.successTestToGoOn,
  overai_lock: group.overaiLock,
  download: group.download,
});

export const NO_SETTINGS: GroupSettings = {
  strict_task_order: false,
  task_submission_lock: false,
  submit_homework_to_go_on: false,
  submit_test_to_go_on: false,
  success_test_to_go_on: false,
  overai_lock: false,
  download: false,
};

/**
 * The settings after a change, checked against the reference's rules (§4.7) before anything is
 * written (the table's check constraint is the backstop): a "to go on" flag needs strict order,
 * the submission lock excludes "hand in homework to go on", and "pass the test" needs "send the test".
 */
export function mergeSettings(current: GroupSettings, change: Static<typeof GroupSettingsBody> | undefined): GroupSettings {
  const next = { ...current, ...change };
  const toGoOn = next.submit_homework_to_go_on || next.submit_test_to_go_on || next.success_test_to_go_on;
  if ((toGoOn && !next.strict_task_order) || (next.task_submission_lock && next.submit_homework_to_go_on) || (next.success_test_to_go_on && !next.submit_test_to_go_on)) {
    throw badRequest(SETTINGS_CONFLICT, { group_settings: [SETTINGS_CONFLICT] }, 'GROUP_SETTINGS_CONFLICT');
  }
  return next;
}

/** The settings as the table's columns. */
export const settingsColumns = (s: GroupSettings) => ({
  strictTaskOrder: s.strict_task_order,
  taskSubmissionLock: s.task_submission_lock,
  submitHomeworkToGoOn: s.submit_homework_to_go_on,
  submitTestToGoOn: s.submit_test_to_go_on,
  successTestToGoOn: s.success_test_to_go_on,
  overaiLock: s.overai_lock,
  download: s.download,
});
