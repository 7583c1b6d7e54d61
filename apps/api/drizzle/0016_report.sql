CREATE TABLE "report_offline_exams" (
	"institute_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "report_offline_exams_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"batch_id" integer NOT NULL,
	"exam_date" date NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"topic_name" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"subjects" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "report_offline_exams_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
CREATE TABLE "report_offline_marks" (
	"institute_id" integer NOT NULL,
	"exam_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"subject_name" text NOT NULL,
	"attendance" text NOT NULL,
	"marks_obtained" numeric(8, 2),
	"rank" integer,
	CONSTRAINT "report_offline_marks_institute_id_exam_id_student_id_subject_name_pk" PRIMARY KEY("institute_id","exam_id","student_id","subject_name"),
	CONSTRAINT "report_offline_marks_rank" CHECK ("report_offline_marks"."rank" is null or "report_offline_marks"."rank" >= 1)
);
--> statement-breakpoint
CREATE TABLE "report_results" (
	"institute_id" integer NOT NULL,
	"test_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"attempt_id" integer NOT NULL,
	"score" numeric(8, 2) NOT NULL,
	"rank" integer NOT NULL,
	CONSTRAINT "report_results_institute_id_test_id_user_id_pk" PRIMARY KEY("institute_id","test_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "report_test_stats" (
	"institute_id" integer NOT NULL,
	"test_id" integer NOT NULL,
	"students" integer NOT NULL,
	"avg_marks" numeric(8, 2) NOT NULL,
	"avg_correct" numeric(8, 2) NOT NULL,
	"avg_incorrect" numeric(8, 2) NOT NULL,
	"avg_attempted" numeric(8, 2) NOT NULL,
	"avg_time_seconds" integer NOT NULL,
	"topper_attempt_id" integer,
	"ranked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "report_test_stats_institute_id_test_id_pk" PRIMARY KEY("institute_id","test_id")
);
--> statement-breakpoint
ALTER TABLE "report_offline_exams" ADD CONSTRAINT "report_offline_exams_institute_id_batch_id_batches_institute_id_id_fk" FOREIGN KEY ("institute_id","batch_id") REFERENCES "public"."batches"("institute_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_offline_marks" ADD CONSTRAINT "report_offline_marks_institute_id_exam_id_report_offline_exams_institute_id_id_fk" FOREIGN KEY ("institute_id","exam_id") REFERENCES "public"."report_offline_exams"("institute_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_offline_marks" ADD CONSTRAINT "report_offline_marks_institute_id_student_id_students_institute_id_id_fk" FOREIGN KEY ("institute_id","student_id") REFERENCES "public"."students"("institute_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_results" ADD CONSTRAINT "report_results_institute_id_test_id_exam_tests_institute_id_id_fk" FOREIGN KEY ("institute_id","test_id") REFERENCES "public"."exam_tests"("institute_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_test_stats" ADD CONSTRAINT "report_test_stats_institute_id_test_id_exam_tests_institute_id_id_fk" FOREIGN KEY ("institute_id","test_id") REFERENCES "public"."exam_tests"("institute_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_offline_exams_institute_id_batch_id_exam_date_index" ON "report_offline_exams" USING btree ("institute_id","batch_id","exam_date");--> statement-breakpoint
CREATE INDEX "report_offline_marks_institute_id_student_id_index" ON "report_offline_marks" USING btree ("institute_id","student_id");--> statement-breakpoint
CREATE INDEX "report_results_institute_id_test_id_rank_index" ON "report_results" USING btree ("institute_id","test_id","rank");