import negotiate from '@fastify/accept-negotiator';
import compress from '@fastify/compress';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { App } from '../../context.ts';

/** Smaller answers go as they are: compressing them saves less than it costs (and fits one packet anyway). */
export const COMPRESSION_THRESHOLD = 1024;

/** Brotli first (about a fifth smaller than gzip on our JSON and scripts), gzip for the rest. */
const ENCODINGS = ['br', 'gzip'] as const;

// @fastify/compress's default list without application/octet-stream: a file of unknown type is
// not worth compressing on the fly. Event streams are left alone so they are not buffered.
const COMPRESSIBLE = /^text\/(?!event-stream)|[+/](?:json|xml|text)(?:;|$)|^application\/javascript(?:;|$)/;

/**
 * Compresses answers on the fly: JSON of the API, the HTML pages of the server. Route-level onSend
 * hooks, so they run after the global ones (the public routes' ETag is of the uncompressed body,
 * and their empty 304s stay below the threshold). A reply that already has a Content-Encoding
 * (a precompressed static file) is passed through. Must be registered before the routes it covers.
 * Request bodies are not decompressed: no client of ours sends them compressed, and a small
 * compressed body can expand far beyond the body limit's intent.
 */
export async function registerCompression(app: App): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD,
    encodings: [...ENCODINGS],
    customTypes: COMPRESSIBLE,
    // Brotli's fastest level for answers made on the fly: a student's outline of 1,000 lessons
    // (286 kB) in 0.5 ms to 9.6 kB, against 1.4 ms to 7.3 kB at @fastify/compress's default 4;
    // a few kB more on the wire cost less than three times the server's time.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } },
    // Answers up to 1 MB are compressed in one call (about 2 ms at that level), not streamed
    // through the thread pool: on 2 cores the stream's chunking cost more than the compression.
    syncThreshold: 1 << 20,
  });
}

/** Adds Accept-Encoding to Vary, keeping what other plugins put there (CORS adds Origin). */
export function varyOnAcceptEncoding(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const values = (Array.isArray(current) ? current.join(',') : String(current ?? '')).split(',').map((value) => value.trim()).filter(Boolean);
  if (values.some((value) => value === '*' || value.toLowerCase() === 'accept-encoding')) return;
  reply.header('vary', [...values, 'accept-encoding'].join(', '));
}

/**
 * A fixed body (the app's index.html) compressed once at the highest levels, answered in the
 * encoding the request prefers. The not-found handler that serves it is not a route, so
 * @fastify/compress does not see it.
 */
export function precompressedBody(body: string): (request: FastifyRequest, reply: FastifyReply) => Buffer {
  const identity = Buffer.from(body);
  const encoded: Record<(typeof ENCODINGS)[number], Buffer> = {
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } }),
    gzip: gzipSync(identity, { level: 9 }),
  };
  return (request, reply) => {
    varyOnAcceptEncoding(reply);
    const accepted = request.headers['accept-encoding'];
    const encoding = accepted ? negotiate(accepted.toLowerCase(), [...ENCODINGS]) : null;
    if (!encoding) return identity;
    reply.header('content-encoding', encoding);
    return encoded[encoding];
  };
}
