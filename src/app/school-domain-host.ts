/** The school whose verified domain this page was served on (the server's meta tag), or null. */
export interface HostSchool {
  name: string;
  title: string;
}

/**
 * On a school's own domain the server names the school in the page (site/index-html.ts): the
 * app's first page then shows that school instead of the platform's landing.
 */
export function hostSchool(): HostSchool | null {
  if (typeof document === 'undefined') return null;
  const meta = document.querySelector<HTMLMetaElement>('meta[name="coursehub-school"]');
  const name = meta?.content.trim();
  return name ? { name, title: meta!.dataset.title?.trim() || name } : null;
}
