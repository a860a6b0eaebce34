// Proves the lint rules that guard the design's boundaries actually fire (and stay quiet on
// allowed code), so a broken ESLint config cannot pass unnoticed.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('import boundaries (ARCHITECTURE.md)', () => {
  it.each([
    ['core → app', 'src/core/x.ts', "import { a } from '../app/main.tsx';\nexport const b = a;"],
    ['core → widgets alias', 'src/core/x.ts', "import { a } from '#widgets/tariffs';\nexport const b = a;"],
    ['core → server', 'src/core/x.ts', "import { a } from '../server/app.ts';\nexport const b = a;"],
    ['core → react', 'src/core/x.ts', "import { useState } from 'react';\nexport const b = useState;"],
    ['core → preact', 'src/core/x.ts', "import { h } from 'preact';\nexport const b = h;"],
    ['core → node module', 'src/core/x.ts', "import { readFile } from 'node:fs';\nexport const b = readFile;"],
    ['widgets → core internals', 'src/widgets/x.ts', "import { a } from '#core/session';\nexport const b = a;"],
    ['widgets → app', 'src/widgets/x.ts', "import { a } from '../app/main.tsx';\nexport const b = a;"],
    ['app → core internals by path', 'src/app/x.ts', "import { a } from '../core/session.ts';\nexport const b = a;"],
    ['app → a widget element', 'src/app/x.ts', "import { a } from '../widgets/tariffs/tariffs-element.ts';\nexport const b = a;"],
    ['app → server', 'src/app/x.ts', "import { a } from '../server/app.ts';\nexport const b = a;"],
    ['server → core session', 'src/server/x.ts', "import { a } from '#core/session';\nexport const b = a;"],
    ['server → core barrel', 'src/server/x.ts', "import { a } from '#core';\nexport const b = a;"],
    ['server → app', 'src/server/x.ts', "import { a } from '../app/main.tsx';\nexport const b = a;"],
    ['demo → src', 'demo/x.js', "import { a } from '../src/core/roles.ts';\nexport const b = a;"],
  ])('%s is refused', async (_name, filePath, code) => {
    expect(await ruleIds(filePath, code)).toContain('no-restricted-imports');
  });

  it.each([
    ['core → core', 'src/core/x.ts', "import { Role } from './roles.ts';\nexport const b = Role;"],
    ['widgets → core entry', 'src/widgets/x.ts', "import { Role } from '#core';\nexport const b = Role;"],
    ['app → core entry', 'src/app/x.ts', "import { Role } from '#core';\nexport const b = Role;"],
    ['app → a widget component', 'src/app/x.ts', "import { Tariffs } from '../widgets/tariffs/tariffs.tsx';\nexport const b = Tariffs;"],
    ['server → pure core module', 'src/server/x.ts', "import { Role } from '#core/roles';\nexport const b = Role;"],
  ])('%s is allowed', async (_name, filePath, code) => {
    expect(await ruleIds(filePath, code)).toEqual([]);
  });
});

describe('no DOM access at import time in core', () => {
  it.each([
    ['a top-level read', 'export const w = window.innerWidth;'],
    ['storage at load', "export const token = localStorage.getItem('user');"],
    ['a top-level statement', "document.title = 'x';"],
    ['a class field default', 'export const x = { a: navigator.language };'],
  ])('refuses %s', async (_name, code) => {
    expect(await ruleIds('src/core/x.ts', code)).toContain('coursehub/no-import-time-dom');
  });

  it.each([
    ['inside a function', 'export function width() { return window.innerWidth; }'],
    ['inside an arrow', "export const read = () => localStorage.getItem('user');"],
    ['a typeof check', "export const hasWindow = typeof window !== 'undefined';"],
  ])('allows %s', async (_name, code) => {
    expect(await ruleIds('src/core/x.ts', code)).toEqual([]);
  });

  it('does not apply outside core', async () => {
    expect(await ruleIds('src/app/x.ts', 'export const w = window.innerWidth;')).toEqual([]);
  });
});
