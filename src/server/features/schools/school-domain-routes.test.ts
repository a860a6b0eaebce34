// A school's own domain (school-domain-routes.ts): the admin's CRUD, the check through a DNS stub
// (TXT) and a local HTTP server (the file), who may do what, configured_domains/ and its token.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startDnsStub, type DnsStub } from '../../../../tests/helpers/dns-stub.ts';
import { startHttpTestServer, type HttpTestServer } from '../../../../tests/helpers/http-test-server.ts';
import { addMember, registerOwner, setTariff, type Account, type Owner } from '../../../../tests/server/fixtures.ts';
import { call, createTestApp, type Body, type TestApp } from '../../../../tests/server/test-app.ts';
import { schoolDomains } from './tables.ts';

const TOKEN = 'provisioning-'.padEnd(40, 'x');

let t: TestApp;
let dns: DnsStub;
let web: HttpTestServer;
let fileBody: { status: number; body: string } = { status: 404, body: 'not found' };
let owner: Owner;
let other: Owner;
let junior: Owner;
let teacher: Account;
let student: Account;

beforeAll(async () => {
  dns = await startDnsStub();
  web = await startHttpTestServer(() => fileBody);
  const port = Number(new URL(web.url).port);
  t = await createTestApp({ domainCheck: { dnsServers: [dns.server], allowPrivate: true, httpPort: port }, provisioningToken: TOKEN });
  owner = await registerOwner(t.app, { schoolTitle: 'Домены' });
  other = await registerOwner(t.app, { schoolTitle: 'Чужие домены' });
  junior = await registerOwner(t.app, { schoolTitle: 'Маленькая школа' });
  await setTariff(t.app, owner.schoolId, 4);
  await setTariff(t.app, other.schoolId, 4);
  await setTariff(t.app, junior.schoolId, 2);
  teacher = await addMember(t.app, owner.schoolId, 'Teacher');
  student = await addMember(t.app, owner.schoolId, 'Student');
});
afterAll(async () => {
  await t.close();
  await dns.close();
  await web.close();
});
beforeEach(async () => {
  await t.app.ctx.db.delete(schoolDomains);
  dns.txt.clear();
  dns.a.clear();
  dns.aaaa.clear();
  fileBody = { status: 404, body: 'not found' };
});

