// Who may write into a hand-in's thread, and when a homework accepts by itself (homework-access.ts).
import { describe, expect, it } from 'vitest';
import { assertMayWrite, autoAcceptAt, teachesHandIn } from './homework-access.ts';

const row = { handIn: { userId: 1, teacherId: 2 }, groupTeacherId: 3 };

describe('teachesHandIn', () => {
  it('is the hand-in’s teacher or its group’s teacher now', () => {
    expect(teachesHandIn(row, 2)).toBe(true);
    expect(teachesHandIn(row, 3)).toBe(true);
    expect(teachesHandIn(row, 1)).toBe(false);
    expect(teachesHandIn({ handIn: { teacherId: null }, groupTeacherId: null }, 2)).toBe(false);
  });

  it('is the named checker only once an admin named one', () => {
    const named = { handIn: { teacherId: 2, checkerAssigned: true }, groupTeacherId: 3 };
    expect(teachesHandIn(named, 2)).toBe(true);
    expect(teachesHandIn(named, 3)).toBe(false);
  });
});

describe('assertMayWrite', () => {
  it('lets the author, the teachers and admins write', () => {
    expect(() => assertMayWrite(row, { role: 'Student', userId: 1 })).not.toThrow();
    expect(() => assertMayWrite(row, { role: 'Teacher', userId: 3 })).not.toThrow();
    expect(() => assertMayWrite(row, { role: 'Admin', userId: 99 })).not.toThrow();
  });

  it('refuses another student and another teacher with the original’s messages', () => {
    expect(() => assertMayWrite(row, { role: 'Student', userId: 4 })).toThrow('Студент не является автором данного домашнего задания');
    expect(() => assertMayWrite(row, { role: 'Teacher', userId: 4 })).toThrow('Учитель не является преподавателем данного домашнего задания');
  });
});

describe('autoAcceptAt', () => {
  const now = new Date('2025-03-01T10:00:00Z');
  it('is time_accept after now with automate_accept, now without a delay, never without it', () => {
    expect(autoAcceptAt({ automateAccept: true, timeAccept: 90 }, now)).toEqual(new Date('2025-03-01T10:01:30Z'));
    expect(autoAcceptAt({ automateAccept: true, timeAccept: null }, now)).toEqual(now);
    expect(autoAcceptAt({ automateAccept: false, timeAccept: 90 }, now)).toBeNull();
    expect(autoAcceptAt({}, now)).toBeNull();
  });
});
