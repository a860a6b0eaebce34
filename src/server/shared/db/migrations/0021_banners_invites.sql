CREATE TABLE "banner_accepts" (
	"banner_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "banner_accepts_banner_id_user_id_pk" PRIMARY KEY("banner_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "banner_clicks" (
	"id" serial PRIMARY KEY NOT NULL,
	"banner_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"clicked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banner_groups" (
	"banner_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "banner_groups_banner_id_group_id_pk" PRIMARY KEY("banner_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invites_program_groups" (
	"program_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "invites_program_groups_program_id_group_id_pk" PRIMARY KEY("program_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "invites_programs" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invites_programs_school_uq" UNIQUE("school_id")
);
--> statement-breakpoint
ALTER TABLE "banner_accepts" ADD CONSTRAINT "banner_accepts_banner_id_banners_id_fk" FOREIGN KEY ("banner_id") REFERENCES "public"."banners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banner_accepts" ADD CONSTRAINT "banner_accepts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banner_clicks" ADD CONSTRAINT "banner_clicks_banner_id_banners_id_fk" FOREIGN KEY ("banner_id") REFERENCES "public"."banners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banner_clicks" ADD CONSTRAINT "banner_clicks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banner_groups" ADD CONSTRAINT "banner_groups_banner_id_banners_id_fk" FOREIGN KEY ("banner_id") REFERENCES "public"."banners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banner_groups" ADD CONSTRAINT "banner_groups_group_id_students_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."students_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites_program_groups" ADD CONSTRAINT "invites_program_groups_program_id_invites_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."invites_programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites_program_groups" ADD CONSTRAINT "invites_program_groups_group_id_students_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."students_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites_programs" ADD CONSTRAINT "invites_programs_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banner_clicks_banner_idx" ON "banner_clicks" USING btree ("banner_id","clicked_at");--> statement-breakpoint
CREATE INDEX "banner_groups_group_idx" ON "banner_groups" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "banners_school_idx" ON "banners" USING btree ("school_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "banners_one_active_uq" ON "banners" USING btree ("school_id") WHERE "banners"."is_active";--> statement-breakpoint
CREATE INDEX "invites_program_groups_group_idx" ON "invites_program_groups" USING btree ("group_id");