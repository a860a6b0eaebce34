import fastifyStatic from '@fastify/static';
import type { App } from '../context.ts';
import { varyOnAcceptEncoding } from '../shared/http/compression.ts';

export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Whether a built file's name carries a hash of its content, so that it can be cached for good.
 * rollup.config.mjs names every split chunk `chunks/[name]-[hash].js`, and rollup's [hash] is 8
 * base64url characters. Entry files (main.js, the widgets' entries, ch.js), sw.js, the manifest,
 * CSS, icons and index.html keep fixed names that pages or other sites refer to, so they must be
 * revalidated. The precompressed twins (.br, .gz) follow the file they were made from.
 */
export function isContentHashed(path: string): boolean {
  return /(?:^|\/)chunks\/[^/]+-[\w-]{8}\.js$/.test(path.replace(/\.(?:br|gz)$/, ''));
}

export interface BuiltFilesOptions {
  root: string;
  prefix: string;
  /** Cache-Control of the files whose names are not content-hashed. */
  revalidated: string;
  /** More headers for every file (CORS of the widget files). */
  setHeaders?: (res: { setHeader(name: string, value: string): unknown }) => void;
}

/**
 * Serves a directory the build wrote: a file goes as its .br or .gz twin (written by
 * tools/precompress.mjs) when the request accepts that encoding, so nothing is compressed per
 * request; @fastify/compress passes such a reply through because it already has a
 * Content-Encoding. Vary goes on every answer, since each one depends on Accept-Encoding.
 */
export async function serveBuiltFiles(app: App, options: BuiltFilesOptions): Promise<void> {
  // An encapsulated scope, so the Vary hook covers these files only. Vary is set on the reply,
  // not in setHeaders: the reply's own Vary (CORS's Origin) would replace a raw one.
  await app.register(async (scope) => {
    scope.addHook('onSend', async (_request, reply, payload) => {
      varyOnAcceptEncoding(reply);
      return payload;
    });
    await scope.register(fastifyStatic, {
      root: options.root,
      prefix: options.prefix,
      decorateReply: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, path) {
        options.setHeaders?.(res);
        res.setHeader('Cache-Control', isContentHashed(path) ? IMMUTABLE : options.revalidated);
      },
    });
  });
}
