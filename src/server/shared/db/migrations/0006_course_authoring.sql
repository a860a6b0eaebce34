-- Modules and lessons already stored get orders 1..n per parent, in their old order, before the unique indexes below.
UPDATE "sections" SET "order" = r.n FROM (SELECT "id", row_number() OVER (PARTITION BY "course_id" ORDER BY "order", "id")::int AS n FROM "sections") r WHERE "sections"."id" = r."id";--> statement-breakpoint
UPDATE "lessons" SET "order" = r.n FROM (SELECT "id", row_number() OVER (PARTITION BY "section_id" ORDER BY "order", "id")::int AS n FROM "lessons") r WHERE "lessons"."id" = r."id";--> statement-breakpoint
CREATE TABLE "course_folders" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lesson_blocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"lesson_id" integer NOT NULL,
	"type" text NOT NULL,
	"order" integer NOT NULL,
	"content" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_blocks_type_check" CHECK ("lesson_blocks"."type" in ('description', 'video', 'picture', 'code', 'formula', 'buttons', 'files'))
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "folder_id" integer;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "is_direct" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "author_id" integer;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "course_folders" ADD CONSTRAINT "course_folders_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_blocks" ADD CONSTRAINT "lesson_blocks_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_folders_school_idx" ON "course_folders" USING btree ("school_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "lesson_blocks_lesson_order_uq" ON "lesson_blocks" USING btree ("lesson_id","order");--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_folder_id_course_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."course_folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "courses_school_list_idx" ON "courses" USING btree ("school_id","order","id") WHERE "courses"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "courses_school_bin_idx" ON "courses" USING btree ("school_id","removed_at") WHERE "courses"."removed_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "lessons_section_order_uq" ON "lessons" USING btree ("section_id","order");--> statement-breakpoint
CREATE UNIQUE INDEX "sections_course_order_uq" ON "sections" USING btree ("course_id","order");--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_format_check" CHECK ("courses"."format" in ('ONLINE', 'OFFLINE'));--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_price_check" CHECK ("courses"."price" >= 0);