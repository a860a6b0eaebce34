import { describe, expect, it } from 'vitest';
import { schoolThemeStyle } from './school-theme.ts';

describe('schoolThemeStyle', () => {
  it("gives the school's colours under the host page's own", () => {
    expect(schoolThemeStyle({ accent: '#1a73e8', accent_text: '#000000' })).toEqual({ '--_accent': 'var(--ch-accent,#1a73e8)', '--_accent-contrast': 'var(--ch-accent-contrast,#000000)' });
  });

  it('gives nothing without colours, and ignores anything but #rrggbb', () => {
    expect(schoolThemeStyle(undefined)).toBeUndefined();
    expect(schoolThemeStyle({ accent: null, accent_text: null })).toBeUndefined();
    expect(schoolThemeStyle({ accent: 'red);x:y(' })).toBeUndefined();
  });
});
