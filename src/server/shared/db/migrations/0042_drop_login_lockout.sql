DROP TABLE "code_attempts" CASCADE;--> statement-breakpoint
DROP TABLE "login_throttles" CASCADE;--> statement-breakpoint
ALTER TABLE "one_time_tokens" DROP COLUMN "attempts";