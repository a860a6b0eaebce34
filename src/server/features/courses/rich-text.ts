import sanitizeHtml from 'sanitize-html';

/**
 * Rich text from authors (lesson texts, course descriptions) is sanitised here, on the server, on
 * every write (ARCHITECTURE.md, security model): the app shows it as HTML, so only an allowlist of
 * formatting survives. The parser rebuilds the markup from its tree, so what leaves is well formed
 * and every text and attribute is escaped again.
 */

const LINK_PROTOCOLS = ['http:', 'https:', 'mailto:'];
const IMAGE_PROTOCOLS = ['http:', 'https:'];
/** rel words a link may keep; target=_blank always gets noopener and noreferrer. */
const REL_WORDS = new Set(['nofollow', 'noopener', 'noreferrer', 'ugc']);

/**
 * An absolute URL with one of `protocols`, as the browser will read it, or null. Checked by the
 * WHATWG parser itself (the browser's own reading: entities are already decoded here, and tabs or
 * line breaks inside `java\tscript:` are dropped exactly as a browser drops them), on top of the
 * sanitiser's scheme list.
 */
function safeUrl(value: string | undefined, protocols: readonly string[]): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (!protocols.includes(url.protocol)) return null;
  if (url.protocol !== 'mailto:' && !url.hostname) return null;
  return url.href;
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote', 'code', 'pre', 'img',
    'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt'], th: ['colspan', 'rowspan'], td: ['colspan', 'rowspan'] },
  allowedClasses: {},
  allowedStyles: {},
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowedIframeHostnames: [],
  allowVulnerableTags: false,
  disallowedTagsMode: 'discard',
  // Removed with everything inside them, not just unwrapped: their text is code, styles or markup
  // of another namespace, never lesson text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'frame', 'frameset', 'object', 'embed', 'svg', 'math', 'template', 'title', 'xmp', 'noembed', 'noframes', 'plaintext', 'select', 'head'],
  transformTags: {
    a: (tagName, attribs) => {
      const href = safeUrl(attribs.href, LINK_PROTOCOLS);
      const blank = attribs.target === '_blank';
      const rel = blank
        ? 'noopener noreferrer'
        : (attribs.rel ?? '')
            .toLowerCase()
            .split(/\s+/)
            .filter((word) => REL_WORDS.has(word))
            .join(' ');
      const out: Record<string, string> = {};
      if (href) out.href = href;
      if (blank) out.target = '_blank';
      if (rel) out.rel = rel;
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => {
      const src = safeUrl(attribs.src, IMAGE_PROTOCOLS);
      const out: Record<string, string> = {};
      if (src) out.src = src;
      if (attribs.alt) out.alt = attribs.alt;
      return { tagName, attribs: out };
    },
  },
  // An image without a usable address is nothing to show.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  parser: { lowerCaseTags: true, lowerCaseAttributeNames: true },
};

/** Author-written HTML with only the allowed formatting left (see OPTIONS). */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
