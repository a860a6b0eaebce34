CREATE TABLE "code_attempts" (
	"token_id" integer NOT NULL,
	"ip" text NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "code_attempts_token_id_ip_pk" PRIMARY KEY("token_id","ip")
);
--> statement-breakpoint
CREATE TABLE "login_throttles" (
	"login_hash" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "school_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"patronymic" text DEFAULT '' NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "school_invitations_role_check" CHECK ("school_invitations"."role" in ('Admin', 'Teacher', 'Student'))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"impersonator_id" integer,
	"ends_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "refresh_tokens" DROP CONSTRAINT "refresh_tokens_impersonator_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "code_attempts" ADD CONSTRAINT "code_attempts_token_id_one_time_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."one_time_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_invitations" ADD CONSTRAINT "school_invitations_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_invitations" ADD CONSTRAINT "school_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_impersonator_id_users_id_fk" FOREIGN KEY ("impersonator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_throttles_updated_idx" ON "login_throttles" USING btree ("updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "school_invitations_school_email_unique" ON "school_invitations" USING btree ("school_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "school_invitations_token_unique" ON "school_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "school_invitations_email_idx" ON "school_invitations" USING btree ("email");--> statement-breakpoint
CREATE INDEX "school_invitations_expires_idx" ON "school_invitations" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_impersonator_idx" ON "sessions" USING btree ("impersonator_id");--> statement-breakpoint
CREATE INDEX "uploads_user_time_idx" ON "uploads" USING btree ("user_id","created_at");--> statement-breakpoint
-- Hand-written: every existing refresh-token family becomes a session, so nobody is signed out
-- (an impersonation ends an hour after it began, as new ones do).
INSERT INTO "sessions" ("id", "user_id", "impersonator_id", "ends_at", "revoked_at", "created_at")
SELECT "family_id", min("user_id"), min("impersonator_id"),
  CASE WHEN min("impersonator_id") IS NOT NULL THEN min("created_at") + interval '1 hour' END,
  CASE WHEN bool_and("revoked_at" IS NOT NULL) THEN max("revoked_at") END,
  min("created_at")
FROM "refresh_tokens" GROUP BY "family_id";--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_family_id_sessions_id_fk" FOREIGN KEY ("family_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_logs_created_idx" ON "access_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "one_time_tokens_expires_idx" ON "one_time_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "refresh_tokens_expires_idx" ON "refresh_tokens" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "refresh_tokens" DROP COLUMN "impersonator_id";--> statement-breakpoint
ALTER TABLE "refresh_tokens" DROP COLUMN "revoked_at";