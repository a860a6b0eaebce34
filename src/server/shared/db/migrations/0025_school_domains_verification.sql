ALTER TABLE "school_domains" DROP CONSTRAINT "school_domains_domain_name_unique";--> statement-breakpoint
ALTER TABLE "school_domains" ADD COLUMN "verification_token" text DEFAULT md5(random()::text || clock_timestamp()::text) NOT NULL;--> statement-breakpoint
ALTER TABLE "school_domains" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "school_domains" ADD COLUMN "last_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "school_domains" ADD COLUMN "last_check_error" text;--> statement-breakpoint
CREATE UNIQUE INDEX "school_domains_verified_name" ON "school_domains" USING btree ("domain_name") WHERE "school_domains"."verified";--> statement-breakpoint
CREATE INDEX "school_domains_name" ON "school_domains" USING btree ("domain_name");