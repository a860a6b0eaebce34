import { withoutInlineStyles } from '../../ui/server-html.tsx';

/**
 * A test's answers come as the server's sanitised HTML (the test editor's rich text); inside a
 * label they are a span, so they go in without the kit's ServerHtml block (the same cleaning).
 */
export const serverHtml = (html: string): { __html: string } => ({ __html: withoutInlineStyles(html) });

/**
 * The text of the server's HTML, for where markup cannot go (a select's options, an accessible
 * name). A parsed document that is never attached runs no script and loads nothing.
 */
export function htmlText(html: string): string {
  if (!html.includes('<') && !html.includes('&')) return html.replace(/\s+/g, ' ').trim();
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
