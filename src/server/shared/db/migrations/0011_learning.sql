CREATE TABLE "group_course_access" (
	"group_id" integer NOT NULL,
	"next_group_id" integer NOT NULL,
	CONSTRAINT "group_course_access_group_id_next_group_id_pk" PRIMARY KEY("group_id","next_group_id"),
	CONSTRAINT "group_course_access_self_check" CHECK ("group_course_access"."group_id" <> "group_course_access"."next_group_id")
);
--> statement-breakpoint
CREATE TABLE "group_lesson_closures" (
	"group_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	CONSTRAINT "group_lesson_closures_group_id_lesson_id_pk" PRIMARY KEY("group_id","lesson_id")
);
--> statement-breakpoint
CREATE TABLE "student_lesson_access" (
	"user_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"available" boolean NOT NULL,
	"available_from" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "student_lesson_access_user_id_lesson_id_pk" PRIMARY KEY("user_id","lesson_id")
);
--> statement-breakpoint
CREATE TABLE "students_group_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "homework_check_files" (
	"check_id" integer NOT NULL,
	"file_id" integer NOT NULL,
	CONSTRAINT "homework_check_files_file_id_pk" PRIMARY KEY("file_id")
);
--> statement-breakpoint
CREATE TABLE "user_homework_checks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_homework_id" integer NOT NULL,
	"author_id" integer,
	"text" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"mark" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_homework_checks_status_check" CHECK ("user_homework_checks"."status" in ('pending', 'revision', 'rejected', 'accepted', 'auto_check')),
	CONSTRAINT "user_homework_checks_mark_check" CHECK ("user_homework_checks"."mark" is null or "user_homework_checks"."mark" between 0 and 1000)
);
--> statement-breakpoint
CREATE TABLE "user_homeworks" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"homework_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"group_id" integer,
	"teacher_id" integer,
	"text" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"mark" integer,
	"auto_accept_at" timestamp with time zone,
	"last_reply_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_homeworks_status_check" CHECK ("user_homeworks"."status" in ('pending', 'revision', 'rejected', 'accepted', 'auto_check')),
	CONSTRAINT "user_homeworks_mark_check" CHECK ("user_homeworks"."mark" is null or "user_homeworks"."mark" between 0 and 1000)
);
--> statement-breakpoint
CREATE TABLE "lesson_progress" (
	"user_id" integer NOT NULL,
	"lesson_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "lesson_progress_user_id_lesson_id_pk" PRIMARY KEY("user_id","lesson_id")
);
--> statement-breakpoint
CREATE TABLE "test_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"test_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"question_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"answers" jsonb,
	"points" integer,
	"max_points" integer,
	"success_percent" numeric(5, 2),
	"passed" boolean,
	CONSTRAINT "test_attempts_graded_check" CHECK (("test_attempts"."submitted_at" is null) = ("test_attempts"."passed" is null))
);
--> statement-breakpoint
ALTER TABLE "students_group_members" ADD COLUMN "course_id" integer;--> statement-breakpoint
-- Existing members take their group's course; a student in two groups of one course keeps the first.
UPDATE "students_group_members" m SET "course_id" = g."course_id" FROM "students_groups" g WHERE g."id" = m."group_id";--> statement-breakpoint
DELETE FROM "students_group_members" m USING "students_group_members" o WHERE o."course_id" = m."course_id" AND o."user_id" = m."user_id" AND o."group_id" < m."group_id";--> statement-breakpoint
ALTER TABLE "students_group_members" ALTER COLUMN "course_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "students_group_members" ADD COLUMN "access_from" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "students_group_members" ADD COLUMN "duration_days" integer;--> statement-breakpoint
ALTER TABLE "students_group_members" ADD COLUMN "download" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "students_group_members" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "students_groups" ADD COLUMN "type" text DEFAULT 'WITH_TEACHER' NOT NULL;--> statement-breakpoint
ALTER TABLE "students_groups" ADD COLUMN "certificate" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "students_groups" ADD COLUMN "training_duration" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "students_groups" ADD COLUMN "strict_task_order" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "students_groups" ADD COLUMN "task_submission_lock" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "students_groups" ADD COLUMN "submit_homework_to_go_on" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "students_groups" ADD COLUMN "submit_test_to_go_on" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "students_groups" ADD COLUMN "success_test_to_go_on" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "students_groups" ADD COLUMN "overai_lock" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "students_groups" ADD COLUMN "download" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "students_groups" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "group_course_access" ADD CONSTRAINT "group_course_access_group_id_students_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."students_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_course_access" ADD CONSTRAINT "group_course_access_next_group_id_students_groups_id_fk" FOREIGN KEY ("next_group_id") REFERENCES "public"."students_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_lesson_closures" ADD CONSTRAINT "group_lesson_closures_group_id_students_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."students_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_lesson_closures" ADD CONSTRAINT "group_lesson_closures_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_lesson_access" ADD CONSTRAINT "student_lesson_access_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_lesson_access" ADD CONSTRAINT "student_lesson_access_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students_group_history" ADD CONSTRAINT "students_group_history_group_id_students_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."students_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students_group_history" ADD CONSTRAINT "students_group_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_check_files" ADD CONSTRAINT "homework_check_files_check_id_user_homework_checks_id_fk" FOREIGN KEY ("check_id") REFERENCES "public"."user_homework_checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "homework_check_files" ADD CONSTRAINT "homework_check_files_file_id_course_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."course_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_homework_checks" ADD CONSTRAINT "user_homework_checks_user_homework_id_user_homeworks_id_fk" FOREIGN KEY ("user_homework_id") REFERENCES "public"."user_homeworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_homework_checks" ADD CONSTRAINT "user_homework_checks_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_homeworks" ADD CONSTRAINT "user_homeworks_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_homeworks" ADD CONSTRAINT "user_homeworks_homework_id_lessons_id_fk" FOREIGN KEY ("homework_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_homeworks" ADD CONSTRAINT "user_homeworks_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_homeworks" ADD CONSTRAINT "user_homeworks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_homeworks" ADD CONSTRAINT "user_homeworks_group_id_students_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."students_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_homeworks" ADD CONSTRAINT "user_homeworks_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD CONSTRAINT "lesson_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD CONSTRAINT "lesson_progress_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD CONSTRAINT "lesson_progress_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_attempts" ADD CONSTRAINT "test_attempts_test_id_lessons_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_attempts" ADD CONSTRAINT "test_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_lesson_closures_lesson_idx" ON "group_lesson_closures" USING btree ("lesson_id");--> statement-breakpoint
CREATE INDEX "student_lesson_access_lesson_idx" ON "student_lesson_access" USING btree ("lesson_id");--> statement-breakpoint
CREATE INDEX "students_group_history_group_idx" ON "students_group_history" USING btree ("group_id","user_id");--> statement-breakpoint
CREATE INDEX "students_group_history_user_idx" ON "students_group_history" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "homework_check_files_check_idx" ON "homework_check_files" USING btree ("check_id");--> statement-breakpoint
CREATE INDEX "user_homework_checks_homework_idx" ON "user_homework_checks" USING btree ("user_homework_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_homeworks_homework_user_uq" ON "user_homeworks" USING btree ("homework_id","user_id");--> statement-breakpoint
CREATE INDEX "user_homeworks_school_reply_idx" ON "user_homeworks" USING btree ("school_id","last_reply_at","id");--> statement-breakpoint
CREATE INDEX "user_homeworks_teacher_reply_idx" ON "user_homeworks" USING btree ("teacher_id","last_reply_at","id");--> statement-breakpoint
CREATE INDEX "user_homeworks_user_idx" ON "user_homeworks" USING btree ("user_id","course_id");--> statement-breakpoint
CREATE INDEX "user_homeworks_auto_accept_idx" ON "user_homeworks" USING btree ("auto_accept_at") WHERE "user_homeworks"."auto_accept_at" is not null;--> statement-breakpoint
CREATE INDEX "lesson_progress_course_user_idx" ON "lesson_progress" USING btree ("course_id","user_id");--> statement-breakpoint
CREATE INDEX "lesson_progress_lesson_idx" ON "lesson_progress" USING btree ("lesson_id");--> statement-breakpoint
CREATE INDEX "test_attempts_test_user_idx" ON "test_attempts" USING btree ("test_id","user_id","id");--> statement-breakpoint
CREATE INDEX "test_attempts_user_idx" ON "test_attempts" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "students_group_members" ADD CONSTRAINT "students_group_members_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "students_group_members_course_user_uq" ON "students_group_members" USING btree ("course_id","user_id");--> statement-breakpoint
CREATE INDEX "students_groups_course_idx" ON "students_groups" USING btree ("course_id");--> statement-breakpoint
ALTER TABLE "students_group_members" ADD CONSTRAINT "students_group_members_duration_check" CHECK ("students_group_members"."duration_days" is null or "students_group_members"."duration_days" >= 0);--> statement-breakpoint
ALTER TABLE "students_groups" ADD CONSTRAINT "students_groups_type_check" CHECK ("students_groups"."type" in ('WITH_TEACHER', 'WITHOUT_TEACHER'));--> statement-breakpoint
ALTER TABLE "students_groups" ADD CONSTRAINT "students_groups_duration_check" CHECK ("students_groups"."training_duration" >= 0);--> statement-breakpoint
ALTER TABLE "students_groups" ADD CONSTRAINT "students_groups_settings_check" CHECK (("students_groups"."strict_task_order" or not ("students_groups"."submit_homework_to_go_on" or "students_groups"."submit_test_to_go_on" or "students_groups"."success_test_to_go_on"))
          and not ("students_groups"."task_submission_lock" and "students_groups"."submit_homework_to_go_on")
          and ("students_groups"."submit_test_to_go_on" or not "students_groups"."success_test_to_go_on"));--> statement-breakpoint
INSERT INTO "students_group_history" ("group_id", "user_id", "added_at") SELECT "group_id", "user_id", "created_at" FROM "students_group_members";
