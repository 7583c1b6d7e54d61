CREATE TYPE "public"."attachment_kind" AS ENUM('teacher', 'solution', 'student_file', 'student_link');--> statement-breakpoint
CREATE TYPE "public"."submission_status" AS ENUM('Draft', 'Submitted');--> statement-breakpoint
CREATE TABLE "assignment_attachments" (
	"institute_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "assignment_attachments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"assignment_id" integer NOT NULL,
	"submission_id" integer,
	"kind" "attachment_kind" NOT NULL,
	"display_name" text NOT NULL,
	"file_key" text,
	"size_bytes" integer DEFAULT 0 NOT NULL,
	"sha256" text,
	"url" text,
	"remarks" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignment_attachments_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
CREATE TABLE "assignments" (
	"institute_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "assignments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"batch_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"title" text NOT NULL,
	"topic_name" text DEFAULT '' NOT NULL,
	"sub_topic_name" text DEFAULT '' NOT NULL,
	"description_html" text DEFAULT '' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"is_late_allowed" boolean DEFAULT false NOT NULL,
	"is_evaluation_required" boolean DEFAULT true NOT NULL,
	"is_grade_enabled" boolean DEFAULT false NOT NULL,
	"max_marks" real,
	"is_solution_released" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignments_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
CREATE TABLE "idempotent_writes" (
	"institute_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotent_writes_institute_id_user_id_key_pk" PRIMARY KEY("institute_id","user_id","key")
);
--> statement-breakpoint
CREATE TABLE "pending_files" (
	"file_key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "submissions" (
	"institute_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "submissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"assignment_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"status" "submission_status" NOT NULL,
	"student_comment" text DEFAULT '' NOT NULL,
	"submitted_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	"teacher_status" text DEFAULT 'Pending' NOT NULL,
	"marks" real,
	"grade" text DEFAULT '' NOT NULL,
	"teacher_comment" text DEFAULT '' NOT NULL,
	CONSTRAINT "submissions_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "assignment_attachments" ADD CONSTRAINT "assignment_attachments_institute_id_assignment_id_assignments_institute_id_id_fk" FOREIGN KEY ("institute_id","assignment_id") REFERENCES "public"."assignments"("institute_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignment_attachments" ADD CONSTRAINT "assignment_attachments_institute_id_submission_id_submissions_institute_id_id_fk" FOREIGN KEY ("institute_id","submission_id") REFERENCES "public"."submissions"("institute_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_institute_id_assignment_id_assignments_institute_id_id_fk" FOREIGN KEY ("institute_id","assignment_id") REFERENCES "public"."assignments"("institute_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assignment_attachments_institute_id_assignment_id_kind_index" ON "assignment_attachments" USING btree ("institute_id","assignment_id","kind");--> statement-breakpoint
CREATE INDEX "assignment_attachments_institute_id_submission_id_index" ON "assignment_attachments" USING btree ("institute_id","submission_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assignment_attachments_same_file_idx" ON "assignment_attachments" USING btree ("institute_id","submission_id","sha256","display_name") WHERE "assignment_attachments"."kind" = 'student_file';--> statement-breakpoint
CREATE INDEX "assignments_institute_id_batch_id_due_at_index" ON "assignments" USING btree ("institute_id","batch_id","due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "submissions_institute_id_assignment_id_student_id_index" ON "submissions" USING btree ("institute_id","assignment_id","student_id");--> statement-breakpoint
CREATE INDEX "submissions_institute_id_student_id_index" ON "submissions" USING btree ("institute_id","student_id");