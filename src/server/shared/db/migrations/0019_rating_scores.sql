CREATE TABLE "rating_scores" (
	"school_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"completed_lessons" integer DEFAULT 0 NOT NULL,
	"available_courses" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rating_scores_school_id_user_id_pk" PRIMARY KEY("school_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "rating_scores" ADD CONSTRAINT "rating_scores_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_scores" ADD CONSTRAINT "rating_scores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rating_scores_lessons_idx" ON "rating_scores" USING btree ("school_id","completed_lessons" DESC NULLS LAST,"user_id") WHERE "rating_scores"."completed_lessons" > 0;--> statement-breakpoint
CREATE INDEX "rating_scores_courses_idx" ON "rating_scores" USING btree ("school_id","available_courses" DESC NULLS LAST,"user_id") WHERE "rating_scores"."available_courses" > 0;--> statement-breakpoint
CREATE INDEX "rating_scores_user_idx" ON "rating_scores" USING btree ("user_id");--> statement-breakpoint
-- Hand-written: rating_scores follows lesson_progress (completed rows) and students_group_members, a
-- statement at a time (a bulk insert is one upsert per school and student); a row's school is its
-- course's. Added rows are added (an upsert, safe under concurrent inserts), removed rows taken off,
-- an update does both.
CREATE FUNCTION rating_scores_follow_progress() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO rating_scores (school_id, user_id, completed_lessons)
    SELECT c.school_id, r.user_id, count(*)::int FROM new_rows r JOIN courses c ON c.id = r.course_id
    WHERE r.completed_at IS NOT NULL GROUP BY c.school_id, r.user_id
    ON CONFLICT (school_id, user_id) DO UPDATE SET completed_lessons = rating_scores.completed_lessons + excluded.completed_lessons;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE rating_scores s SET completed_lessons = s.completed_lessons - gone.n
    FROM (SELECT c.school_id, r.user_id, count(*)::int AS n FROM old_rows r JOIN courses c ON c.id = r.course_id
          WHERE r.completed_at IS NOT NULL GROUP BY c.school_id, r.user_id) gone
    WHERE s.school_id = gone.school_id AND s.user_id = gone.user_id;
  ELSE
    INSERT INTO rating_scores (school_id, user_id, completed_lessons)
    SELECT c.school_id, d.user_id, sum(d.n)::int
    FROM (SELECT user_id, course_id, 1 AS n FROM new_rows WHERE completed_at IS NOT NULL
          UNION ALL SELECT user_id, course_id, -1 FROM old_rows WHERE completed_at IS NOT NULL) d
    JOIN courses c ON c.id = d.course_id
    GROUP BY c.school_id, d.user_id HAVING sum(d.n) <> 0
    ON CONFLICT (school_id, user_id) DO UPDATE SET completed_lessons = rating_scores.completed_lessons + excluded.completed_lessons;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER lesson_progress_rating_insert AFTER INSERT ON lesson_progress
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rating_scores_follow_progress();--> statement-breakpoint
CREATE TRIGGER lesson_progress_rating_delete AFTER DELETE ON lesson_progress
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rating_scores_follow_progress();--> statement-breakpoint
CREATE TRIGGER lesson_progress_rating_update AFTER UPDATE ON lesson_progress
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rating_scores_follow_progress();--> statement-breakpoint
-- One group per course and student (students_group_members_course_user_uq): a row is one course.
CREATE FUNCTION rating_scores_follow_members() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO rating_scores (school_id, user_id, available_courses)
    SELECT c.school_id, r.user_id, count(*)::int FROM new_rows r JOIN courses c ON c.id = r.course_id GROUP BY c.school_id, r.user_id
    ON CONFLICT (school_id, user_id) DO UPDATE SET available_courses = rating_scores.available_courses + excluded.available_courses;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE rating_scores s SET available_courses = s.available_courses - gone.n
    FROM (SELECT c.school_id, r.user_id, count(*)::int AS n FROM old_rows r JOIN courses c ON c.id = r.course_id GROUP BY c.school_id, r.user_id) gone
    WHERE s.school_id = gone.school_id AND s.user_id = gone.user_id;
  ELSE
    INSERT INTO rating_scores (school_id, user_id, available_courses)
    SELECT c.school_id, d.user_id, sum(d.n)::int
    FROM (SELECT user_id, course_id, 1 AS n FROM new_rows UNION ALL SELECT user_id, course_id, -1 FROM old_rows) d
    JOIN courses c ON c.id = d.course_id
    GROUP BY c.school_id, d.user_id HAVING sum(d.n) <> 0
    ON CONFLICT (school_id, user_id) DO UPDATE SET available_courses = rating_scores.available_courses + excluded.available_courses;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER students_group_members_rating_insert AFTER INSERT ON students_group_members
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rating_scores_follow_members();--> statement-breakpoint
CREATE TRIGGER students_group_members_rating_delete AFTER DELETE ON students_group_members
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rating_scores_follow_members();--> statement-breakpoint
CREATE TRIGGER students_group_members_rating_update AFTER UPDATE ON students_group_members
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rating_scores_follow_members();--> statement-breakpoint
-- A school's values counted afresh: after a course is deleted (its rows' cascaded deletes no longer
-- find the course, so the triggers above cannot tell their school), and once below for the data
-- already there. Courses never move between schools.
CREATE FUNCTION rating_scores_recount(school_ids integer[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM rating_scores WHERE school_id = ANY (school_ids);
  INSERT INTO rating_scores (school_id, user_id, completed_lessons, available_courses)
  SELECT school_id, user_id, sum(lessons)::int, sum(courses)::int
  FROM (
    SELECT c.school_id, p.user_id, count(*) AS lessons, 0 AS courses
    FROM lesson_progress p JOIN courses c ON c.id = p.course_id
    WHERE c.school_id = ANY (school_ids) AND p.completed_at IS NOT NULL GROUP BY c.school_id, p.user_id
    UNION ALL
    SELECT c.school_id, m.user_id, 0, count(*)
    FROM students_group_members m JOIN courses c ON c.id = m.course_id
    WHERE c.school_id = ANY (school_ids) GROUP BY c.school_id, m.user_id
  ) counted
  GROUP BY school_id, user_id;
$$;--> statement-breakpoint
CREATE FUNCTION rating_scores_follow_courses() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rating_scores_recount(array(SELECT DISTINCT school_id FROM old_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER courses_rating_delete AFTER DELETE ON courses
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rating_scores_follow_courses();--> statement-breakpoint
SELECT rating_scores_recount(array(SELECT id FROM schools));
