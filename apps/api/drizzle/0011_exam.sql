CREATE TABLE "exam_answers" (
	"institute_id" integer NOT NULL,
	"attempt_id" integer NOT NULL,
	"question_no" integer NOT NULL,
	"answer" text DEFAULT '' NOT NULL,
	"seq" integer NOT NULL,
	"marked_for_review" boolean DEFAULT false NOT NULL,
	"bookmarked" boolean DEFAULT false NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	CONSTRAINT "exam_answers_institute_id_attempt_id_question_no_pk" PRIMARY KEY("institute_id","attempt_id","question_no")
);
--> statement-breakpoint
CREATE TABLE "exam_attempts" (
	"institute_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "exam_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"test_id" integer NOT NULL,
	"student_id" integer,
	"user_id" integer NOT NULL,
	"attempt_no" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"submitted_by" text,
	"credential_hash" text NOT NULL,
	"score" numeric(8, 2),
	"result" jsonb,
	CONSTRAINT "exam_attempts_institute_id_id_pk" PRIMARY KEY("institute_id","id"),
	CONSTRAINT "exam_attempts_no" CHECK ("exam_attempts"."attempt_no" >= 1)
);
--> statement-breakpoint
CREATE TABLE "exam_labels" (
	"institute_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "exam_labels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"test_type_id" smallint NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "exam_labels_institute_id_id_pk" PRIMARY KEY("institute_id","id"),
	CONSTRAINT "exam_labels_type" CHECK ("exam_labels"."test_type_id" in (1, 2, 4))
);
--> statement-breakpoint
CREATE TABLE "exam_launch_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"institute_id" integer NOT NULL,
	"test_id" integer NOT NULL,
	"student_id" integer,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "exam_passages" (
	"institute_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "exam_passages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"test_id" integer NOT NULL,
	"text" text NOT NULL,
	CONSTRAINT "exam_passages_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
CREATE TABLE "exam_product_tests" (
	"institute_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"test_id" integer NOT NULL,
	CONSTRAINT "exam_product_tests_institute_id_product_id_test_id_pk" PRIMARY KEY("institute_id","product_id","test_id")
);
--> statement-breakpoint
CREATE TABLE "exam_questions" (
	"institute_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "exam_questions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"test_id" integer NOT NULL,
	"section_id" integer NOT NULL,
	"passage_id" integer,
	"question_no" integer NOT NULL,
	"ques_type" smallint NOT NULL,
	"question" text NOT NULL,
	"media_type" text,
	"media_file_key" text,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"match_options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"correct" text DEFAULT '' NOT NULL,
	"solution" text DEFAULT '' NOT NULL,
	"marks" numeric(8, 2) NOT NULL,
	"negative_marks" numeric(8, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "exam_questions_institute_id_id_pk" PRIMARY KEY("institute_id","id"),
	CONSTRAINT "exam_questions_type" CHECK ("exam_questions"."ques_type" in (1, 2, 3, 5, 6, 7)),
	CONSTRAINT "exam_questions_marks" CHECK ("exam_questions"."marks" >= 0 and "exam_questions"."negative_marks" >= 0)
);
--> statement-breakpoint
CREATE TABLE "exam_sections" (
	"institute_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "exam_sections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"test_id" integer NOT NULL,
	"name" text NOT NULL,
	"subject_id" integer,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "exam_sections_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
CREATE TABLE "exam_test_batches" (
	"institute_id" integer NOT NULL,
	"test_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	CONSTRAINT "exam_test_batches_institute_id_test_id_batch_id_pk" PRIMARY KEY("institute_id","test_id","batch_id")
);
--> statement-breakpoint
CREATE TABLE "exam_tests" (
	"institute_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "exam_tests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"label_id" integer,
	"name" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"test_type_id" smallint NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"test_limit" integer DEFAULT 0 NOT NULL,
	"is_result_published" boolean DEFAULT false NOT NULL,
	CONSTRAINT "exam_tests_institute_id_id_pk" PRIMARY KEY("institute_id","id"),
	CONSTRAINT "exam_tests_type" CHECK ("exam_tests"."test_type_id" in (1, 2, 4)),
	CONSTRAINT "exam_tests_window" CHECK ("exam_tests"."ends_at" > "exam_tests"."starts_at"),
	CONSTRAINT "exam_tests_duration" CHECK ("exam_tests"."duration_minutes" > 0),
	CONSTRAINT "exam_tests_limit" CHECK ("exam_tests"."test_limit" >= 0)
);
--> statement-breakpoint
ALTER TABLE "exam_answers" ADD CONSTRAINT "exam_answers_institute_id_attempt_id_exam_attempts_institute_id_id_fk" FOREIGN KEY ("institute_id","attempt_id") REFERENCES "public"."exam_attempts"("institute_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_institute_id_test_id_exam_tests_institute_id_id_fk" FOREIGN KEY ("institute_id","test_id") REFERENCES "public"."exam_tests"("institute_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_institute_id_student_id_students_institute_id_id_fk" FOREIGN KEY ("institute_id","student_id") REFERENCES "public"."students"("institute_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_attempts" ADD CONSTRAINT "exam_attempts_institute_id_user_id_users_institute_id_id_fk" FOREIGN KEY ("institute_id","user_id") REFERENCES "public"."users"("institute_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_labels" ADD CONSTRAINT "exam_labels_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_launch_tokens" ADD CONSTRAINT "exam_launch_tokens_institute_id_test_id_exam_tests_institute_id_id_fk" FOREIGN KEY ("institute_id","test_id") REFERENCES "public"."exam_tests"("institute_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_passages" ADD CONSTRAINT "exam_passages_institute_id_test_id_exam_tests_institute_id_id_fk" FOREIGN KEY ("institute_id","test_id") REFERENCES "public"."exam_tests"("institute_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_product_tests" ADD CONSTRAINT "exam_product_tests_institute_id_product_id_products_institute_id_id_fk" FOREIGN KEY ("institute_id","product_id") REFERENCES "public"."products"("institute_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_product_tests" ADD CONSTRAINT "exam_product_tests_institute_id_test_id_exam_tests_institute_id_id_fk" FOREIGN KEY ("institute_id","test_id") REFERENCES "public"."exam_tests"("institute_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_questions" ADD CONSTRAINT "exam_questions_institute_id_test_id_exam_tests_institute_id_id_fk" FOREIGN KEY ("institute_id","test_id") REFERENCES "public"."exam_tests"("institute_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_questions" ADD CONSTRAINT "exam_questions_institute_id_section_id_exam_sections_institute_id_id_fk" FOREIGN KEY ("institute_id","section_id") REFERENCES "public"."exam_sections"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_questions" ADD CONSTRAINT "exam_questions_institute_id_passage_id_exam_passages_institute_id_id_fk" FOREIGN KEY ("institute_id","passage_id") REFERENCES "public"."exam_passages"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_sections" ADD CONSTRAINT "exam_sections_institute_id_test_id_exam_tests_institute_id_id_fk" FOREIGN KEY ("institute_id","test_id") REFERENCES "public"."exam_tests"("institute_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_sections" ADD CONSTRAINT "exam_sections_institute_id_subject_id_subjects_institute_id_id_fk" FOREIGN KEY ("institute_id","subject_id") REFERENCES "public"."subjects"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_test_batches" ADD CONSTRAINT "exam_test_batches_institute_id_test_id_exam_tests_institute_id_id_fk" FOREIGN KEY ("institute_id","test_id") REFERENCES "public"."exam_tests"("institute_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_test_batches" ADD CONSTRAINT "exam_test_batches_institute_id_batch_id_batches_institute_id_id_fk" FOREIGN KEY ("institute_id","batch_id") REFERENCES "public"."batches"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_tests" ADD CONSTRAINT "exam_tests_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_tests" ADD CONSTRAINT "exam_tests_institute_id_label_id_exam_labels_institute_id_id_fk" FOREIGN KEY ("institute_id","label_id") REFERENCES "public"."exam_labels"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exam_attempts_institute_id_test_id_user_id_attempt_no_index" ON "exam_attempts" USING btree ("institute_id","test_id","user_id","attempt_no");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_attempts_one_open" ON "exam_attempts" USING btree ("institute_id","test_id","user_id") WHERE "exam_attempts"."submitted_at" is null;--> statement-breakpoint
CREATE INDEX "exam_attempts_institute_id_student_id_index" ON "exam_attempts" USING btree ("institute_id","student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_attempts_credential_hash_index" ON "exam_attempts" USING btree ("credential_hash");--> statement-breakpoint
CREATE INDEX "exam_attempts_open_ends_at" ON "exam_attempts" USING btree ("ends_at") WHERE "exam_attempts"."submitted_at" is null;--> statement-breakpoint
CREATE INDEX "exam_launch_tokens_expires_at_index" ON "exam_launch_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "exam_passages_institute_id_test_id_index" ON "exam_passages" USING btree ("institute_id","test_id");--> statement-breakpoint
CREATE INDEX "exam_product_tests_institute_id_test_id_index" ON "exam_product_tests" USING btree ("institute_id","test_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exam_questions_institute_id_test_id_question_no_index" ON "exam_questions" USING btree ("institute_id","test_id","question_no");--> statement-breakpoint
CREATE INDEX "exam_sections_institute_id_test_id_index" ON "exam_sections" USING btree ("institute_id","test_id");--> statement-breakpoint
CREATE INDEX "exam_test_batches_institute_id_batch_id_index" ON "exam_test_batches" USING btree ("institute_id","batch_id");--> statement-breakpoint
CREATE INDEX "exam_tests_institute_id_label_id_index" ON "exam_tests" USING btree ("institute_id","label_id");