CREATE TABLE "box_openings" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"box_id" integer,
	"seed" text NOT NULL,
	"opened_before" integer NOT NULL,
	"prizes" jsonb NOT NULL,
	"outcome" text NOT NULL,
	"prize_id" integer,
	"user_prize_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "box_openings_outcome_check" CHECK ("box_openings"."outcome" in ('guaranteed', 'won', 'nothing'))
);
--> statement-breakpoint
CREATE TABLE "box_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"box_id" integer,
	"boxes" integer NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'BYN' NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "box_payments_status_check" CHECK ("box_payments"."status" in ('pending', 'paid', 'declined')),
	CONSTRAINT "box_payments_amount_check" CHECK ("box_payments"."amount" > 0 and "box_payments"."boxes" > 0)
);
--> statement-breakpoint
CREATE TABLE "box_prizes" (
	"box_id" integer NOT NULL,
	"prize_id" integer NOT NULL,
	CONSTRAINT "box_prizes_box_id_prize_id_pk" PRIMARY KEY("box_id","prize_id")
);
--> statement-breakpoint
CREATE TABLE "school_boxes" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"icon_file_id" integer,
	"name" text NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'BYN' NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"bonus_quantity" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"auto_deactivation_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "school_boxes_counts_check" CHECK ("school_boxes"."price" >= 0 and "school_boxes"."quantity" >= 1 and "school_boxes"."bonus_quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "school_prizes" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"icon_file_id" integer,
	"name" text NOT NULL,
	"drop_chance_bp" integer DEFAULT 0 NOT NULL,
	"guaranteed_box_count" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "school_prizes_chance_check" CHECK ("school_prizes"."drop_chance_bp" between 0 and 10000 and ("school_prizes"."guaranteed_box_count" is null or "school_prizes"."guaranteed_box_count" >= 1))
);
--> statement-breakpoint
CREATE TABLE "user_boxes" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"box_id" integer NOT NULL,
	"unopened_count" integer DEFAULT 0 NOT NULL,
	"opened_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_boxes_counts_check" CHECK ("user_boxes"."unopened_count" >= 0 and "user_boxes"."opened_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "user_prizes" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"prize_id" integer,
	"prize_name" text NOT NULL,
	"is_used" boolean DEFAULT false NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "box_openings" ADD CONSTRAINT "box_openings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_openings" ADD CONSTRAINT "box_openings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_openings" ADD CONSTRAINT "box_openings_box_id_school_boxes_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."school_boxes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_openings" ADD CONSTRAINT "box_openings_prize_id_school_prizes_id_fk" FOREIGN KEY ("prize_id") REFERENCES "public"."school_prizes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_openings" ADD CONSTRAINT "box_openings_user_prize_id_user_prizes_id_fk" FOREIGN KEY ("user_prize_id") REFERENCES "public"."user_prizes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_payments" ADD CONSTRAINT "box_payments_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_payments" ADD CONSTRAINT "box_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_payments" ADD CONSTRAINT "box_payments_box_id_school_boxes_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."school_boxes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_prizes" ADD CONSTRAINT "box_prizes_box_id_school_boxes_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."school_boxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "box_prizes" ADD CONSTRAINT "box_prizes_prize_id_school_prizes_id_fk" FOREIGN KEY ("prize_id") REFERENCES "public"."school_prizes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_boxes" ADD CONSTRAINT "school_boxes_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_boxes" ADD CONSTRAINT "school_boxes_icon_file_id_course_files_id_fk" FOREIGN KEY ("icon_file_id") REFERENCES "public"."course_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_prizes" ADD CONSTRAINT "school_prizes_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_prizes" ADD CONSTRAINT "school_prizes_icon_file_id_course_files_id_fk" FOREIGN KEY ("icon_file_id") REFERENCES "public"."course_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_boxes" ADD CONSTRAINT "user_boxes_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_boxes" ADD CONSTRAINT "user_boxes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_boxes" ADD CONSTRAINT "user_boxes_box_id_school_boxes_id_fk" FOREIGN KEY ("box_id") REFERENCES "public"."school_boxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_prizes" ADD CONSTRAINT "user_prizes_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_prizes" ADD CONSTRAINT "user_prizes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_prizes" ADD CONSTRAINT "user_prizes_prize_id_school_prizes_id_fk" FOREIGN KEY ("prize_id") REFERENCES "public"."school_prizes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "box_openings_user_idx" ON "box_openings" USING btree ("user_id","box_id","id");--> statement-breakpoint
CREATE INDEX "box_openings_school_idx" ON "box_openings" USING btree ("school_id","id");--> statement-breakpoint
CREATE INDEX "box_payments_school_user_idx" ON "box_payments" USING btree ("school_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "box_prizes_prize_idx" ON "box_prizes" USING btree ("prize_id");--> statement-breakpoint
CREATE INDEX "school_boxes_school_idx" ON "school_boxes" USING btree ("school_id","id");--> statement-breakpoint
CREATE INDEX "school_prizes_school_idx" ON "school_prizes" USING btree ("school_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_boxes_user_box_uq" ON "user_boxes" USING btree ("user_id","box_id");--> statement-breakpoint
CREATE INDEX "user_boxes_school_user_idx" ON "user_boxes" USING btree ("school_id","user_id","box_id");--> statement-breakpoint
CREATE INDEX "user_prizes_school_user_idx" ON "user_prizes" USING btree ("school_id","user_id","id");--> statement-breakpoint
CREATE INDEX "user_prizes_school_idx" ON "user_prizes" USING btree ("school_id","id");