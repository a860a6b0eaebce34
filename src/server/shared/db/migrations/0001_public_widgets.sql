CREATE TABLE "autowebinars" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"video_type" text DEFAULT 'upload' NOT NULL,
	"youtube_video_id" text,
	"video_url" text,
	"starts_at" timestamp with time zone NOT NULL,
	"repeat_minutes" integer,
	"duration_minutes" integer NOT NULL,
	"has_chat" boolean DEFAULT false NOT NULL,
	"chat_enabled" boolean DEFAULT false NOT NULL,
	"chat_script" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "autowebinars_video_type_check" CHECK ("autowebinars"."video_type" in ('upload', 'youtube')),
	CONSTRAINT "autowebinars_schedule_check" CHECK ("autowebinars"."duration_minutes" > 0 and ("autowebinars"."repeat_minutes" is null or "autowebinars"."repeat_minutes" > 0))
);
--> statement-breakpoint
CREATE TABLE "course_appeals" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"message" text DEFAULT '' NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_appeals_contact_check" CHECK ("course_appeals"."email" is not null or "course_appeals"."phone" is not null)
);
--> statement-breakpoint
CREATE TABLE "course_landings" (
	"course_id" integer PRIMARY KEY NOT NULL,
	"blocks" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "autowebinars" ADD CONSTRAINT "autowebinars_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_appeals" ADD CONSTRAINT "course_appeals_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_appeals" ADD CONSTRAINT "course_appeals_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_landings" ADD CONSTRAINT "course_landings_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "autowebinars_slug_unique" ON "autowebinars" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "autowebinars_school_idx" ON "autowebinars" USING btree ("school_id");--> statement-breakpoint
CREATE INDEX "course_appeals_school_time_idx" ON "course_appeals" USING btree ("school_id","created_at");