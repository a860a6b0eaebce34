import type { ApiAnswer } from '#core';
import type { CSSProperties } from 'react';

/** The school's colours as a public answer carries them (settings «Оформление»); null: the platform's. */
export type SchoolTheme = Partial<NonNullable<ApiAnswer<'GET {school}/course_landing/{id}/'>['theme']>>;

/**
 * The school's colours for a widget's root inside its shadow root: they replace the platform's
 * defaults, while the host page's own --ch-accent / --ch-accent-contrast still win. Only #rrggbb is
 * used (the server stores nothing else; checked again here, as it lands in a style); set through
 * the CSSOM, which a strict CSP allows.
 */
export function schoolThemeStyle(theme: SchoolTheme | null | undefined): CSSProperties | undefined {
  const style: Record<string, string> = {};
  const put = (name: string, value: string | null | undefined) => {
    if (value && /^#[\da-f]{6}$/i.test(value)) style[`--_${name}`] = `var(--ch-${name},${value})`;
  };
  put('accent', theme?.accent);
  put('accent-contrast', theme?.accent_text);
  return Object.keys(style).length ? (style as CSSProperties) : undefined;
}
