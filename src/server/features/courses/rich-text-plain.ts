import { sanitizeRichText } from './rich-text.ts';

/**
 * Rich text (course descriptions, lesson texts) as plain text, for the answers and places where
 * only text fits: catalogue cards, widget lists, the landing's lead, mail subjects. Widgets render
 * it as text, so they need no sanitiser of their own (docs/decisions/0026-rich-text-in-public-answers.md).
 *
 * The input is sanitised first, whatever was stored: the sanitiser drops scripts, styles and their
 * contents and rebuilds well-formed markup in which every `<` and `>` of the text is escaped, so the
 * tags below are exactly the markup's tags and the only entities left are the four it writes.
 */

/** Elements that start on a line of their own. */
const BLOCK = /^\/?(?:p|h[1-6]|li|ul|ol|blockquote|pre|table|thead|tbody|tfoot|tr|caption|div)$/;
const CELL = /^\/?(?:td|th)$/;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"' };

/** The text of `html`: blocks on lines of their own, table cells apart, entities decoded, no NUL or control characters. */
export function richTextPlain(html: string): string {
  const clean = sanitizeRichText(html.replace(/\0/g, ''));
  const text = clean
    // Line breaks in the markup are spaces, as a browser shows them, except inside <pre>.
    .replace(/(<pre\b[^>]*>[\s\S]*?<\/pre>)|[ \t\n\r\f]+/g, (space, pre?: string) => (pre ? pre.replace(/\r?\n/g, '<br>') : ' '))
    .replace(/<(\/?[a-z0-9]+)[^>]*>/g, (_, name: string) => (name === 'br' || BLOCK.test(name) ? '\n' : CELL.test(name) ? ' ' : ''))
    // One pass, so an escaped entity («&amp;lt;») comes out as the text it was («&lt;»).
    .replace(/&(amp|lt|gt|quot);/g, (_, name: string) => ENTITIES[name]!)
    // Control characters other than line breaks and tabs have no place in text.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

/**
 * A short excerpt of rich text on one line (a card's description): the plain text with its lines
 * joined by spaces, cut at a word before `maxLength` characters with «…».
 */
export function richTextExcerpt(html: string, maxLength: number): string {
  const text = richTextPlain(html).replace(/\n/g, ' ');
  // By code points, so a cut never splits an emoji's surrogate pair.
  const chars = Array.from(text);
  if (chars.length <= maxLength) return text;
  const cut = chars.slice(0, maxLength - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > cut.length / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
