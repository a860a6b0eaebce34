CREATE TABLE "meeting_groups" (
	"meeting_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "meeting_groups_meeting_id_group_id_pk" PRIMARY KEY("meeting_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "meeting_reminders" (
	"meeting_id" integer NOT NULL,
	"minutes_before" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "meeting_reminders_meeting_id_minutes_before_starts_at_pk" PRIMARY KEY("meeting_id","minutes_before","starts_at")
);
--> statement-breakpoint
CREATE TABLE "school_meetings" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"title" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer DEFAULT 60 NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"link" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "school_meetings_duration_check" CHECK ("school_meetings"."duration_minutes" between 1 and 1440)
);
--> statement-breakpoint
ALTER TABLE "meeting_groups" ADD CONSTRAINT "meeting_groups_meeting_id_school_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."school_meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_groups" ADD CONSTRAINT "meeting_groups_group_id_students_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."students_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_reminders" ADD CONSTRAINT "meeting_reminders_meeting_id_school_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."school_meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_meetings" ADD CONSTRAINT "school_meetings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_meetings" ADD CONSTRAINT "school_meetings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meeting_groups_group_idx" ON "meeting_groups" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "school_meetings_school_starts_idx" ON "school_meetings" USING btree ("school_id","starts_at","id");