import { isIP } from 'node:net';
import { domainToASCII } from 'node:url';
import type { ServerConfig } from '../../config.ts';
import { fieldError } from '../../shared/errors.ts';
import { serverRefusalsMessages as refusals } from '#core/messages/server-refusals';

export const DOMAIN_INVALID = refusals.domainInvalid;
export const DOMAIN_NOT_ALLOWED = refusals.domainNotAllowed;

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
/** The last label is letters, or an IDN's punycode (xn--…). */
const TOP = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
const NOT_PUBLIC = ['localhost', 'local', 'internal', 'invalid', 'onion', 'arpa'];

/** Host names a school's domain may never be: the platform's own, and what only this machine is. */
function platformHosts(config: Pick<ServerConfig, 'publicUrl' | 'corsOrigins' | 'host'>): string[] {
  const hosts = [config.host];
  for (const origin of [config.publicUrl, ...config.corsOrigins]) {
    try {
      hosts.push(new URL(origin).hostname);
    } catch {
      // not a URL: nothing to protect
    }
  }
  return hosts.map((host) => host.toLowerCase().replace(/^\[|\]$/g, '')).filter(Boolean);
}

/**
 * A domain as typed ('Learn.Example.com', 'https://learn.example.com/', 'школа.рф') → its lower-case
 * ASCII form, or a field error: a host name of two labels or more, not an address, not localhost,
 * not the platform's own host or one of its subdomains.
 */
export function normaliseDomain(input: string, config: Pick<ServerConfig, 'publicUrl' | 'corsOrigins' | 'host'>): string {
  const typed = input
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .split(/[/?#]/)[0]!
    .replace(/\.$/, '');
  if (!typed || /[@\s]/.test(typed)) throw fieldError('domain_name', DOMAIN_INVALID, 'INVALID_DOMAIN');
  const bare = typed.replace(/^\[|\]$/g, '');
  if (isIP(bare) !== 0 || isIP(typed.replace(/:\d+$/, '')) !== 0) throw fieldError('domain_name', DOMAIN_NOT_ALLOWED, 'DOMAIN_NOT_ALLOWED');
  if (/:\d*$/.test(typed)) throw fieldError('domain_name', 'Укажите домен без порта.', 'INVALID_DOMAIN');
  const ascii = domainToASCII(typed);
  const labels = ascii.split('.');
  if (!ascii || ascii.length > 253 || labels.length < 2 || !labels.every((label) => LABEL.test(label)) || !TOP.test(labels.at(-1)!)) {
    throw fieldError('domain_name', DOMAIN_INVALID, 'INVALID_DOMAIN');
  }
  const own = platformHosts(config);
  // Names that never reach a public site (.test and .example stay: tests and demos use them).
  if (NOT_PUBLIC.includes(labels.at(-1)!) || own.some((host) => ascii === host || ascii.endsWith(`.${host}`))) {
    throw fieldError('domain_name', DOMAIN_NOT_ALLOWED, 'DOMAIN_NOT_ALLOWED');
  }
  return ascii;
}
