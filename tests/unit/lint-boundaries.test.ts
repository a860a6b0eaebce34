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
    ['app → the widgets\' shared layer', 'src/app/x.ts', "import { a } from '../widgets/shared/define-widget.tsx';\nexport const b = a;"],
    ['core → views', 'src/core/x.ts', "import { a } from '../views/shared/use-resource.ts';\nexport const b = a;"],
    ['views → app', 'src/views/tariffs/x.ts', "import { a } from '../../app/main.tsx';\nexport const b = a;"],
    ['views → widgets', 'src/views/shared/x.ts', "import { a } from '../../widgets/shared/define-widget.tsx';\nexport const b = a;"],
    ['views → core internals', 'src/views/shared/x.ts', "import { a } from '#core/session';\nexport const b = a;"],
    ['views → core by path', 'src/views/shared/x.ts', "import { a } from '../../core/session.ts';\nexport const b = a;"],
    ['server → views', 'src/server/x.ts', "import { a } from '../views/shared/use-resource.ts';\nexport const b = a;"],
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
    ['app → a view', 'src/app/x.ts', "import { Tariffs } from '../views/tariffs/tariffs.tsx';\nexport const b = Tariffs;"],
    ['views → core entry and other views', 'src/views/tariffs/x.ts', "import { Role } from '#core';\nimport { useResource } from '../shared/use-resource.ts';\nexport const b = [Role, useResource];"],
    ['widgets → a view', 'src/widgets/tariffs/x.ts', "import { Tariffs } from '../../views/tariffs/tariffs.tsx';\nexport const b = Tariffs;"],
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

describe('features are entered through their index.ts', () => {
  const code = (source: string) => `import { a } from '${source}';\nexport const b = a;`;
  it.each([
    ['a server feature → another feature’s routes', 'src/server/features/roles/x.ts', '../schools/school-routes.ts'],
    ['a server feature → another feature’s tables', 'src/server/features/roles/x.ts', '../schools/tables.ts'],
    ['the server root → a feature’s service', 'src/server/app.ts', './features/schools/schools.ts'],
    ['an app feature → another feature’s page', 'src/app/features/tariffs/x.tsx', '../accounts/profile-page.tsx'],
    ['the app shell → a feature’s page', 'src/app/school-screens.ts', './features/groups/groups-page.tsx'],
  ])('%s is refused', async (_name, filePath, source) => {
    expect(await ruleIds(filePath, code(source))).toEqual(['coursehub/feature-boundaries']);
  });

  it('refuses a lazy import of another feature’s page', async () => {
    expect(await ruleIds('src/app/features/groups/x.ts', "export const p = () => import('../accounts/profile-page.tsx');")).toEqual(['coursehub/feature-boundaries']);
  });

  it.each([
    ['shared server code → a feature, even its index', 'src/server/shared/http/x.ts', '../../features/schools/index.ts'],
    ['the shared UI kit → a feature', 'src/app/ui/x.tsx', '../features/accounts/index.ts'],
    ['a feature → the schema aggregator', 'src/server/features/groups/x.ts', '../../shared/db/schema.ts'],
  ])('%s is refused', async (_name, filePath, source) => {
    expect(await ruleIds(filePath, code(source))).toEqual(['coursehub/feature-boundaries']);
  });

  it.each([
    ['a file of the same feature', 'src/server/features/roles/x.ts', './invitations.ts'],
    ['another feature’s index', 'src/server/features/roles/x.ts', '../schools/index.ts'],
    ['a tables.ts → another feature’s tables.ts (foreign keys)', 'src/server/features/groups/tables.ts', '../courses/tables.ts'],
    ['the schema aggregator → a feature’s tables', 'src/server/shared/db/schema.ts', '../../features/groups/tables.ts'],
    ['a feature → shared code', 'src/server/features/groups/x.ts', '../../shared/http/pagination.ts'],
    ['the app shell → a feature’s index', 'src/app/school-screens.ts', './features/groups/index.ts'],
    ['an app feature → the UI kit', 'src/app/features/groups/x.tsx', '../../ui/pager.tsx'],
  ])('%s is allowed', async (_name, filePath, source) => {
    expect(await ruleIds(filePath, code(source))).toEqual([]);
  });

  it('lets a test reach into the feature it tests and others', async () => {
    expect(await ruleIds('src/server/features/roles/x.test.ts', code('../schools/school-routes.ts'))).toEqual([]);
  });
});
