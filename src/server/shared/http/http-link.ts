import { fieldError } from '../errors.ts';

export const HTTP_LINK_MESSAGE = 'Укажите ссылку, начинающуюся с http:// или https://.';

/**
 * An absolute http(s) address with a host, normalised (a student's browser opens it), or a field
 * error under `field`: no javascript:, data: or relative links reach a page.
 */
export function httpLink(field: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw fieldError(field, HTTP_LINK_MESSAGE);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) throw fieldError(field, HTTP_LINK_MESSAGE);
  return url.href;
}
