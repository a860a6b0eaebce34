ALTER TABLE "courses" ADD COLUMN "outline_version" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
-- Hand-written: a course's outline_version changes with its modules (any change) and with its
-- lessons' outline fields (module, type, name, order, active, points; not their content or
-- settings), a statement at a time: a copy of 1,000 lessons is one update of one course row.
-- A row removed with its course finds no course to update.
CREATE FUNCTION sections_touch_outline() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE courses SET outline_version = gen_random_uuid() WHERE id IN (SELECT course_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE courses SET outline_version = gen_random_uuid() WHERE id IN (SELECT course_id FROM old_rows);
  ELSE
    UPDATE courses SET outline_version = gen_random_uuid() WHERE id IN (SELECT course_id FROM old_rows UNION SELECT course_id FROM new_rows);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER sections_outline_insert AFTER INSERT ON sections
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sections_touch_outline();--> statement-breakpoint
CREATE TRIGGER sections_outline_delete AFTER DELETE ON sections
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sections_touch_outline();--> statement-breakpoint
CREATE TRIGGER sections_outline_update AFTER UPDATE ON sections
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sections_touch_outline();--> statement-breakpoint
CREATE FUNCTION lessons_touch_outline() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE courses SET outline_version = gen_random_uuid()
    WHERE id IN (SELECT s.course_id FROM sections s WHERE s.id IN (SELECT section_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE courses SET outline_version = gen_random_uuid()
    WHERE id IN (SELECT s.course_id FROM sections s WHERE s.id IN (SELECT section_id FROM old_rows));
  ELSE
    UPDATE courses SET outline_version = gen_random_uuid()
    WHERE id IN (
      SELECT s.course_id FROM sections s WHERE s.id IN (
        SELECT unnest(ARRAY[o.section_id, n.section_id]) FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.section_id, o.type, o.name, o."order", o.active, o.points) IS DISTINCT FROM (n.section_id, n.type, n.name, n."order", n.active, n.points)));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER lessons_outline_insert AFTER INSERT ON lessons
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lessons_touch_outline();--> statement-breakpoint
CREATE TRIGGER lessons_outline_delete AFTER DELETE ON lessons
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lessons_touch_outline();--> statement-breakpoint
CREATE TRIGGER lessons_outline_update AFTER UPDATE ON lessons
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lessons_touch_outline();
