// Every installed package must run on Node 20 (the machines and CI run Node 20.19+).
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

interface LockPackage {
  engines?: { node?: string } | string[];
  optional?: boolean;
}

describe('package versions', () => {
  it('all accept Node 20.19', () => {
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, LockPackage> };
    const refused = Object.entries(lock.packages)
      .filter(([name, info]) => name !== '' && !info.optional)
      .flatMap(([name, info]) => {
        const range = Array.isArray(info.engines) ? undefined : info.engines?.node;
        return range && !semver.satisfies('20.19.0', range) ? [`${name} needs node ${range}`] : [];
      });
    expect(refused).toEqual([]);
  });
});
