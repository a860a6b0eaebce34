// A real HTTP server on an ephemeral loopback port, for testing clients over real sockets.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Reply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Milliseconds to wait before answering, to make requests overlap. */
  delay?: number;
}

export interface HttpTestServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export async function startHttpTestServer(
  handle: (request: RecordedRequest) => Reply | Promise<Reply>,
): Promise<HttpTestServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(recorded);
      void Promise.resolve(handle(recorded)).then(async (reply) => {
        if (reply.delay) await new Promise((resolve) => setTimeout(resolve, reply.delay));
        const isJson = reply.body !== undefined && typeof reply.body !== 'string';
        res.writeHead(reply.status ?? 200, { ...(isJson ? { 'content-type': 'application/json' } : {}), ...reply.headers });
        res.end(reply.body === undefined ? '' : isJson ? JSON.stringify(reply.body) : (reply.body as string));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
