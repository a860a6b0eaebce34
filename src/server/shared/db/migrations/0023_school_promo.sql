CREATE TABLE "school_invoice_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"organization_name" text NOT NULL,
	"tax_id" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"bank_name" text DEFAULT '' NOT NULL,
	"bank_code" text DEFAULT '' NOT NULL,
	"bank_account" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"footer_text" text DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "school_promo_code_courses" (
	"promo_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	CONSTRAINT "school_promo_code_courses_promo_id_course_id_pk" PRIMARY KEY("promo_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "school_promo_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"currency" text DEFAULT 'BYN' NOT NULL,
	"all_courses" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp with time zone,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "school_promo_codes_kind_check" CHECK ("school_promo_codes"."kind" in ('percent', 'fixed')),
	CONSTRAINT "school_promo_codes_value_check" CHECK ("school_promo_codes"."value" > 0 and ("school_promo_codes"."kind" <> 'percent' or "school_promo_codes"."value" <= 100)),
	CONSTRAINT "school_promo_codes_uses_check" CHECK ("school_promo_codes"."uses" >= 0 and ("school_promo_codes"."max_uses" is null or "school_promo_codes"."max_uses" >= 1)),
	CONSTRAINT "school_promo_codes_currency_check" CHECK ("school_promo_codes"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
ALTER TABLE "school_invoice_settings" ADD CONSTRAINT "school_invoice_settings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_promo_code_courses" ADD CONSTRAINT "school_promo_code_courses_promo_id_school_promo_codes_id_fk" FOREIGN KEY ("promo_id") REFERENCES "public"."school_promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_promo_code_courses" ADD CONSTRAINT "school_promo_code_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_promo_codes" ADD CONSTRAINT "school_promo_codes_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "school_invoice_settings_school_idx" ON "school_invoice_settings" USING btree ("school_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "school_invoice_settings_default_unique" ON "school_invoice_settings" USING btree ("school_id") WHERE "school_invoice_settings"."is_default";--> statement-breakpoint
CREATE INDEX "school_promo_code_courses_course_idx" ON "school_promo_code_courses" USING btree ("course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "school_promo_codes_code_unique" ON "school_promo_codes" USING btree ("school_id",lower("code"));--> statement-breakpoint
CREATE INDEX "school_promo_codes_school_idx" ON "school_promo_codes" USING btree ("school_id","id");