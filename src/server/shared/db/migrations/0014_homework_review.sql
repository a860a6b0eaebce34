CREATE TABLE "user_homework_reads" (
	"user_homework_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"last_check_id" integer NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_homework_reads_user_homework_id_user_id_pk" PRIMARY KEY("user_homework_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "user_homeworks" ADD COLUMN "checker_assigned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_homework_reads" ADD CONSTRAINT "user_homework_reads_user_homework_id_user_homeworks_id_fk" FOREIGN KEY ("user_homework_id") REFERENCES "public"."user_homeworks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_homework_reads" ADD CONSTRAINT "user_homework_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_homeworks_school_status_reply_idx" ON "user_homeworks" USING btree ("school_id","status","last_reply_at","id");--> statement-breakpoint
CREATE INDEX "user_homeworks_course_reply_idx" ON "user_homeworks" USING btree ("course_id","last_reply_at","id");--> statement-breakpoint
CREATE INDEX "user_homeworks_group_reply_idx" ON "user_homeworks" USING btree ("group_id","last_reply_at","id");