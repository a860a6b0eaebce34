import { useMemo } from 'react';

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

/**
 * The one place this feature injects HTML, and only what the server made: rich text it sanitised
 * on save, code it highlighted (escaping the code), formulas it rendered as MathML.
 */
export function ServerHtml({ html, className }: { html: string; className: string }) {
  const clean = useMemo(() => withoutInlineStyles(html), [html]);
  return <div className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
