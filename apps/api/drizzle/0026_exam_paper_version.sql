ALTER TABLE "exam_tests" ADD COLUMN "paper_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Custom SQL below (written by hand: carry it over as it is when renumbering).
-- A test's paper_version is bumped whenever rows of its sections, passages or questions are added, removed or
-- changed, so the API keeps a paper's serialised and compressed answer while the version is unchanged (issue 28).
-- Statement-level triggers over transition tables bump each test once per statement, as the library's do (0019).
CREATE FUNCTION exam_bump_paper_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE exam_tests t SET paper_version = t.paper_version + 1
    FROM (SELECT DISTINCT institute_id, test_id FROM new_rows) x
    WHERE t.institute_id = x.institute_id AND t.id = x.test_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE exam_tests t SET paper_version = t.paper_version + 1
    FROM (SELECT DISTINCT institute_id, test_id FROM old_rows) x
    WHERE t.institute_id = x.institute_id AND t.id = x.test_id;
  ELSE
    UPDATE exam_tests t SET paper_version = t.paper_version + 1
    FROM (SELECT institute_id, test_id FROM old_rows UNION SELECT institute_id, test_id FROM new_rows) x
    WHERE t.institute_id = x.institute_id AND t.id = x.test_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER exam_sections_added AFTER INSERT ON exam_sections REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION exam_bump_paper_version();
--> statement-breakpoint
CREATE TRIGGER exam_sections_changed AFTER UPDATE ON exam_sections
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION exam_bump_paper_version();
--> statement-breakpoint
CREATE TRIGGER exam_sections_removed AFTER DELETE ON exam_sections REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION exam_bump_paper_version();
--> statement-breakpoint
CREATE TRIGGER exam_passages_added AFTER INSERT ON exam_passages REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION exam_bump_paper_version();
--> statement-breakpoint
CREATE TRIGGER exam_passages_changed AFTER UPDATE ON exam_passages
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION exam_bump_paper_version();
--> statement-breakpoint
CREATE TRIGGER exam_passages_removed AFTER DELETE ON exam_passages REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION exam_bump_paper_version();
--> statement-breakpoint
CREATE TRIGGER exam_questions_added AFTER INSERT ON exam_questions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION exam_bump_paper_version();
--> statement-breakpoint
CREATE TRIGGER exam_questions_changed AFTER UPDATE ON exam_questions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION exam_bump_paper_version();
--> statement-breakpoint
CREATE TRIGGER exam_questions_removed AFTER DELETE ON exam_questions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION exam_bump_paper_version();
