import { fieldError } from '../errors.ts';
import { TEXT_PATTERN } from '../text-pattern.ts';

const TEXT = new RegExp(TEXT_PATTERN);

const MAX_NAME_LENGTH = 200;
/** Extensions that name the same type as the sniffed one. */
const ALIASES: Record<string, string[]> = { jpg: ['jpg', 'jpeg', 'jpe'], mp4: ['mp4', 'm4v'], mkv: ['mkv'], txt: ['txt', 'text', 'md', 'csv', 'log'], m4a: ['m4a', 'mp4', 'aac'], ogg: ['ogg', 'oga', 'opus'], mov: ['mov', 'qt'] };

/**
 * The original file name as shown and offered for download: the last path segment, whitespace
 * runs as one space, no characters that file systems or headers choke on, at most 200 characters,
 * and ending in the extension of the type sniffed from the content (`.html` on a picture becomes
 * `.html.png`). A name with control characters (a NUL byte) is refused: 400, like every text field.
 */
export function cleanFileName(raw: string, ext: string, field = 'file'): string {
  if (!TEXT.test(raw)) throw fieldError(field, 'Имя файла содержит недопустимые символы.');
  let name = raw.normalize('NFC').split(/[/\\]/).pop() ?? '';
  name = name.replace(/[<>:"|?*]/g, '_').replace(/\s+/g, ' ').trim().replace(/^\.+/, '');
  const dot = name.lastIndexOf('.');
  const own = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  if (!(ALIASES[ext] ?? [ext]).includes(own)) name = name ? `${name}.${ext}` : `file.${ext}`;
  if (name.length > MAX_NAME_LENGTH) {
    const suffix = name.slice(name.lastIndexOf('.'));
    name = `${name.slice(0, MAX_NAME_LENGTH - suffix.length).trimEnd()}${suffix}`;
  }
  return name;
}

/** A Content-Disposition value: the name for every browser (ASCII fallback and RFC 5987 UTF-8). */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
