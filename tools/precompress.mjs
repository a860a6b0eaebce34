// Rollup plugin: writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip -9) beside every
// text file a build emits, so the server sends them as they are (@fastify/static `preCompressed`)
// instead of compressing on every request. Every text file gets both, however small: a static file
// without them would be compressed on each request by @fastify/compress, whose size threshold does
// not apply to file streams.
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export const COMPRESSIBLE = /\.(?:js|css|html|svg|webmanifest|json)$/;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The brotli and gzip forms of a file's content, at the highest levels (paid once, at build time). */
export async function compressBoth(content) {
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipAsync(content, { level: 9 }),
  ]);
  return { br, gz };
}

export function precompress() {
  return {
    name: 'precompress',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? dirname(options.file);
      const files = Object.keys(bundle).filter((fileName) => COMPRESSIBLE.test(fileName));
      await Promise.all(
        files.map(async (fileName) => {
          const path = join(dir, fileName);
          const { br, gz } = await compressBoth(await readFile(path));
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        }),
      );
    },
  };
}
