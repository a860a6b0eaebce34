// Finds the Chromium the browser tests drive, installing Debian's package when it is missing and
// we may (root with apt-get). Playwright's own browser download is not used: it needs the internet.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].filter(Boolean);

export function findChromium() {
  return CANDIDATES.find((path) => existsSync(path)) ?? null;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let path = findChromium();
  if (!path && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log('Chromium not found: installing Debian package "chromium" for the browser tests…');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    path = findChromium();
  }
  if (!path) {
    console.error('The browser tests need Chromium: install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.');
    process.exit(1);
  }
}
