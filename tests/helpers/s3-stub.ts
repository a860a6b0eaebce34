// A tiny S3 stand-in for tests: the REST calls the storage adapter makes (path-style), kept in
// memory. PutObject (a plain or streamed body), GetObject with a Range, HeadObject, DeleteObject.
// It checks that every request is signed (SigV4) and records what came, so tests can look.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface S3Stub {
  endpoint: string;
  bucket: string;
  objects: Map<string, { body: Buffer; contentType: string | undefined }>;
  requests: { method: string; key: string; range: string | undefined; headers: IncomingMessage['headers'] }[];
  close(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const xmlError = (code: string, message: string) => `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;

export async function startS3Stub(bucket = 'course-files'): Promise<S3Stub> {
  const objects: S3Stub['objects'] = new Map();
  const requests: S3Stub['requests'] = [];
  const server: Server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://stub');
      const [, urlBucket, ...rest] = url.pathname.split('/');
      const key = rest.map(decodeURIComponent).join('/');
      requests.push({ method: request.method ?? '', key, range: request.headers.range, headers: request.headers });
      const fail = (status: number, code: string) => response.writeHead(status, { 'content-type': 'application/xml' }).end(request.method === 'HEAD' ? undefined : xmlError(code, code));
      if (!String(request.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256 ')) return fail(403, 'AccessDenied');
      if (urlBucket !== bucket) return fail(404, 'NoSuchBucket');
      const object = objects.get(key);
      switch (request.method) {
        case 'PUT': {
          const body = await bodyOf(request);
          if (request.headers['content-length'] !== undefined && Number(request.headers['content-length']) !== body.length) return fail(400, 'IncompleteBody');
          objects.set(key, { body, contentType: request.headers['content-type'] });
          return response.writeHead(200, { etag: `"${body.length}"` }).end();
        }
        case 'HEAD':
          if (!object) return fail(404, 'NotFound');
          return response.writeHead(200, { 'content-length': object.body.length, 'content-type': object.contentType ?? 'application/octet-stream' }).end();
        case 'GET': {
          if (!object) return fail(404, 'NoSuchKey');
          const match = /^bytes=(\d+)-(\d+)$/.exec(request.headers.range ?? '');
          if (!match) return response.writeHead(200, { 'content-length': object.body.length }).end(object.body);
          const start = Number(match[1]);
          const end = Math.min(Number(match[2]), object.body.length - 1);
          if (start > end) return fail(416, 'InvalidRange');
          return response
            .writeHead(206, { 'content-length': end - start + 1, 'content-range': `bytes ${start}-${end}/${object.body.length}` })
            .end(object.body.subarray(start, end + 1));
        }
        case 'DELETE':
          objects.delete(key);
          return response.writeHead(204).end();
        default:
          return fail(405, 'MethodNotAllowed');
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    objects,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
