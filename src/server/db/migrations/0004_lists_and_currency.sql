-- Hand-written: trigram search for the catalogue (a trusted extension, so the database owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "access_logs_school_time_idx";--> statement-breakpoint
DROP INDEX "course_appeals_school_time_idx";--> statement-breakpoint
DROP INDEX "payments_school_time_idx";--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "currency" text DEFAULT 'BYN' NOT NULL;--> statement-breakpoint
CREATE INDEX "courses_catalog_order_idx" ON "courses" USING btree ("order","id" DESC NULLS LAST) WHERE "courses"."published" and "courses"."is_catalog";--> statement-breakpoint
CREATE INDEX "courses_name_trgm_idx" ON "courses" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "courses_description_trgm_idx" ON "courses" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "school_members_school_role_user_idx" ON "school_members" USING btree ("school_id","role","user_id");--> statement-breakpoint
CREATE INDEX "access_logs_school_time_idx" ON "access_logs" USING btree ("school_id","created_at","id");--> statement-breakpoint
CREATE INDEX "course_appeals_school_time_idx" ON "course_appeals" USING btree ("school_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payments_school_time_idx" ON "payments" USING btree ("school_id","created_at","id");--> statement-breakpoint
ALTER TABLE "schools" ADD CONSTRAINT "schools_currency_check" CHECK ("schools"."currency" ~ '^[A-Z]{3}$');