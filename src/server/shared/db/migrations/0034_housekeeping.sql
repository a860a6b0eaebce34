CREATE TABLE "chat_uploads" (
	"file_id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_uploads" ADD CONSTRAINT "chat_uploads_file_id_course_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."course_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_uploads_created_idx" ON "chat_uploads" USING btree ("created_at","file_id");--> statement-breakpoint
CREATE INDEX "telegram_link_codes_expires_idx" ON "telegram_link_codes" USING btree ("expires_at");