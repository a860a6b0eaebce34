/**
 * Whether a link an admin typed (a landing's button or contact link, a lesson's link button) may
 * be stored for a page to follow: an absolute http(s) URL with a host, a path on this site (one
 * '/', not followed by another '/' or a '\'), or an absolute URL of one of `schemes` ('mailto:').
 *
 * Checked as a browser reads an href, not as it was typed: leading and trailing spaces and control
 * characters trimmed, tabs and line breaks removed anywhere ('java\tscript:' is javascript:), '\'
 * read as '/' ('/\evil.com' is //evil.com, another site), and a path checked again after
 * percent-decoding ('/%5Cevil.com'), for a server or a redirect that decodes it.
 */
export function isSafeLink(value: string, options: { schemes?: readonly string[]; paths?: boolean } = {}): boolean {
  // WHATWG URL parsing: C0 controls and spaces at the ends are stripped, tabs and newlines dropped.
  // eslint-disable-next-line no-control-regex
  const href = value.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
  if (href.startsWith('/') || href.startsWith('\\')) return options.paths !== false && isSitePath(href);
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return false;
  }
  if (url.protocol === 'http:' || url.protocol === 'https:') return url.hostname !== '';
  return (options.schemes ?? []).includes(url.protocol);
}

const BASE = 'https://site.invalid';

/** '/courses/1' yes; '//host', '/\host', '\\host' and their percent-encoded forms no. */
function isSitePath(href: string): boolean {
  let text = href;
  // Each decoding round is checked, up to a few: '%255C' is '%5C' once decoded, '\' twice.
  for (let round = 0; round < 4; round++) {
    if (!/^\/(?![/\\])/.test(text)) return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(text);
    } catch {
      // Not valid percent-encoding: nothing further decodes it.
      break;
    }
    // eslint-disable-next-line no-control-regex
    decoded = decoded.replace(/^[\u0000-\u0020]+/, '').replace(/[\t\n\r]/g, '');
    if (decoded === text) break;
    text = decoded;
  }
  // And as the browser resolves it: still this site.
  try {
    return new URL(href, `${BASE}/`).origin === BASE;
  } catch {
    return false;
  }
}
