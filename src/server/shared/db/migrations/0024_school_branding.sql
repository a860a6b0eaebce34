CREATE TABLE "school_branding" (
	"school_id" integer PRIMARY KEY NOT NULL,
	"accent_color" text,
	"accent_text_color" text,
	"logo_file_id" integer,
	"full_organization_name" text DEFAULT '' NOT NULL,
	"tax_id" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "school_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"school_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"stamp_file_id" integer,
	"signature_file_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "school_headers" ADD COLUMN "logo_file_id" integer;--> statement-breakpoint
ALTER TABLE "school_headers" ADD COLUMN "background_file_id" integer;--> statement-breakpoint
ALTER TABLE "school_branding" ADD CONSTRAINT "school_branding_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_branding" ADD CONSTRAINT "school_branding_logo_file_id_course_files_id_fk" FOREIGN KEY ("logo_file_id") REFERENCES "public"."course_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_documents" ADD CONSTRAINT "school_documents_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_documents" ADD CONSTRAINT "school_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_documents" ADD CONSTRAINT "school_documents_stamp_file_id_course_files_id_fk" FOREIGN KEY ("stamp_file_id") REFERENCES "public"."course_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_documents" ADD CONSTRAINT "school_documents_signature_file_id_course_files_id_fk" FOREIGN KEY ("signature_file_id") REFERENCES "public"."course_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "school_documents_unique" ON "school_documents" USING btree ("school_id","user_id");--> statement-breakpoint
ALTER TABLE "school_headers" ADD CONSTRAINT "school_headers_logo_file_id_course_files_id_fk" FOREIGN KEY ("logo_file_id") REFERENCES "public"."course_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_headers" ADD CONSTRAINT "school_headers_background_file_id_course_files_id_fk" FOREIGN KEY ("background_file_id") REFERENCES "public"."course_files"("id") ON DELETE set null ON UPDATE no action;