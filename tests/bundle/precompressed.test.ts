// Every text file the build writes has its .br and .gz twins (tools/precompress.mjs), and they
// hold exactly that file: the server sends them in its place.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { COMPRESSIBLE } from '../../tools/precompress.mjs';

const built = ['dist/app', 'dist/widgets'].flatMap((dir) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => COMPRESSIBLE.test(name))
    .map((name) => join(dir, name)),
);

describe('precompressed build output', () => {
  it('covers the app, its service worker and manifest, and the widgets', () => {
    expect(built).toEqual(expect.arrayContaining(['dist/app/main.js', 'dist/app/sw.js', 'dist/app/app.css', 'dist/app/manifest.webmanifest', 'dist/widgets/ch.js', 'dist/widgets/custom-elements.json']));
    expect(built.some((file) => file.startsWith('dist/app/chunks/'))).toBe(true);
  });

  it.each(built)('%s has .br and .gz twins of its content', (file) => {
    const content = readFileSync(file);
    // Buffer.equals, not toEqual: a deep compare walks a large chunk byte by byte for seconds.
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).equals(content)).toBe(true);
    expect(gunzipSync(readFileSync(`${file}.gz`)).equals(content)).toBe(true);
  });
});
