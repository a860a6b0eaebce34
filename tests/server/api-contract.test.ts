// The committed API contract (src/core/api-contract.ts) is what the server's OpenAPI document says
// today. UPDATE_API_CONTRACT=1 (`npm run api:contract`) writes it instead of comparing.
import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CONTRACT_FILE, contractSource } from '../../tools/api-contract.mjs';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('is generated from the routes as they are', async () => {
  const source = await contractSource((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json());
  if (process.env.UPDATE_API_CONTRACT) writeFileSync(CONTRACT_FILE, source);
  const committed = readFileSync(CONTRACT_FILE, 'utf8');
  expect(committed === source, `${CONTRACT_FILE} is stale: run \`npm run api:contract\` and commit it`).toBe(true);
});
