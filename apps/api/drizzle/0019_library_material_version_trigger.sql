-- Custom SQL migration (written by hand, not generated: carry it over as it is when renumbering).
-- A course's material_version is bumped whenever rows of its subjects, topics or files are added, removed, or
-- changed in what the study-material answer shows, so the API keeps a course's serialised answer while the version
-- is unchanged instead of fingerprinting the course on every request. Download and watch counts do not bump it.
-- Statement-level triggers over transition tables bump each course once per statement (a row-level bump of one
-- course row per inserted row grows quadratically: 20,000 files in one insert took 14 s).
CREATE FUNCTION library_bump_material_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE library_courses c SET material_version = c.material_version + 1
    FROM (SELECT DISTINCT institute_id, course_id FROM new_rows) x
    WHERE c.institute_id = x.institute_id AND c.id = x.course_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE library_courses c SET material_version = c.material_version + 1
    FROM (SELECT DISTINCT institute_id, course_id FROM old_rows) x
    WHERE c.institute_id = x.institute_id AND c.id = x.course_id;
  ELSE
    -- Subjects and topics: every column is shown (or places a node); the courses before and after a move.
    UPDATE library_courses c SET material_version = c.material_version + 1
    FROM (SELECT institute_id, course_id FROM old_rows UNION SELECT institute_id, course_id FROM new_rows) x
    WHERE c.institute_id = x.institute_id AND c.id = x.course_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Files changed in a column the answer is built from: a download or a play counted does not invalidate the answer.
CREATE FUNCTION library_files_bump_material_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE library_courses c SET material_version = c.material_version + 1
  FROM (
    SELECT o.institute_id, o.course_id, n.course_id AS new_course_id
    FROM old_rows o JOIN new_rows n ON n.institute_id = o.institute_id AND n.id = o.id
    WHERE (o.course_id, o.topic_id, o.title, o.type, o.kind, o.file_name, o.file_key, o.video_id, o.is_readonly,
           o.shared_on, o.poster_keys)
      IS DISTINCT FROM
          (n.course_id, n.topic_id, n.title, n.type, n.kind, n.file_name, n.file_key, n.video_id, n.is_readonly,
           n.shared_on, n.poster_keys)
  ) x
  WHERE c.institute_id = x.institute_id AND (c.id = x.course_id OR c.id = x.new_course_id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER library_subjects_added AFTER INSERT ON library_subjects REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION library_bump_material_version();
--> statement-breakpoint
CREATE TRIGGER library_subjects_changed AFTER UPDATE ON library_subjects
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION library_bump_material_version();
--> statement-breakpoint
CREATE TRIGGER library_subjects_removed AFTER DELETE ON library_subjects REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION library_bump_material_version();
--> statement-breakpoint
CREATE TRIGGER library_topics_added AFTER INSERT ON library_topics REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION library_bump_material_version();
--> statement-breakpoint
CREATE TRIGGER library_topics_changed AFTER UPDATE ON library_topics
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION library_bump_material_version();
--> statement-breakpoint
CREATE TRIGGER library_topics_removed AFTER DELETE ON library_topics REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION library_bump_material_version();
--> statement-breakpoint
CREATE TRIGGER library_files_added AFTER INSERT ON library_files REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION library_bump_material_version();
--> statement-breakpoint
CREATE TRIGGER library_files_changed AFTER UPDATE ON library_files
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION library_files_bump_material_version();
--> statement-breakpoint
CREATE TRIGGER library_files_removed AFTER DELETE ON library_files REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION library_bump_material_version();
