CREATE TYPE "public"."class_type" AS ENUM('Class', 'Online Class', 'Online Exam', 'Offline Exam');--> statement-breakpoint
CREATE TYPE "public"."meeting_provider" AS ENUM('Zoom', 'Webex', 'other');--> statement-breakpoint
CREATE TYPE "public"."video_host" AS ENUM('aws', 'vimeo', 'vdocipher');--> statement-breakpoint
CREATE TABLE "attendance" (
	"institute_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"status" text NOT NULL,
	"homework_status" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"homework_assigned" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"topics_covered" text DEFAULT '' NOT NULL,
	CONSTRAINT "attendance_institute_id_student_id_session_id_pk" PRIMARY KEY("institute_id","student_id","session_id")
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"institute_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "calendar_feeds_institute_id_student_id_pk" PRIMARY KEY("institute_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "class_recordings" (
	"institute_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "class_recordings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"session_id" integer NOT NULL,
	"host" "video_host" NOT NULL,
	"name" text NOT NULL,
	"size_bytes" bigint DEFAULT 0 NOT NULL,
	"duration_seconds" integer DEFAULT 0 NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL,
	"provider_video_id" text,
	"file_key" text,
	CONSTRAINT "class_recordings_institute_id_id_pk" PRIMARY KEY("institute_id","id"),
	CONSTRAINT "class_recordings_source" CHECK (("class_recordings"."host" = 'aws' and "class_recordings"."file_key" is not null) or ("class_recordings"."host" <> 'aws' and "class_recordings"."provider_video_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "class_sessions" (
	"institute_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "class_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"batch_id" integer NOT NULL,
	"subject_id" integer,
	"class_type" "class_type" NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"topics" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"teacher_ids" integer[] DEFAULT '{}' NOT NULL,
	"meeting_with" "meeting_provider",
	"session_link" text DEFAULT '' NOT NULL,
	"test_id" integer,
	CONSTRAINT "class_sessions_institute_id_id_pk" PRIMARY KEY("institute_id","id"),
	CONSTRAINT "class_sessions_duration" CHECK ("class_sessions"."duration_minutes" > 0)
);
--> statement-breakpoint
CREATE TABLE "teachers" (
	"institute_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "teachers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"photo_file_key" text,
	CONSTRAINT "teachers_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_institute_id_student_id_students_institute_id_id_fk" FOREIGN KEY ("institute_id","student_id") REFERENCES "public"."students"("institute_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_institute_id_session_id_class_sessions_institute_id_id_fk" FOREIGN KEY ("institute_id","session_id") REFERENCES "public"."class_sessions"("institute_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_institute_id_student_id_students_institute_id_id_fk" FOREIGN KEY ("institute_id","student_id") REFERENCES "public"."students"("institute_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_recordings" ADD CONSTRAINT "class_recordings_institute_id_session_id_class_sessions_institute_id_id_fk" FOREIGN KEY ("institute_id","session_id") REFERENCES "public"."class_sessions"("institute_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_sessions" ADD CONSTRAINT "class_sessions_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_sessions" ADD CONSTRAINT "class_sessions_institute_id_batch_id_batches_institute_id_id_fk" FOREIGN KEY ("institute_id","batch_id") REFERENCES "public"."batches"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_sessions" ADD CONSTRAINT "class_sessions_institute_id_subject_id_subjects_institute_id_id_fk" FOREIGN KEY ("institute_id","subject_id") REFERENCES "public"."subjects"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teachers" ADD CONSTRAINT "teachers_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_institute_id_session_id_index" ON "attendance" USING btree ("institute_id","session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_secret_hash_index" ON "calendar_feeds" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "class_recordings_institute_id_session_id_index" ON "class_recordings" USING btree ("institute_id","session_id");--> statement-breakpoint
CREATE INDEX "class_sessions_institute_id_batch_id_starts_at_index" ON "class_sessions" USING btree ("institute_id","batch_id","starts_at");--> statement-breakpoint
CREATE INDEX "class_sessions_online_idx" ON "class_sessions" USING btree ("institute_id","batch_id","starts_at") WHERE "class_sessions"."class_type" = 'Online Class';