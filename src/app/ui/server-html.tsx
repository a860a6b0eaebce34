import { useEffect, useMemo } from 'react';

/**
 * The server's HTML without `style` attributes. The app's CSP (`style-src 'self'`) refuses inline
 * styles and the browser reports each one, even while parsing in a detached document; the server's
 * renderers add a few (temml's `display:block math`), which app.css gives by class instead. So they
 * go from the text itself, inside tags only: `\sstyle="…"` removes exactly two double quotes, so
 * nothing moves into or out of an attribute value, and nothing is added.
 */
export function withoutInlineStyles(html: string): string {
  return html.replace(/<[a-zA-Z][^<>]*>/g, (tag) => tag.replace(/\sstyle\s*=\s*"[^"]*"/gi, ''));
}

/** The server's stylesheet for highlighted code (its colours are classes, for the CSP). */
export const CODE_STYLES_URL = '/api/code-highlight.css';

/** Links the code stylesheet into the page once, when code is first shown. */
function linkCodeStyles(): void {
  if (document.querySelector(`link[href="${CODE_STYLES_URL}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = CODE_STYLES_URL;
  document.head.append(link);
}

/**
 * The one place this feature injects HTML, and only what the server made: rich text it sanitised
 * on save, code it highlighted (escaping the code), formulas it rendered as MathML.
 */
export function ServerHtml({ html, className }: { html: string; className: string }) {
  const clean = useMemo(() => withoutInlineStyles(html), [html]);
  const hasCode = clean.includes('class="code-block"');
  useEffect(() => {
    if (hasCode) linkCodeStyles();
  }, [hasCode]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
