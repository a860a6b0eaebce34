DROP INDEX "course_appeals_school_time_idx";--> statement-breakpoint
ALTER TABLE "course_appeals" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
CREATE INDEX "course_appeals_school_unread_time_idx" ON "course_appeals" USING btree ("school_id","is_read","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "course_appeals" ADD CONSTRAINT "course_appeals_status_check" CHECK ("course_appeals"."status" in ('new', 'in_progress', 'done'));