import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerConfig } from './config.ts';
import type { App, AppContext } from './context.ts';
import { openDatabase, type Database } from './shared/db/database.ts';
import { upsertReferenceData } from './shared/db/reference-data.ts';
import { registerErrorHandler } from './shared/errors.ts';
import { indexHtml } from './site/index-html.ts';
import { safeError } from './shared/log-safety.ts';
import { loggablePath } from './shared/request-path.ts';
import { registerRoutes } from './feature-routes.ts';
import { registerAccessLog } from './features/access-logs/index.ts';
import { registerAuth } from './shared/security/auth.ts';
import { registerHttpCache } from './shared/http/http-cache.ts';
import { precompressedBody, registerCompression } from './shared/http/compression.ts';
import { createOriginCheck, schoolByHost } from './features/schools/index.ts';
import { videoUploadRoutes } from './features/courses/index.ts';
import { createBackgroundJobs } from './shared/background-jobs.ts';
import { registerFormBodies } from './shared/http/form-bodies.ts';
import { registerJsonBodies } from './shared/http/json-bodies.ts';
import { schemaCompilers } from './shared/http/schema-compilers.ts';
import { createMailer } from './shared/mail/mailer.ts';
import { pruneOldRows, RETENTION_CRON } from './retention.ts';
import { createJobRunner, type JobRunnerTiming } from './shared/jobs/job-runner.ts';
import { corsDelegator, registerPublicResponses } from './shared/http/public-routes.ts';
import { registerSecurityHeaders } from './shared/http/security-headers.ts';
import { VIDEO_EMBED_ORIGINS } from '#core/video-embed';
import { createSessionGate } from './shared/security/session-gate.ts';
import { createStorage } from './shared/storage/storage.ts';
import { assertNoDemoPassword, seedDemo } from './seed/demo.ts';
import { serveBuiltFiles } from './site/static-files.ts';
import { registerWidgetFiles } from './site/widget-files.ts';

export interface BuildAppOptions {
  config: ServerConfig;
  /** An open database; by default one is opened from the config (and closed with the app). */
  database?: Database;
  /** false in tests: structured logs go to stdout otherwise. */
  logger?: boolean;
  /** Where logs go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  now?: () => Date;
  /** The job runner's polling and schedule intervals (tests shorten them). */
  jobTiming?: Partial<JobRunnerTiming>;
}

export function databaseOptions(config: ServerConfig) {
  return config.databaseUrl
    ? ({ kind: 'postgres', url: config.databaseUrl } as const)
    : ({ kind: 'pglite', dataDir: join(config.dataDir, 'pglite') } as const);
}

