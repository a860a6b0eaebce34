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
  it.each(['8.8.8.8', '93.184.216.34', '172.32.0.1', '2a00:1450:4010:c05::8a', '2606:4700::1111'])('allows %s', (address) => expect(isInternalAddress(address)).toBe(false));
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
