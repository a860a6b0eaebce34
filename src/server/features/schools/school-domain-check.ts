import { Resolver } from 'node:dns/promises';
import { request } from 'node:http';
import ipaddr from 'ipaddr.js';
import type { DomainCheckConfig } from '../../config.ts';

/** What a school publishes to prove a domain is its own (shown in the domain tab). */
export function verificationRecords(domain: string, token: string, httpPort = 80) {
  return {
    txt_name: `_coursehub.${domain}`,
    txt_value: `coursehub-verify=${token}`,
    file_url: `http://${domain}${httpPort === 80 ? '' : `:${httpPort}`}/.well-known/coursehub-verify.txt`,
    file_content: token,
  };
}

export type DomainCheckResult = { ok: true; method: 'dns' | 'file' } | { ok: false; error: string };

// One try: c-ares doubles the wait on each retry, and an admin is waiting on the answer.
const DNS_TIMEOUT_MS = 2500;
const HTTP_TIMEOUT_MS = 5000;
/** The file holds a token of 32 characters: anything much longer is not it. */
const MAX_FILE_BYTES = 1024;

// Only IANA's global unicast block holds public IPv6 addresses; anything outside it (::/96 with
// IPv4 inside, reserved space) is not a host on the internet, whatever ipaddr.js calls it.
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * Whether the file check must not connect to `address`: every special-purpose range (loopback,
 * private, link-local, shared, multicast, reserved, documentation, NAT64, 6to4, Teredo...) as
 * ipaddr.js classifies them, so the list follows the IANA registries rather than our memory. An
 * IPv4 address written inside IPv6 (::ffff:a.b.c.d) is classified as the IPv4 address it is. A
 * domain pointed at any of them would make us probe our own network.
 */
export function isInternalAddress(address: string): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // IPv6 rewritten in hex groups first (the URL parser's form): ipaddr.js reads '::a.b.c.d', an
    // IPv4-compatible address (::/96), as IPv4-mapped and would pass it for the public a.b.c.d.
    parsed = ipaddr.process(address.includes(':') ? new URL(`http://[${address}]/`).hostname.slice(1, -1) : address);
  } catch {
    return true;
  }
  if (parsed.range() !== 'unicast') return true;
  return parsed.kind() === 'ipv6' && !parsed.match(GLOBAL_UNICAST_V6);
}

function createResolver(config: DomainCheckConfig): Resolver {
  const resolver = new Resolver({ timeout: DNS_TIMEOUT_MS, tries: 1 });
  if (config.dnsServers.length > 0) resolver.setServers(config.dnsServers);
  return resolver;
}

const missing = (error: unknown) => ['ENOTFOUND', 'ENODATA'].includes((error as { code?: string }).code ?? '');

/** Looks for the TXT record; null when found, else why not (Russian). */
async function checkTxt(resolver: Resolver, domain: string, token: string): Promise<string | null> {
  const { txt_name, txt_value } = verificationRecords(domain, token);
  let records: string[][];
  try {
    records = await resolver.resolveTxt(txt_name);
  } catch (error) {
    if (missing(error)) return `TXT-запись ${txt_name} не найдена`;
    return `DNS не ответил на запрос TXT-записи ${txt_name}`;
  }
  if (records.some((chunks) => chunks.join('').trim() === txt_value)) return null;
  return `TXT-запись ${txt_name} найдена, но в ней нет значения ${txt_value}`;
}

/** GET with the connection pinned to `address` (checked already), no redirects, a size limit and a deadline. */
function fetchSmall(address: string, port: number, domain: string, path: string): Promise<{ status: number; body: string } | 'timeout' | 'too-big' | 'failed'> {
  return new Promise((resolve) => {
    const req = request({
      host: address,
      port,
      path,
      method: 'GET',
      headers: { host: port === 80 ? domain : `${domain}:${port}`, 'user-agent': 'CourseHub domain check', accept: 'text/plain' },
      timeout: HTTP_TIMEOUT_MS,
    });
    const deadline = setTimeout(() => finish('timeout'), HTTP_TIMEOUT_MS);
    let done = false;
    function finish(result: Awaited<ReturnType<typeof fetchSmall>>) {
      if (done) return;
      done = true;
      clearTimeout(deadline);
      req.destroy();
      resolve(result);
    }
    req.on('timeout', () => finish('timeout'));
    req.on('error', () => finish('failed'));
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_FILE_BYTES) return finish('too-big');
        chunks.push(chunk);
      });
      res.on('end', () => finish({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', () => finish('failed'));
    });
    req.end();
  });
}

/** Looks for the file on the domain's own address; null when it holds the token, else why not. */
async function checkFile(resolver: Resolver, config: DomainCheckConfig, domain: string, token: string): Promise<string | null> {
  const { file_url, file_content, txt_value } = verificationRecords(domain, token, config.httpPort);
  const [v4, v6] = await Promise.allSettled([resolver.resolve4(domain), resolver.resolve6(domain)]);
  const addresses = [...(v4.status === 'fulfilled' ? v4.value : []), ...(v6.status === 'fulfilled' ? v6.value : [])];
  if (addresses.length === 0) return `файл ${file_url} не проверен: у домена нет IP-адреса`;
  // Every address must be public: a name that also points inside could be switched between them.
  if (!config.allowPrivate && addresses.some(isInternalAddress)) return `файл ${file_url} не проверен: домен указывает на внутренний адрес`;
  const result = await fetchSmall(addresses[0]!, config.httpPort, domain, '/.well-known/coursehub-verify.txt');
  if (result === 'timeout') return `файл ${file_url} не открылся: сервер не ответил за ${HTTP_TIMEOUT_MS / 1000} с`;
  if (result === 'failed') return `файл ${file_url} не открылся: сервер недоступен`;
  if (result === 'too-big') return `файл ${file_url} больше 1 КБ — в нём должен быть только код подтверждения`;
  if (result.status !== 200) return `файл ${file_url} не найден (ответ ${result.status})`;
  const text = result.body.trim();
  return text === file_content || text === txt_value ? null : `файл ${file_url} открылся, но в нём нет кода подтверждения`;
}

/**
 * Checks that `domain` is the school's: the TXT record `_coursehub.<domain>` = `coursehub-verify=<token>`,
 * or else the file http://<domain>/.well-known/coursehub-verify.txt holding the token. Names are
 * resolved through DNS_SERVERS (the system's resolvers by default), which is all tests replace.
 */
export function createDomainCheck(config: DomainCheckConfig): (domain: string, token: string) => Promise<DomainCheckResult> {
  return async (domain, token) => {
    const resolver = createResolver(config);
    try {
      const txt = await checkTxt(resolver, domain, token);
      if (txt === null) return { ok: true, method: 'dns' };
      const file = await checkFile(resolver, config, domain, token);
      if (file === null) return { ok: true, method: 'file' };
      return { ok: false, error: `Подтверждение не найдено: ${txt}; ${file}.` };
    } finally {
      resolver.cancel();
    }
  };
}
