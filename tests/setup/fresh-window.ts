// First setup file of the 'dom' project, which runs a worker's files one after another in one
// happy-dom window (isolate: false: the window and React are set up once per worker, not once per
// file). Before each file it gives the file what a worker of its own would: the project's modules
// evaluated anew (stores, caches and the router start as on a first import), and the window back at
// its first address with no storage, cookies, title, document content or timers left over. Files
// that mock modules or define custom elements cannot share a worker this way: vitest.config.ts runs
// them in 'dom-alone', isolated.
import { vi } from 'vitest';

const START_URL = 'http://localhost:3000/';

vi.resetModules();
vi.useRealTimers();
(window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(START_URL);
history.replaceState(null, '', START_URL);
localStorage.clear();
sessionStorage.clear();
for (const cookie of document.cookie.split(';')) {
  const name = cookie.split('=')[0]!.trim();
  if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}
document.title = '';
document.head.replaceChildren();
document.body.replaceChildren();
for (const element of [document.documentElement, document.body]) {
  for (const { name } of [...element.attributes]) element.removeAttribute(name);
}
