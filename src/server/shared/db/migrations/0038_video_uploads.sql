CREATE TABLE "video_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"uploader_id" integer NOT NULL,
	"bytes" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "video_uploads_bytes_check" CHECK ("video_uploads"."bytes" > 0)
);
--> statement-breakpoint
ALTER TABLE "video_uploads" ADD CONSTRAINT "video_uploads_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_uploads" ADD CONSTRAINT "video_uploads_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_uploads_school_idx" ON "video_uploads" USING btree ("school_id","expires_at");--> statement-breakpoint
CREATE INDEX "video_uploads_expires_idx" ON "video_uploads" USING btree ("expires_at");