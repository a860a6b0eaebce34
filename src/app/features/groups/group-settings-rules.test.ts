import { describe, expect, it } from 'vitest';
import { blockedReason, isConsistent, SETTING_KEYS, toggleSetting } from './group-settings-rules.ts';
import type { GroupSettings } from './groups-api.ts';

const none = Object.fromEntries(SETTING_KEYS.map((key) => [key, false])) as GroupSettings;
const strict = { ...none, strict_task_order: true };

describe('the group settings rules', () => {
  it('lets the "to go on" settings on only with strict order, and "pass the test" only with "send the test"', () => {
    expect(blockedReason(none, 'submit_homework_to_go_on')).toBe('Доступно только при строгом порядке прохождения уроков.');
    expect(blockedReason(none, 'submit_test_to_go_on')).not.toBeNull();
    expect(blockedReason(strict, 'submit_test_to_go_on')).toBeNull();
    expect(blockedReason(strict, 'success_test_to_go_on')).toBe('Доступно, когда нужно сдать тест, чтобы идти дальше.');
    expect(blockedReason({ ...strict, submit_test_to_go_on: true }, 'success_test_to_go_on')).toBeNull();
    expect(toggleSetting(none, 'submit_test_to_go_on', true)).toBe(none);
  });

  it('keeps the submission lock and "hand in homework to go on" apart', () => {
    const locked = { ...strict, task_submission_lock: true };
    expect(blockedReason(locked, 'submit_homework_to_go_on')).toBe('Нельзя вместе с запретом отправки домашних заданий.');
    expect(blockedReason({ ...strict, submit_homework_to_go_on: true }, 'task_submission_lock')).toBe('Нельзя вместе с условием «Сдать домашнее задание, чтобы идти дальше».');
    expect(toggleSetting(locked, 'submit_homework_to_go_on', true)).toBe(locked);
  });

  it('switches the dependent settings off with what they depend on', () => {
    const all = { ...strict, submit_homework_to_go_on: true, submit_test_to_go_on: true, success_test_to_go_on: true, download: true };
    expect(toggleSetting(all, 'submit_test_to_go_on', false)).toEqual({ ...all, submit_test_to_go_on: false, success_test_to_go_on: false });
    expect(toggleSetting(all, 'strict_task_order', false)).toEqual({ ...none, download: true });
    expect(toggleSetting(none, 'overai_lock', true)).toEqual({ ...none, overai_lock: true });
  });

  it('tells settings the server would refuse', () => {
    expect(isConsistent(none)).toBe(true);
    expect(isConsistent({ ...strict, submit_test_to_go_on: true, success_test_to_go_on: true })).toBe(true);
    expect(isConsistent({ ...none, submit_test_to_go_on: true })).toBe(false);
    expect(isConsistent({ ...strict, task_submission_lock: true, submit_homework_to_go_on: true })).toBe(false);
  });
});
