/**
 * WCAG 2 colour contrast (https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio) for the school's own
 * colours: a colour that text is drawn in is moved, in small steps of lightness at the same hue,
 * until it reads against its background. Colours are '#rrggbb'.
 */

/** WCAG AA for normal text. */
export const TEXT_CONTRAST = 4.5;

type Rgb = readonly [number, number, number];

function rgb(hex: string): Rgb {
  const match = /^#([\da-f]{2})([\da-f]{2})([\da-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`not a #rrggbb colour: ${hex}`);
  return [parseInt(match[1]!, 16), parseInt(match[2]!, 16), parseInt(match[3]!, 16)];
}

const channel = (value: number) => {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** The relative luminance of a colour: 0 for black, 1 for white. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = rgb(hex);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** The contrast ratio of two colours, from 1 (the same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [x, y] = [relativeLuminance(a), relativeLuminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

function toHsl([r, g, b]: Rgb): [number, number, number] {
  const [R, G, B] = [r / 255, g / 255, b / 255];
  const max = Math.max(R, G, B);
  const min = Math.min(R, G, B);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return [0, 0, l];
  const s = d / (1 - Math.abs(2 * l - 1));
  const h = max === R ? ((G - B) / d + 6) % 6 : max === G ? (B - R) / d + 2 : (R - G) / d + 4;
  return [h * 60, s, l];
}

function fromHsl(h: number, s: number, l: number): string {
  const a = s * Math.min(l, 1 - l);
  const part = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return `#${[part(0), part(8), part(4)].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/** The colour moved a step at a time (1 % lightness) towards black or white until it passes, or null. */
function stepped(hex: string, background: string, min: number, direction: 1 | -1): string | null {
  const [h, s, l] = toHsl(rgb(hex));
  for (let step = 1; step <= 100; step++) {
    const lightness = Math.min(1, Math.max(0, l + (direction * step) / 100));
    const candidate = fromHsl(h, s, lightness);
    if (contrastRatio(candidate, background) >= min) return candidate;
    if (lightness === 0 || lightness === 1) break;
  }
  return null;
}

/**
 * A colour for text (or for what text stands on) that reads against `background`: the colour
 * itself when it already has `min` contrast, else the nearest of the same hue that has — darker
 * on a light background, lighter on a dark one (the other way when that one cannot get there).
 * `adjusted` says whether it had to move.
 */
export function readableColor(hex: string, background: string, min = TEXT_CONTRAST): { color: string; adjusted: boolean } {
  const color = hex.toLowerCase();
  if (contrastRatio(color, background) >= min) return { color, adjusted: false };
  const darkFirst = relativeLuminance(background) > relativeLuminance(color);
  const [first, second] = darkFirst ? ([-1, 1] as const) : ([1, -1] as const);
  const found = stepped(color, background, min, first) ?? stepped(color, background, min, second);
  if (found) return { color: found, adjusted: true };
  // No colour of this hue reaches `min` on a mid-grey background: the better of black and white.
  return { color: contrastRatio('#000000', background) >= contrastRatio('#ffffff', background) ? '#000000' : '#ffffff', adjusted: true };
}

/**
 * The platform's accent: the hue of the original #ba75ff (270°, fully saturated), dark enough for
 * text on the page's background (#f7f5fb, 4.98:1) and white text on it (5.38:1). app.css,
 * the widgets' styles and the page's theme colour repeat it.
 */
export const PLATFORM_ACCENT = '#9124ff';
/** The page's background in the app (app.css --ch-bg): the school's colours must read on it. */
export const PAGE_BACKGROUND = '#f7f5fb';
