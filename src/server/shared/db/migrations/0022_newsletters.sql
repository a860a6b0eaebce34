CREATE TABLE "newsletter_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"template_name" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"delay_days" integer DEFAULT 0 NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_templates_delay_check" CHECK ("newsletter_templates"."delay_days" between 0 and 3650)
);
--> statement-breakpoint
CREATE TABLE "newsletter_unsubscriptions" (
	"school_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_unsubscriptions_school_id_user_id_pk" PRIMARY KEY("school_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "sent_newsletters" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "newsletter_templates" ADD CONSTRAINT "newsletter_templates_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_unsubscriptions" ADD CONSTRAINT "newsletter_unsubscriptions_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_unsubscriptions" ADD CONSTRAINT "newsletter_unsubscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sent_newsletters" ADD CONSTRAINT "sent_newsletters_template_id_newsletter_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."newsletter_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sent_newsletters" ADD CONSTRAINT "sent_newsletters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "newsletter_templates_school_idx" ON "newsletter_templates" USING btree ("school_id","id");--> statement-breakpoint
CREATE INDEX "newsletter_templates_public_idx" ON "newsletter_templates" USING btree ("school_id") WHERE "newsletter_templates"."is_public";--> statement-breakpoint
CREATE INDEX "newsletter_unsubscriptions_user_idx" ON "newsletter_unsubscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sent_newsletters_template_user_unique" ON "sent_newsletters" USING btree ("template_id","user_id");--> statement-breakpoint
CREATE INDEX "sent_newsletters_user_idx" ON "sent_newsletters" USING btree ("user_id");