import { describe, expect, it, vi } from 'vitest';
import { expectConsole } from '../../tests/setup/console-guard.ts';
import { browserEnvironment } from './session.ts';

describe('browserEnvironment', () => {
  it('clears local and session storage and every cookie', () => {
    localStorage.setItem('user', '{}');
    sessionStorage.setItem('draft', 'x');
    document.cookie = 'access_token=a; path=/';
    document.cookie = 'refresh_token=r; path=/';
    const env = browserEnvironment();
    env.clearStorage();
    env.clearCookies();
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(document.cookie).toBe('');
  });

  it('navigates, schedules, tells the time and warns through the browser', () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const env = browserEnvironment();
    env.navigate('/access-denied');
    expect(assign).toHaveBeenCalledWith('/access-denied');
    vi.useFakeTimers();
    const done = vi.fn();
    env.setTimeout(done, 100);
    vi.advanceTimersByTime(100);
    expect(done).toHaveBeenCalledOnce();
    vi.useRealTimers();
    expect(Math.abs(env.now() - Date.now())).toBeLessThan(1000);
    expectConsole('warn', /Сессия/);
    env.warn('Сессия не продлена', new Error('x'));
  });
});
