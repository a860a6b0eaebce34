-- Hand-written: trigram search for the catalogue (a trusted extension, so the database owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "school_member_counts" (
	"school_id" integer NOT NULL,
	"role" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "school_member_counts_school_id_role_pk" PRIMARY KEY("school_id","role")
);
--> statement-breakpoint
DROP INDEX "access_logs_school_time_idx";--> statement-breakpoint
DROP INDEX "course_appeals_school_time_idx";--> statement-breakpoint
DROP INDEX "payments_school_time_idx";--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN "currency" text DEFAULT 'BYN' NOT NULL;--> statement-breakpoint
ALTER TABLE "school_member_counts" ADD CONSTRAINT "school_member_counts_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "courses_catalog_order_idx" ON "courses" USING btree ("order","id" DESC NULLS LAST) WHERE "courses"."published" and "courses"."is_catalog";--> statement-breakpoint
CREATE INDEX "courses_name_trgm_idx" ON "courses" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "courses_description_trgm_idx" ON "courses" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "school_members_school_role_user_idx" ON "school_members" USING btree ("school_id","role","user_id");--> statement-breakpoint
CREATE INDEX "access_logs_school_time_idx" ON "access_logs" USING btree ("school_id","created_at","id");--> statement-breakpoint
CREATE INDEX "course_appeals_school_time_idx" ON "course_appeals" USING btree ("school_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payments_school_time_idx" ON "payments" USING btree ("school_id","created_at","id");--> statement-breakpoint
ALTER TABLE "schools" ADD CONSTRAINT "schools_currency_check" CHECK ("schools"."currency" ~ '^[A-Z]{3}$');--> statement-breakpoint
-- Hand-written: school_member_counts follows school_members. An insert adds one (an upsert, safe
-- under concurrent inserts), a delete takes one off (a school being deleted has lost its counts
-- already, so the update then finds nothing), a change of role or school moves one.
CREATE FUNCTION school_member_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE school_member_counts SET count = count - 1 WHERE school_id = OLD.school_id AND role = OLD.role;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO school_member_counts (school_id, role, count) VALUES (NEW.school_id, NEW.role, 1)
    ON CONFLICT (school_id, role) DO UPDATE SET count = school_member_counts.count + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER school_members_count AFTER INSERT OR DELETE OR UPDATE OF school_id, role ON school_members
FOR EACH ROW EXECUTE FUNCTION school_member_counts_follow();--> statement-breakpoint
INSERT INTO school_member_counts (school_id, role, count) SELECT school_id, role, count(*) FROM school_members GROUP BY school_id, role;
