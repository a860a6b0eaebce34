// The server's consistency rules for a group's settings (reference §4.7, the groups feature's
// mergeSettings), applied while the admin clicks: a setting that would contradict the others cannot
// be switched on, and switching off what it depends on switches it off too, so the form never sends
// what the server would refuse with 'Настройки группы противоречат друг другу'.
import { groupsMessages, type GroupSettingKey } from '#core';
import type { GroupSettings } from './groups-api.ts';

/** The order the panel shows them in. */
export const SETTING_KEYS: readonly GroupSettingKey[] = [
  'strict_task_order',
  'task_submission_lock',
  'submit_homework_to_go_on',
  'submit_test_to_go_on',
  'success_test_to_go_on',
  'overai_lock',
  'download',
];

const TO_GO_ON: readonly GroupSettingKey[] = ['submit_homework_to_go_on', 'submit_test_to_go_on', 'success_test_to_go_on'];

/** Why `key` cannot be on with the other settings as they are, or null when it can. */
export function blockedReason(settings: GroupSettings, key: GroupSettingKey): string | null {
  if (TO_GO_ON.includes(key) && !settings.strict_task_order) return groupsMessages.needsStrictOrder;
  if (key === 'submit_homework_to_go_on' && settings.task_submission_lock) return groupsMessages.excludedByLock;
  if (key === 'task_submission_lock' && settings.submit_homework_to_go_on) return groupsMessages.excludedByHomework;
  if (key === 'success_test_to_go_on' && !settings.submit_test_to_go_on) return groupsMessages.needsSubmitTest;
  return null;
}

/**
 * The settings after one switch: switching on what is blocked changes nothing; switching off what
 * others depend on switches those off (no strict order → none of the "to go on" settings; no "send
 * the test" → no "pass the test").
 */
export function toggleSetting(settings: GroupSettings, key: GroupSettingKey, on: boolean): GroupSettings {
  if (on && blockedReason(settings, key)) return settings;
  const next = { ...settings, [key]: on };
  if (!next.strict_task_order) for (const dependent of TO_GO_ON) next[dependent] = false;
  if (!next.submit_test_to_go_on) next.success_test_to_go_on = false;
  return next;
}

/** Whether the settings break a rule (a group saved before the rules, say): the server would refuse them. */
export function isConsistent(settings: GroupSettings): boolean {
  return SETTING_KEYS.every((key) => !settings[key] || blockedReason(settings, key) === null);
}