const base = (who: Owner = owner) => `/api/${who.schoolName}/school_domain/`;
async function add(domain: string, who: Owner = owner): Promise<Body> {
  const res = await call(t.app, 'POST', base(who), { token: who.access, body: { domain_name: domain } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body!;
}
const verify = (id: number, who: Owner = owner) => call(t.app, 'POST', `${base(who)}${id}/verify/`, { token: who.access, body: {} });

describe('adding a domain', () => {
  it('adds one, normalised, with the TXT record and the file that prove it', async () => {
    const domain = await add('  https://Learn.Alpha.TEST/some/page ');
    expect(domain).toEqual({
      id: expect.any(Number), school: owner.schoolId, domain_name: 'learn.alpha.test', verified: false, verified_at: null,
      created_at: expect.any(String), last_check_at: null, last_check_error: null,
      verification: {
        txt_name: '_coursehub.learn.alpha.test',
        txt_value: expect.stringMatching(/^coursehub-verify=[0-9a-f]{32}$/),
        file_url: expect.stringMatching(/^http:\/\/learn\.alpha\.test:\d+\/\.well-known\/coursehub-verify\.txt$/),
        file_content: expect.stringMatching(/^[0-9a-f]{32}$/),
      },
    });
    const list = await call(t.app, 'GET', base(), { token: owner.access });
    expect(list.body).toEqual({ count: 1, next: null, previous: null, results: [domain] });
    expect((await call(t.app, 'GET', `${base()}${domain.id}/`, { token: owner.access })).body).toEqual(domain);
  });

  it('turns an internationalised name into punycode', async () => {
    expect((await add('школа.рф')).domain_name).toBe('xn--80atdl2c.xn--p1ai');
  });

  it('keeps one domain per school', async () => {
    await add('one.example');
    const res = await call(t.app, 'POST', base(), { token: owner.access, body: { domain_name: 'two.example' } });
    expect(res).toMatchObject({ status: 400, body: { code: 'DOMAIN_EXISTS', message: 'У школы уже есть домен: измените или удалите его.' } });
  });

  it.each([
    ['', 'VALIDATION_ERROR'],
    ['not a domain', 'INVALID_DOMAIN'],
    ['nodots', 'INVALID_DOMAIN'],
    ['-bad.example', 'INVALID_DOMAIN'],
    ['a..b.example', 'INVALID_DOMAIN'],
    ['user@mail.example', 'INVALID_DOMAIN'],
    ['learn.example:8080', 'INVALID_DOMAIN'],
    [`${'a'.repeat(64)}.example`, 'INVALID_DOMAIN'],
    ['127.0.0.1', 'DOMAIN_NOT_ALLOWED'],
    ['[::1]', 'DOMAIN_NOT_ALLOWED'],
    ['localhost', 'INVALID_DOMAIN'],
    ['app.localhost', 'DOMAIN_NOT_ALLOWED'],
    ['printer.local', 'DOMAIN_NOT_ALLOWED'],
    ['coursehub.test', 'DOMAIN_NOT_ALLOWED'],
    ['school.coursehub.test', 'DOMAIN_NOT_ALLOWED'],
  ])('refuses %j with %s under domain_name', async (domain, code) => {
    const res = await call(t.app, 'POST', base(), { token: owner.access, body: { domain_name: domain } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code, fields: { domain_name: [expect.any(String)] } });
  });

  it.each([
    ['a NUL byte', { domain_name: 'learn\u0000.example' }],
    ['a number', { domain_name: 5 }],
    ['no name', {}],
  ])('refuses a malformed body: %s', async (_label, body) => {
    const res = await call(t.app, 'POST', base(), { token: owner.access, body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('cannot be created verified', async () => {
    const res = await call(t.app, 'POST', base(), { token: owner.access, body: { domain_name: 'x.example', verified: true } });
    expect(res.body).toMatchObject({ domain_name: 'x.example', verified: false });
  });

  it('is for the Senior plan only', async () => {
    const res = await call(t.app, 'POST', base(junior), { token: junior.access, body: { domain_name: 'small.example' } });
    expect(res).toMatchObject({ status: 400, body: { code: 'TARIFF_LIMIT', message: 'Подключение своего домена доступно только для тарифа Senior.' } });
  });

  it('refuses a name another school has verified, but not one it merely typed', async () => {
    const theirs = await add('shared.example', other);
    // Unverified: the real owner can still add it (and prove it).
    const mine = await add('shared.example');
    dns.txt.set('_coursehub.shared.example', [mine.verification.txt_value]);
    expect((await verify(mine.id)).body).toMatchObject({ verified: true });
    // Now the other school can neither verify nor add it again.
    dns.txt.set('_coursehub.shared.example', [theirs.verification.txt_value]);
    expect(await verify(theirs.id, other)).toMatchObject({ status: 400, body: { code: 'DOMAIN_TAKEN', message: 'Домен уже используется другой школой' } });
    await call(t.app, 'DELETE', `${base(other)}${theirs.id}/`, { token: other.access });
    const again = await call(t.app, 'POST', base(other), { token: other.access, body: { domain_name: 'SHARED.example' } });
    expect(again).toMatchObject({ status: 400, body: { code: 'DOMAIN_TAKEN', fields: { domain_name: ['Домен уже используется другой школой'] } } });
  });
});

describe('verifying a domain', () => {
  it('verifies by the TXT record, asking only the configured DNS server', async () => {
    const domain = await add('learn.alpha.test');
    dns.txt.set('_coursehub.learn.alpha.test', ['v=spf1 -all', domain.verification.txt_value]);
    const res = await verify(domain.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ verified: true, verified_at: expect.any(String), last_check_error: null, last_check_at: expect.any(String) });
    expect(dns.queries).toContainEqual({ name: '_coursehub.learn.alpha.test', type: 16 });
  });

  it('says what it did not find, and the domain stays unverified', async () => {
    const domain = await add('nothing.example');
    const res = await verify(domain.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ verified: false, verified_at: null });
    expect(res.body!.last_check_error).toBe(
      'Подтверждение не найдено: TXT-запись _coursehub.nothing.example не найдена; ' +
        `файл ${domain.verification.file_url} не проверен: у домена нет IP-адреса.`,
    );
    expect((await call(t.app, 'GET', base(), { token: owner.access })).body!.results[0]).toMatchObject({ last_check_error: res.body!.last_check_error });
  });

  it('tells a TXT record with another value apart from a missing one', async () => {
    const domain = await add('wrong.example');
    dns.txt.set('_coursehub.wrong.example', ['coursehub-verify=someone-else']);
    const res = await verify(domain.id);
    expect(res.body!.last_check_error).toContain(`TXT-запись _coursehub.wrong.example найдена, но в ней нет значения ${domain.verification.txt_value}`);
  });

  it('verifies by the file on the domain, asking with the domain as Host', async () => {
    const domain = await add('files.example');
    dns.a.set('files.example', ['127.0.0.1']);
    fileBody = { status: 200, body: `${domain.verification.file_content}\n` };
    web.requests.length = 0;
    const res = await verify(domain.id);
    expect(res.body).toMatchObject({ verified: true });
    expect(web.requests[0]).toMatchObject({ method: 'GET', url: '/.well-known/coursehub-verify.txt', headers: { host: expect.stringMatching(/^files\.example:\d+$/) } });
  });

  it.each([
    [{ status: 404, body: 'nope' }, 'не найден (ответ 404)'],
    [{ status: 200, body: 'something else' }, 'открылся, но в нём нет кода подтверждения'],
    [{ status: 200, body: 'x'.repeat(5000) }, 'больше 1 КБ'],
    [{ status: 302, body: '' }, 'не найден (ответ 302)'],
  ])('reports a file that does not prove it: %o', async (reply, message) => {
    const domain = await add('files.example');
    dns.a.set('files.example', ['127.0.0.1']);
    fileBody = reply;
    const res = await verify(domain.id);
    expect(res.body).toMatchObject({ verified: false });
    expect(res.body!.last_check_error).toContain(message);
  });

  it('never fetches from an internal address unless the demo allows it', async () => {
    const settings = t.app.ctx.config.domainCheck;
    settings.allowPrivate = false;
    try {
      const domain = await add('inside.example');
      dns.a.set('inside.example', ['10.0.0.5']);
      web.requests.length = 0;
      const res = await verify(domain.id);
      expect(res.body!.last_check_error).toContain('не проверен: домен указывает на внутренний адрес');
      expect(web.requests).toHaveLength(0);
    } finally {
      settings.allowPrivate = true;
    }
  });

  it('never fetches from a special-purpose IPv6 address, IPv4-compatible, NAT64, 6to4 and site-local included', async () => {
    const settings = t.app.ctx.config.domainCheck;
    settings.allowPrivate = false;
    try {
      // ::808:808 is the IPv4-compatible ::8.8.8.8 (::/96): the resolver writes it that way.
      for (const [i, address] of ['::808:808', '64:ff9b:1::808:808', '2002:808:808::1', 'fec0::1', '::ffff:0:a00:5'].entries()) {
        const domain = await add(`six${i}.example`);
        dns.aaaa.set(`six${i}.example`, [address]);
        web.requests.length = 0;
        const res = await verify(domain.id);
        expect(res.body!.last_check_error, address).toContain('не проверен: домен указывает на внутренний адрес');
        expect(web.requests).toHaveLength(0);
        await t.app.ctx.db.delete(schoolDomains);
      }
    } finally {
      settings.allowPrivate = true;
    }
  });

  it('reports a DNS server that does not answer', async () => {
    const domain = await add('slow.example');
    dns.silent.add('_coursehub.slow.example');
    dns.a.set('slow.example', ['127.0.0.1']);
    const res = await verify(domain.id);
    expect(res.body!.last_check_error).toContain('DNS не ответил на запрос TXT-записи _coursehub.slow.example');
  }, 30_000);
});

describe('changing and removing a domain', () => {
  it('a new name must be verified again; the same name changes nothing', async () => {
    const domain = await add('first.example');
    dns.txt.set('_coursehub.first.example', [domain.verification.txt_value]);
    await verify(domain.id);
    const same = await call(t.app, 'PATCH', `${base()}${domain.id}/`, { token: owner.access, body: { domain_name: 'FIRST.example' } });
    expect(same.body).toMatchObject({ domain_name: 'first.example', verified: true });
    const changed = await call(t.app, 'PATCH', `${base()}${domain.id}/`, { token: owner.access, body: { domain_name: 'second.example' } });
    expect(changed.body).toMatchObject({ domain_name: 'second.example', verified: false, verified_at: null, verification: { txt_name: '_coursehub.second.example' } });
    const bad = await call(t.app, 'PATCH', `${base()}${domain.id}/`, { token: owner.access, body: { domain_name: 'localhost.localhost' } });
    expect(bad).toMatchObject({ status: 400, body: { code: 'DOMAIN_NOT_ALLOWED' } });
  });

  it('deletes it', async () => {
    const domain = await add('gone.example');
    expect((await call(t.app, 'DELETE', `${base()}${domain.id}/`, { token: owner.access })).status).toBe(204);
    expect((await call(t.app, 'GET', base(), { token: owner.access })).body).toMatchObject({ count: 0, results: [] });
    expect((await call(t.app, 'DELETE', `${base()}${domain.id}/`, { token: owner.access })).status).toBe(404);
  });
});

describe('who may', () => {
  it("never reaches another school's domain by its id", async () => {
    const theirs = await add('theirs.example', other);
    for (const [method, suffix, body] of [
      ['GET', '', undefined],
      ['PATCH', '', { domain_name: 'stolen.example' }],
      ['DELETE', '', undefined],
      ['POST', 'verify/', {}],
    ] as const) {
      const res = await call(t.app, method, `${base()}${theirs.id}/${suffix}`, { token: owner.access, body });
      expect(res, `${method} ${suffix}`).toMatchObject({ status: 404, body: { code: 'DOMAIN_NOT_FOUND' } });
    }
    const [row] = await t.app.ctx.db.select().from(schoolDomains).where(eq(schoolDomains.id, theirs.id));
    expect(row).toMatchObject({ domainName: 'theirs.example', verified: false });
    // Nor through the other school's name without being its member.
    expect((await call(t.app, 'GET', base(other), { token: owner.access })).status).toBe(403);
  });

  it('is for admins only: teachers and students get 403, no session 401', async () => {
    const domain = await add('roles.example');
    for (const who of [teacher, student]) {
      expect((await call(t.app, 'GET', base(), { token: who.access })).status).toBe(403);
      expect((await call(t.app, 'POST', base(), { token: who.access, body: { domain_name: 'x.example' } })).status).toBe(403);
      expect((await call(t.app, 'PATCH', `${base()}${domain.id}/`, { token: who.access, body: { domain_name: 'x.example' } })).status).toBe(403);
      expect((await call(t.app, 'DELETE', `${base()}${domain.id}/`, { token: who.access })).status).toBe(403);
      expect((await call(t.app, 'POST', `${base()}${domain.id}/verify/`, { token: who.access, body: {} })).status).toBe(403);
    }
    expect((await call(t.app, 'GET', base())).status).toBe(401);
    expect((await call(t.app, 'POST', `${base()}${domain.id}/verify/`, { body: {} })).status).toBe(401);
    // No body is as good as {}; anything else is refused.
    expect((await call(t.app, 'POST', `${base()}${domain.id}/verify/`, { token: owner.access })).status).toBe(200);
    expect((await call(t.app, 'POST', `${base()}${domain.id}/verify/`, { token: owner.access, body: [] })).status).toBe(400);
  });
});

describe('GET /configured_domains/', () => {
  it('lists verified domains to the provisioning token only', async () => {
    const mine = await add('served.example');
    await add('pending.example', other);
    dns.txt.set('_coursehub.served.example', [mine.verification.txt_value]);
    await verify(mine.id);
    const res = await t.app.inject({ method: 'GET', url: '/api/configured_domains/', headers: { 'x-provisioning-token': TOKEN } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ id: mine.id, school: owner.schoolId, domain_name: 'served.example' }]);
    for (const headers of [{}, { 'x-provisioning-token': 'wrong' }, { authorization: `Bearer ${owner.access}` }]) {
      const refused = await t.app.inject({ method: 'GET', url: '/api/configured_domains/', headers });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'PROVISIONING_TOKEN_REQUIRED' });
    }
  });
});
