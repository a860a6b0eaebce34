CREATE TABLE "certificate_templates" (
	"course_id" integer PRIMARY KEY NOT NULL,
	"director_name" text DEFAULT '' NOT NULL,
	"teacher_name" text DEFAULT '' NOT NULL,
	"signature_file_id" integer,
	"stamp_file_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "certificate_templates" ADD CONSTRAINT "certificate_templates_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_templates" ADD CONSTRAINT "certificate_templates_signature_file_id_course_files_id_fk" FOREIGN KEY ("signature_file_id") REFERENCES "public"."course_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_templates" ADD CONSTRAINT "certificate_templates_stamp_file_id_course_files_id_fk" FOREIGN KEY ("stamp_file_id") REFERENCES "public"."course_files"("id") ON DELETE set null ON UPDATE no action;