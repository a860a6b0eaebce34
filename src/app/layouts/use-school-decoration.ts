import { $impersonation, $school, $user, apiCall, PAGE_BACKGROUND, PLATFORM_ACCENT, readableColor, updateSchool } from '#core';
import { useStore } from '@nanostores/react';
import { useEffect, type CSSProperties } from 'react';
import { appSession } from '../app-session.ts';

const HEX = /^#[0-9a-f]{6}$/i;

// Once per page load and school: what the admins saved since the school was chosen (its title,
// links, colours and logo) reaches every member on their next visit.
let askedFor: number | null = null;

/** Lets a test start from a fresh page load. */
export function forgetSchoolDecoration(): void {
  askedFor = null;
}

/**
 * The custom properties the school's colours give the school area, each made to read (WCAG AA,
 * core's readableColor): the accent as text on the page's background, the text colour on the
 * accent. Only #rrggbb ever reaches a style (the server stores nothing else; old state is checked too).
 */
export function schoolColorStyle(accent: string | null | undefined, accentText: string | null | undefined): CSSProperties | undefined {
  const style: Record<string, string> = {};
  const background = accent && HEX.test(accent) ? readableColor(accent, PAGE_BACKGROUND).color : null;
  if (background) style['--ch-accent'] = background;
  if (accentText && HEX.test(accentText)) style['--ch-accent-contrast'] = readableColor(accentText, background ?? PLATFORM_ACCENT).color;
  return Object.keys(style).length > 0 ? (style as CSSProperties) : undefined;
}

/**
 * The chosen school as the server now has it (schools/{id}/), merged into the school state, and the
 * CSS custom properties its colours give the school area (`--ch-accent`, `--ch-accent-contrast`);
 * none while it has none, so the platform's colours stay. A failed request keeps the state as is.
 */
export function useSchoolDecoration(): CSSProperties | undefined {
  const school = useStore($school);
  const auth = useStore($user).auth;
  const impersonating = useStore($impersonation).isImpersonating;
  const { schoolId } = school;
  useEffect(() => {
    if (!auth || schoolId === null || askedFor === schoolId) return;
    askedFor = schoolId;
    apiCall(appSession().api, 'GET schools/{id}/', { path: { id: schoolId } }).then(
        (reply) => {
          if ($school.get().schoolId !== reply.school_id) return;
          updateSchool({ schoolTitle: reply.title, contactLink: reply.contact_link ?? '', accentColor: reply.accent_color, accentTextColor: reply.accent_text_color, logo: reply.logo });
        },
        () => undefined,
      );
  }, [auth, schoolId, impersonating]);
  return schoolColorStyle(school.accentColor, school.accentTextColor);
}
