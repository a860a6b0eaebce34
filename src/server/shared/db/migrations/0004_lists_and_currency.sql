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
-- Hand-written: school_member_counts follows school_members, a statement at a time (a bulk insert
-- of 100,000 members is one update per school and role, not 100,000). One function for the three
-- triggers: removed rows are taken off (a school being deleted has lost its counts already, so the
-- update then finds nothing), added rows are added (an upsert, safe under concurrent inserts); an
-- update does both.
CREATE FUNCTION school_member_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE school_member_counts c SET count = c.count - gone.n
    FROM (SELECT school_id, role, count(*) AS n FROM old_rows GROUP BY school_id, role) gone
    WHERE c.school_id = gone.school_id AND c.role = gone.role;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO school_member_counts (school_id, role, count)
    SELECT school_id, role, count(*) FROM new_rows GROUP BY school_id, role
    ON CONFLICT (school_id, role) DO UPDATE SET count = school_member_counts.count + excluded.count;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER school_members_count_insert AFTER INSERT ON school_members
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION school_member_counts_follow();--> statement-breakpoint
CREATE TRIGGER school_members_count_delete AFTER DELETE ON school_members
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION school_member_counts_follow();--> statement-breakpoint
CREATE TRIGGER school_members_count_update AFTER UPDATE ON school_members
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION school_member_counts_follow();--> statement-breakpoint
INSERT INTO school_member_counts (school_id, role, count) SELECT school_id, role, count(*) FROM school_members GROUP BY school_id, role;
