// The domain check's pieces that need no server: which addresses the file check refuses, and the
// DNS stub's answers as node's own Resolver reads them.
import { Resolver } from 'node:dns/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsStub, type DnsStub } from '../../../../tests/helpers/dns-stub.ts';
import { isInternalAddress, verificationRecords } from './school-domain-check.ts';

describe('isInternalAddress', () => {
  it.each(['127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '64:ff9b::a00:1'])(
    'refuses %s',
    (address) => expect(isInternalAddress(address)).toBe(true),
  );
  // Special-purpose ranges the hand-made list missed: IPv4-compatible (::/96), local-use NAT64
  // (64:ff9b:1::/48), 6to4 (2002::/16), site-local (fec0::/10), Teredo, ORCHID, benchmarking,
  // documentation, space outside 2000::/3 (never global unicast), and IPv4's shared (100.64/10),
  // protocol-assignment (192.0.0/24), benchmarking (198.18/15), reserved (240/4) and "this network" (0/8).
  it.each([
    '::8.8.8.8', '::1:2', '::ffff:0:1.2.3.4', '64:ff9b:1::808:808', '64:ff9b:1:ffff::1', '2002:808:808::1', '2002::', 'fec0::1', 'feff::1', '2001:0:4136:e378::1', '2001:20::1', '2001:2::1', '2001:db8::1',
    '3fff::1', '4000::1', '5f00::1', '::ffff:100.64.0.1', '::ffff:c0a8:1',
    '100.64.0.1', '100.127.255.254', '192.0.0.8', '192.0.0.170', '198.18.0.1', '198.19.255.255', '240.0.0.1', '254.1.2.3', '0.1.2.3', '192.88.99.1', '192.0.2.1', '203.0.113.9',
    'not an address', '',
  ])('refuses the special-purpose address %s', (address) => expect(isInternalAddress(address)).toBe(true));
  it.each(['8.8.8.8', '93.184.216.34', '172.32.0.1', '100.128.0.1', '198.20.0.1', '223.255.255.1', '2a00:1450:4010:c05::8a', '2606:4700::1111', '::ffff:8.8.8.8', '2001:4860:4860::8888'])(
    'allows %s',
    (address) => expect(isInternalAddress(address)).toBe(false),
  );
});

describe('verificationRecords', () => {
  it('names the TXT record and the file, with the port only when it is not 80', () => {
    expect(verificationRecords('learn.example', 'abc')).toEqual({
      txt_name: '_coursehub.learn.example',
      txt_value: 'coursehub-verify=abc',
      file_url: 'http://learn.example/.well-known/coursehub-verify.txt',
      file_content: 'abc',
    });
    expect(verificationRecords('learn.example', 'abc', 8080).file_url).toBe('http://learn.example:8080/.well-known/coursehub-verify.txt');
  });
});

describe('the DNS stub', () => {
  let dns: DnsStub;
  let resolver: Resolver;
  beforeAll(async () => {
    dns = await startDnsStub({ txt: { 'long.example': ['x'.repeat(600)], 'two.example': ['a', 'b'] }, a: { 'two.example': ['192.0.2.7'] } });
    resolver = new Resolver({ timeout: 1000, tries: 1 });
    resolver.setServers([dns.server]);
  });
  afterAll(() => dns.close());

  it('answers TXT records, a long one in 255-byte strings', async () => {
    expect((await resolver.resolveTxt('LONG.example')).map((chunks) => chunks.join(''))).toEqual(['x'.repeat(600)]);
    expect((await resolver.resolveTxt('two.example')).map((chunks) => chunks.join('')).sort()).toEqual(['a', 'b']);
  });

  it('answers A records, no AAAA, and NXDOMAIN for unknown names', async () => {
    expect(await resolver.resolve4('two.example')).toEqual(['192.0.2.7']);
    await expect(resolver.resolve6('two.example')).rejects.toMatchObject({ code: 'ENODATA' });
    await expect(resolver.resolveTxt('nowhere.example')).rejects.toMatchObject({ code: 'ENOTFOUND' });
    expect(dns.queries).toContainEqual({ name: 'nowhere.example', type: 16 });
  });
});