/** TRUST_PROXY=n: the n nearest proxies are trusted (Fastify's types take a function for that). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Builds the HTTP application without listening, so tests can drive it with inject(). */
export async function buildApp({ config, database, logger = true, logStream, now = () => new Date(), jobTiming }: BuildAppOptions): Promise<App> {
  const app = Fastify({
    logger: logger
      ? {
          level: config.logLevel,
          // Paths can carry one-time tokens (token-validate/{id}/{token}/): log them masked. Errors
          // can carry query parameters (password hashes, token digests): log them without.
          serializers: { req: (req) => ({ method: req.method, url: loggablePath(req as never), ip: req.ip }), err: (error: unknown) => safeError(error) },
          ...(logStream ? { stream: logStream } : {}),
        }
      : false,
    genReqId: () => crypto.randomUUID(),
    bodyLimit: 1024 * 1024,
    // Behind a proxy, request.ip is the client's only when the proxy is trusted (TRUST_PROXY).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // A client that trickles a request in, or holds a silent connection, is cut off.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.connectionTimeoutMs,
    // Node checks the request timeout this often (30 s by default, longer than a short timeout).
    http: { connectionsCheckingInterval: Math.min(30_000, Math.max(100, Math.floor(config.requestTimeoutMs / 4))) },
  }).withTypeProvider<TypeBoxTypeProvider>() as unknown as App;

  const schemas = schemaCompilers();
  app.setValidatorCompiler(schemas.validator);
  app.setSerializerCompiler(schemas.serializer);
  app.decorate('compileSchemas', schemas.compilePending);

  const ownsDatabase = !database;
  // A first start spends seconds here (every migration on an empty database, then the demo data):
  // the operator sees what it is waiting for.
  const preparing = performance.now();
  app.log.info('preparing the database: migrations…');
  const db = database ?? (await openDatabase(databaseOptions(config)));
  await db.migrate();
  await upsertReferenceData(db.db);
  const jobs = createBackgroundJobs(app.log);
  const jobRunner = createJobRunner({ sql: db.sql, timing: jobTiming, onError: (error, job) => app.log.error({ err: error, job }, 'job failed') });
  const ctx: AppContext = {
    db: db.db,
    config,
    now,
    mailer: createMailer(db.db, { smtpUrl: config.smtpUrl, from: config.mailFrom, jobRunner, log: (message, error) => app.log.error({ err: error }, message) }),
    sessionGate: createSessionGate(db.db),
    jobs,
    jobRunner,
    storage: await createStorage(config, { warn: (message) => app.log.warn({ storage: config.storage.kind }, message) }),
  };
  app.decorate('ctx', ctx);
  ctx.jobRunner.schedule('retention', RETENTION_CRON, () => pruneOldRows(ctx));
  // Running jobs finish before the database closes.
  app.addHook('onClose', async () => {
    await ctx.jobRunner.stop();
    await ctx.jobs.stop();
    if (ownsDatabase) await db.close();
  });
  if (config.seedDemo) await seedDemo(ctx);
  app.log.info(`database ready in ${((performance.now() - preparing) / 1000).toFixed(1)} s`);
  // Anywhere but a developer's machine (behind a proxy, on a public address) the published demo
  // password would open the demo accounts to anyone.
  if (!config.developerMachine) await assertNoDemoPassword(ctx);

  registerErrorHandler(app);
  // HSTS and upgrade-insecure-requests only where the platform is served over https: on the plain
  // http of a local demo they would break every later visit to that host.
  const https = config.publicUrl.startsWith('https:');
  registerSecurityHeaders(app, {
    hsts: https,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        // Lesson videos play in the hosts' own players (core/video-embed.ts): their origins only.
        frameSrc: ["'self'", ...VIDEO_EMBED_ORIGINS],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
  });
  // Public widget endpoints (route config `public: true`) allow any origin without credentials;
  // the rest only ours, with credentials.
  await app.register(cors, { delegator: corsDelegator(app, createOriginCheck(ctx)) });
  registerPublicResponses(app);
  registerHttpCache(app);
  await app.register(rateLimit, {
    global: false,
    enableDraftSpec: true,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: `Слишком много попыток. Повторите через ${Math.max(1, Math.ceil(context.ttl / 1000))} с.`,
    }),
  });
  await app.register(multipart, { limits: { fileSize: 7 * 1024 * 1024, files: 1 } });
  registerJsonBodies(app);
  registerFormBodies(app);
  // br or gzip for every route registered from here on (the API, its docs, the static files).
  await registerCompression(app);
  await app.register(swagger, {
    openapi: {
      info: { title: 'CourseHub API', version: '1.0.0', description: 'API платформы CourseHub. Ошибки: {code, message, fields?}.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  registerAuth(app);
  registerAccessLog(app);

  await app.register(async (api) => registerRoutes(api as App), { prefix: '/api' });
  // Resumable video uploads (tus) under the spec's /video/ base, outside /api.
  await videoUploadRoutes(app);

  await registerWidgetFiles(app, config.staticDir);
  const appDir = join(config.staticDir, 'app');
  if (existsSync(appDir)) {
    // Hashed chunks are cached for good; main.js, app.css, the manifest and icons keep their
    // names, so they are revalidated (static-files.ts).
    await serveBuiltFiles(app, { root: appDir, prefix: '/app/', revalidated: 'public, max-age=0, must-revalidate' });
  }

  // Every other GET outside /api is a route of the single-page app: one page, compressed once
  // (per school, on a school's verified domain).
  const indexPage = precompressedBody(indexHtml());
  const schoolPages = new Map<string, ReturnType<typeof precompressedBody>>();
  app.setNotFoundHandler(async (request, reply) => {
    if (request.method === 'GET' && !request.url.startsWith('/api/')) {
      const school = await schoolByHost(ctx, request.hostname);
      let page = indexPage;
      if (school) {
        const key = `${school.name}\n${school.title}`;
        if (schoolPages.size >= 1000) schoolPages.clear();
        page = schoolPages.get(key) ?? schoolPages.set(key, precompressedBody(indexHtml(school))).get(key)!;
      }
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page(request, reply));
    }
    return reply.code(404).send({ code: 'NOT_FOUND', message: 'Адрес не найден.' });
  });

  // Last: every feature has defined its jobs by now.
  await ctx.jobRunner.start();
  return app;
}
