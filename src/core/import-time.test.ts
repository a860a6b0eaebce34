// Core is imported by the server, by tests in Node and by widgets on other sites: importing it
// must not use any browser global. Each global becomes a proxy that records every use; core is
// then imported afresh. A `typeof window` probe is no use and is not recorded; nor are probes made
// by Node-only builds of dependencies (ofetch's Node build looks for window.Event), which browser
// bundles do not contain.
import { afterEach, describe, expect, it, vi } from 'vitest';

const BROWSER_GLOBALS = ['window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location', 'history'];

afterEach(() => {
  for (const name of BROWSER_GLOBALS) Reflect.deleteProperty(globalThis, name);
});

function recorder(name: string, used: string[]): object {
  const record = (use: string) => {
    const caller = new Error().stack?.split('\n')[3] ?? '';
    if (!caller.includes('node_modules')) used.push(use);
  };
  return new Proxy(function browserGlobal() {}, {
    get: (_target, property) => (record(`${name}.${String(property)}`), recorder(`${name}.${String(property)}`, used)),
    set: (_target, property) => (record(`${name}.${String(property)}=`), true),
    has: (_target, property) => (record(`${String(property)} in ${name}`), false),
    apply: () => record(`${name}()`),
  });
}

describe('importing core', () => {
  it('uses no browser global', async () => {
    const used: string[] = [];
    for (const name of BROWSER_GLOBALS) {
      Object.defineProperty(globalThis, name, { configurable: true, value: recorder(name, used) });
    }
    vi.resetModules();
    const core = await import('./index.ts');
    expect(used).toEqual([]);
    expect(core.Role.Admin).toBe(6);
    expect(typeof core.createSession).toBe('function');
  });

  it('would notice a module that reads storage when imported', async () => {
    const used: string[] = [];
    Object.defineProperty(globalThis, 'localStorage', { configurable: true, value: recorder('localStorage', used) });
    (globalThis as unknown as { localStorage: Storage }).localStorage.getItem('user');
    expect(used).toEqual(['localStorage.getItem', 'localStorage.getItem()']);
  });
});
