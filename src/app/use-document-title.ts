import { pageTitles } from '#core';
import { useEffect, useState } from 'react';

interface Entry {
  /** Render order: a page rendered inside (or after) another outranks it. */
  order: number;
  title: string | null;
}

let renders = 0;
const mounted = new Set<Entry>();

function show(): void {
  let top: Entry | undefined;
  for (const entry of mounted) if (entry.title !== null && (!top || entry.order > top.order)) top = entry;
  document.title = top?.title ?? pageTitles.fallback;
}

/** 'Вход' → 'Вход — CourseHub'; '' → the landing page's own title. */
export function documentTitle(title: string): string {
  return title ? `${title}${pageTitles.suffix}` : pageTitles.fallback;
}

/**
 * Titles the browser tab while the calling component is mounted. The route table titles every
 * page from the app's root; a page that knows better (a help article, a course that is not found)
 * calls this too and wins, being rendered later: effects run children first, so order of
 * rendering, not of effects, decides. null leaves the title to the others.
 */
export function useDocumentTitle(title: string | null | undefined): void {
  const [entry] = useState<Entry>(() => ({ order: ++renders, title: null }));
  useEffect(() => {
    mounted.add(entry);
    return () => {
      mounted.delete(entry);
      show();
    };
  }, [entry]);
  useEffect(() => {
    entry.title = title === null || title === undefined ? null : documentTitle(title);
    show();
  }, [entry, title]);
}
