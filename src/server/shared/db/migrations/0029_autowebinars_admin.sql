DROP INDEX "autowebinars_school_idx";--> statement-breakpoint
ALTER TABLE "autowebinars" ADD COLUMN "video_file_id" integer;--> statement-breakpoint
ALTER TABLE "autowebinars" ADD CONSTRAINT "autowebinars_video_file_id_course_files_id_fk" FOREIGN KEY ("video_file_id") REFERENCES "public"."course_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "autowebinars_school_id_idx" ON "autowebinars" USING btree ("school_id","id");--> statement-breakpoint
CREATE INDEX "autowebinars_video_file_idx" ON "autowebinars" USING btree ("video_file_id") WHERE "autowebinars"."video_file_id" is not null;