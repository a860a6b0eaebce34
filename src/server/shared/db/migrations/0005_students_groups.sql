CREATE TABLE "students_group_members" (
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "students_group_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "students_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"teacher_id" integer,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "students_group_members" ADD CONSTRAINT "students_group_members_group_id_students_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."students_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students_group_members" ADD CONSTRAINT "students_group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students_groups" ADD CONSTRAINT "students_groups_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students_groups" ADD CONSTRAINT "students_groups_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students_groups" ADD CONSTRAINT "students_groups_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "students_group_members_user_idx" ON "students_group_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "students_groups_school_idx" ON "students_groups" USING btree ("school_id","id");--> statement-breakpoint
CREATE INDEX "students_groups_teacher_idx" ON "students_groups" USING btree ("teacher_id","school_id","id");