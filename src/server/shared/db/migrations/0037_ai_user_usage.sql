CREATE TABLE "ai_user_usage" (
	"school_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"month" date NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ai_user_usage_school_id_user_id_month_pk" PRIMARY KEY("school_id","user_id","month"),
	CONSTRAINT "ai_user_usage_messages_check" CHECK ("ai_user_usage"."messages" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ai_user_usage" ADD CONSTRAINT "ai_user_usage_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_user_usage" ADD CONSTRAINT "ai_user_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_user_usage_user_idx" ON "ai_user_usage" USING btree ("user_id");