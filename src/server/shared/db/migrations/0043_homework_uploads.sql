CREATE TABLE "homework_uploads" (
	"file_id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "homework_uploads" ADD CONSTRAINT "homework_uploads_file_id_course_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."course_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "homework_uploads_created_idx" ON "homework_uploads" USING btree ("created_at","file_id");