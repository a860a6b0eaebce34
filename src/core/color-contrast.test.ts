import { describe, expect, it } from 'vitest';
import { contrastRatio, PAGE_BACKGROUND, PLATFORM_ACCENT, readableColor, relativeLuminance, TEXT_CONTRAST } from './color-contrast.ts';

describe('relativeLuminance and contrastRatio (WCAG 2)', () => {
  it('gives black 0 and white 1, and black on white 21:1', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#FFFFFF')).toBe(1);
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
    expect(contrastRatio('#ffffff', '#000000')).toBe(21);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
  });

  it('measures the old accent #ba75ff at 2.97:1 on white (the issue rounds it down to 2.96)', () => {
    expect(contrastRatio('#ba75ff', '#ffffff')).toBeCloseTo(2.97, 2);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('refuses what is not #rrggbb', () => {
    expect(() => relativeLuminance('red')).toThrow('not a #rrggbb colour');
    expect(() => contrastRatio('#fff', '#000000')).toThrow();
  });
});

describe('PLATFORM_ACCENT', () => {
  it('keeps the hue of #ba75ff and passes AA for text on the page and for white text on it', () => {
    expect(contrastRatio(PLATFORM_ACCENT, '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(contrastRatio(PLATFORM_ACCENT, PAGE_BACKGROUND)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(readableColor('#ba75ff', PAGE_BACKGROUND).color.slice(0, 2)).toBe('#9');
  });
});

describe('readableColor', () => {
  it('keeps a colour that already reads, lower-cased', () => {
    expect(readableColor('#1F1D2B', '#ffffff')).toEqual({ color: '#1f1d2b', adjusted: false });
    expect(readableColor('#ffffff', '#000000')).toEqual({ color: '#ffffff', adjusted: false });
  });

  it('darkens a light colour on a light background in small steps, to the first that passes', () => {
    const { color, adjusted } = readableColor('#ba75ff', '#ffffff');
    expect(adjusted).toBe(true);
    expect(contrastRatio(color, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    // The first step that passes: barely over the line, not black.
    expect(contrastRatio(color, '#ffffff')).toBeLessThan(4.8);
    expect(color).toBe('#9e3dff');
  });

  it('keeps the hue: a yellow stays a (dark) yellow', () => {
    const { color } = readableColor('#ffeb3b', '#ffffff');
    expect(contrastRatio(color, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16));
    expect(r).toBeGreaterThan(b!);
    expect(g).toBeGreaterThan(b!);
  });

  it('lightens a dark colour on a dark background', () => {
    const { color, adjusted } = readableColor('#3a0ca3', '#1f1d2b');
    expect(adjusted).toBe(true);
    expect(relativeLuminance(color)).toBeGreaterThan(relativeLuminance('#3a0ca3'));
    expect(contrastRatio(color, '#1f1d2b')).toBeGreaterThanOrEqual(4.5);
  });

  it('goes the other way when the first cannot get there (black text on a mid purple)', () => {
    const { color } = readableColor('#000000', '#8f35e9');
    expect(contrastRatio(color, '#8f35e9')).toBeGreaterThanOrEqual(4.5);
  });

  it('takes the better of black and white when no colour of the hue reaches the ratio', () => {
    expect(readableColor('#777777', '#767676', 7)).toEqual({ color: '#000000', adjusted: true });
    expect(readableColor('#777777', '#595959', 7).color).toBe('#ffffff');
  });

  it('honours another minimum (3:1 for large text)', () => {
    expect(readableColor('#ba75ff', '#ffffff', 3).adjusted).toBe(true);
    expect(readableColor('#ba75ff', '#ffffff', 2.9).adjusted).toBe(false);
  });
});
