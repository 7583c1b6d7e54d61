CREATE TABLE "report_stale_tests" (
	"institute_id" integer NOT NULL,
	"test_id" integer NOT NULL,
	"marks" integer DEFAULT 1 NOT NULL,
	"stale_since" timestamp with time zone NOT NULL,
	CONSTRAINT "report_stale_tests_institute_id_test_id_pk" PRIMARY KEY("institute_id","test_id")
);
--> statement-breakpoint
DROP INDEX "report_results_institute_id_test_id_rank_index";--> statement-breakpoint
ALTER TABLE "report_stale_tests" ADD CONSTRAINT "report_stale_tests_institute_id_test_id_exam_tests_institute_id_id_fk" FOREIGN KEY ("institute_id","test_id") REFERENCES "public"."exam_tests"("institute_id","id") ON DELETE cascade ON UPDATE no action;