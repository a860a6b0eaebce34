CREATE TABLE "school_bonus_groups" (
	"bonus_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "school_bonus_groups_bonus_id_group_id_pk" PRIMARY KEY("bonus_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "school_bonuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"logo_file_id" integer,
	"text" text DEFAULT '' NOT NULL,
	"link" text NOT NULL,
	"expire_date" timestamp with time zone,
	"active" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "school_invitation_groups" (
	"invitation_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "school_invitation_groups_invitation_id_group_id_pk" PRIMARY KEY("invitation_id","group_id")
);
--> statement-breakpoint
ALTER TABLE "school_bonus_groups" ADD CONSTRAINT "school_bonus_groups_bonus_id_school_bonuses_id_fk" FOREIGN KEY ("bonus_id") REFERENCES "public"."school_bonuses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_bonus_groups" ADD CONSTRAINT "school_bonus_groups_group_id_students_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."students_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_bonuses" ADD CONSTRAINT "school_bonuses_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_bonuses" ADD CONSTRAINT "school_bonuses_logo_file_id_course_files_id_fk" FOREIGN KEY ("logo_file_id") REFERENCES "public"."course_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_invitation_groups" ADD CONSTRAINT "school_invitation_groups_invitation_id_school_invitations_id_fk" FOREIGN KEY ("invitation_id") REFERENCES "public"."school_invitations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_invitation_groups" ADD CONSTRAINT "school_invitation_groups_group_id_students_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."students_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "school_bonus_groups_group_idx" ON "school_bonus_groups" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "school_bonuses_school_idx" ON "school_bonuses" USING btree ("school_id","id");--> statement-breakpoint
CREATE INDEX "school_invitation_groups_group_idx" ON "school_invitation_groups" USING btree ("group_id");