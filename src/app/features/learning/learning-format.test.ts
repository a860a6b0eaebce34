import { describe, expect, it } from 'vitest';
import { formatDateTime, progressWord } from './learning-format.ts';

describe('formatDateTime', () => {
  it('writes a date and time in Russian, and leaves text that is no date as it is', () => {
    expect(formatDateTime('2026-03-05T10:00:00.000Z')).toMatch(/^5 марта 2026 г\.(,| в) \d{2}:00$/);
    expect(formatDateTime('скоро')).toBe('скоро');
  });
});

describe('progressWord', () => {
  it('says a homework sent back as its status, a sent one «Отправлено», a done one «Пройдено», else nothing', () => {
    expect(progressWord({ completed: false, sended: true }, 'revision')).toEqual({ text: 'На доработке', kind: 'sended revision' });
    expect(progressWord({ completed: false, sended: true }, 'rejected')).toEqual({ text: 'Отклонено', kind: 'sended rejected' });
    expect(progressWord({ completed: false, sended: true }, 'pending')).toEqual({ text: 'Отправлено', kind: 'sended' });
    expect(progressWord({ completed: false, sended: true }, null)).toEqual({ text: 'Отправлено', kind: 'sended' });
    expect(progressWord({ completed: true, sended: true }, 'accepted')).toEqual({ text: 'Пройдено', kind: 'completed' });
    expect(progressWord({ completed: false, sended: false }, undefined)).toBeNull();
  });
});
