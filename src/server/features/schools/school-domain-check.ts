import { Resolver } from 'node:dns/promises';
import { request } from 'node:http';
import { BlockList, isIPv4 } from 'node:net';
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

/**
 * Addresses the file check never connects to (loopback, private, link-local, shared, multicast,
 * reserved, IPv4 inside IPv6): a domain pointed at them would make us probe our own network.
 */
// Two lists: node matches an IPv4 address against IPv6 rules as ::ffff:a.b.c.d, so one list holding
// ::ffff:0:0/96 would refuse every IPv4 address.
const internal4 = new BlockList();
const internal6 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 3],
] as const) internal4.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 127], ['::ffff:0:0', 96], ['64:ff9b::', 96], ['100::', 64], ['2001:db8::', 32], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8],
] as const) internal6.addSubnet(net, prefix, 'ipv6');

export const isInternalAddress = (address: string) => (isIPv4(address) ? internal4.check(address, 'ipv4') : internal6.check(address, 'ipv6'));

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
