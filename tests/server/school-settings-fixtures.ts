// Test helpers for the school settings routes: a picture uploaded as the school's own (or a course's).
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { Owner } from './fixtures.ts';
import type { Body, TestApp } from './test-app.ts';

export const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), randomBytes(200)]);
export const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');

/** POST {school}/files/ as the owner: kind picture unless said, of the school unless a course is named. */
export async function uploadFile(t: TestApp, who: Owner, options: { kind?: string; course?: number; bytes?: Buffer; name?: string } = {}): Promise<Body> {
  const data = new FormData();
  data.append('kind', options.kind ?? 'picture');
  if (options.course) data.append('course_id', String(options.course));
  data.append('file', new Blob([new Uint8Array(options.bytes ?? PNG)]), options.name ?? 'logo.png');
  const request = new Request('http://x/', { method: 'POST', body: data });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${who.schoolName}/files/`,
    headers: { 'content-type': request.headers.get('content-type')!, authorization: `Bearer ${who.access}` },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Body>();
}
