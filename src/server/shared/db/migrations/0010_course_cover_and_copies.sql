ALTER TABLE "courses" ADD COLUMN "photo_file_id" integer;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "copied_from_id" integer;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "is_access" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_photo_file_id_course_files_id_fk" FOREIGN KEY ("photo_file_id") REFERENCES "public"."course_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_copied_from_id_courses_id_fk" FOREIGN KEY ("copied_from_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;