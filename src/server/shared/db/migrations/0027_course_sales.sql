CREATE TABLE "course_order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" uuid,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_order_events_kind_check" CHECK ("course_order_events"."kind" in ('paid', 'declined', 'replayed', 'forged', 'wrong_amount', 'unknown_payment'))
);
--> statement-breakpoint
CREATE TABLE "course_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" integer NOT NULL,
	"course_id" integer,
	"course_name" text NOT NULL,
	"payment_method_id" integer,
	"provider" text NOT NULL,
	"group_id" integer,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"promo_id" integer,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"access" text,
	"user_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "course_orders_status_check" CHECK ("course_orders"."status" in ('pending', 'paid', 'declined')),
	CONSTRAINT "course_orders_provider_check" CHECK ("course_orders"."provider" in ('prodamus', 'sandbox')),
	CONSTRAINT "course_orders_amount_check" CHECK ("course_orders"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "school_payment_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"provider" text NOT NULL,
	"name" text NOT NULL,
	"account_no" text DEFAULT '' NOT NULL,
	"secret_sealed" text DEFAULT '' NOT NULL,
	"secret_hint" text DEFAULT '' NOT NULL,
	"payment_url" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "school_payment_methods_provider_check" CHECK ("school_payment_methods"."provider" in ('prodamus', 'sandbox'))
);
--> statement-breakpoint
ALTER TABLE "course_orders" ADD CONSTRAINT "course_orders_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_orders" ADD CONSTRAINT "course_orders_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_orders" ADD CONSTRAINT "course_orders_payment_method_id_school_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."school_payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_orders" ADD CONSTRAINT "course_orders_group_id_students_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."students_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_orders" ADD CONSTRAINT "course_orders_promo_id_school_promo_codes_id_fk" FOREIGN KEY ("promo_id") REFERENCES "public"."school_promo_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_orders" ADD CONSTRAINT "course_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_orders" ADD CONSTRAINT "course_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_payment_methods" ADD CONSTRAINT "school_payment_methods_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_order_events_order_idx" ON "course_order_events" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "course_orders_school_time_idx" ON "course_orders" USING btree ("school_id","created_at","id");--> statement-breakpoint
CREATE INDEX "school_payment_methods_school_idx" ON "school_payment_methods" USING btree ("school_id","id");