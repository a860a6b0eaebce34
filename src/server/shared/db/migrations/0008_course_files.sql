CREATE TABLE "course_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"course_id" integer,
	"lesson_id" integer,
	"uploader_id" integer,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_files_kind_check" CHECK ("course_files"."kind" in ('video', 'picture', 'audio', 'text', 'cover')),
	CONSTRAINT "course_files_bytes_check" CHECK ("course_files"."bytes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "course_files" ADD CONSTRAINT "course_files_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_files" ADD CONSTRAINT "course_files_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "course_files_storage_key_uq" ON "course_files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "course_files_school_idx" ON "course_files" USING btree ("school_id","id");--> statement-breakpoint
CREATE INDEX "course_files_course_idx" ON "course_files" USING btree ("course_id","id") WHERE "course_files"."course_id" is not null;--> statement-breakpoint
CREATE INDEX "course_files_lesson_idx" ON "course_files" USING btree ("lesson_id","id") WHERE "course_files"."lesson_id" is not null;--> statement-breakpoint
CREATE INDEX "lesson_blocks_file_idx" ON "lesson_blocks" USING btree (("content" ->> 'file_id'));