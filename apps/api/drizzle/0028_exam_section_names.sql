-- Sections of one name in one test, made twice by two imports at once before this key existed: their questions move
-- to the first of them, and the others go.
UPDATE "exam_questions" AS q SET "section_id" = d."keep"
FROM (
  SELECT "institute_id", "id", min("id") OVER (PARTITION BY "institute_id", "test_id", "name") AS "keep" FROM "exam_sections"
) AS d
WHERE q."institute_id" = d."institute_id" AND q."section_id" = d."id" AND d."id" <> d."keep";--> statement-breakpoint
DELETE FROM "exam_sections" AS s
USING (
  SELECT "institute_id", "id", min("id") OVER (PARTITION BY "institute_id", "test_id", "name") AS "keep" FROM "exam_sections"
) AS d
WHERE s."institute_id" = d."institute_id" AND s."id" = d."id" AND d."id" <> d."keep";--> statement-breakpoint
DROP INDEX "exam_sections_institute_id_test_id_index";--> statement-breakpoint
CREATE UNIQUE INDEX "exam_sections_institute_id_test_id_name_index" ON "exam_sections" USING btree ("institute_id","test_id","name");
