import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ServerConfig } from './config.ts';
import type { Db } from './shared/db/database.ts';
import type { BackgroundJobs } from './shared/background-jobs.ts';
import type { JobRunner } from './shared/jobs/job-runner.ts';
import type { Mailer } from './shared/mail/mailer.ts';
import type { SessionGate } from './shared/security/session-gate.ts';
import type { FileStorage } from './shared/storage/storage.ts';
import type { AccessClaims } from './shared/security/tokens.ts';

/** What every route needs, decorated on the app as `app.ctx`. */
export interface AppContext {
  db: Db;
  config: ServerConfig;
  mailer: Mailer;
  /** Whether an access token's session is still live (cached per session). */
  sessionGate: SessionGate;
  /** Work done after the answer (mail, tokens, the request log), in this process. */
  jobs: BackgroundJobs;
  /** Scheduled and retried work (pruning, auto-acceptance…): jobs in the database, run once across processes. */
  jobRunner: JobRunner;
  /** Course files and videos: the local disk or an S3-compatible bucket (config.storage). */
  storage: FileStorage;
  /** The clock, replaceable in tests (token expiry, trials). */
  now(): Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Compiles the route schemas no request has used yet (they compile on first use); how many. */
    compileSchemas(): number;
  }
  interface FastifyRequest {
    /** The verified access token's claims, or null when none (or an invalid one) was sent. */
    auth: AccessClaims | null;
    /** Set by school-scoped routes, for the access log. */
    schoolId: number | null;
    /** Set by routes that log an event (impersonation start/stop). */
    auditEvent: string | null;
  }
}

/** The app with TypeBox schemas as the source of request and response types. */
export type App = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;
export type { FastifyReply, FastifyRequest };
