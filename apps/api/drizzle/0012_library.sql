CREATE TYPE "public"."media_kind" AS ENUM('pdf', 'office', 'image', 'audio', 'video', 'youtube', 'vimeo', 'vdocipher', 'other');--> statement-breakpoint
CREATE TABLE "library_courses" (
	"institute_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "library_courses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"is_paid" boolean NOT NULL,
	"course_type_id" smallint NOT NULL,
	"standard_id" integer,
	"product_id" integer,
	CONSTRAINT "library_courses_institute_id_id_pk" PRIMARY KEY("institute_id","id"),
	CONSTRAINT "library_courses_entitlement" CHECK (("library_courses"."is_paid" and "library_courses"."product_id" is not null) or (not "library_courses"."is_paid" and "library_courses"."standard_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "library_files" (
	"institute_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "library_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"topic_id" integer NOT NULL,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"kind" "media_kind" NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"file_key" text,
	"size_bytes" bigint DEFAULT 0 NOT NULL,
	"video_id" text,
	"is_readonly" boolean DEFAULT false NOT NULL,
	"shared_on" date NOT NULL,
	"download_count" integer DEFAULT 0 NOT NULL,
	"watch_count" integer DEFAULT 0 NOT NULL,
	"watch_seconds" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "library_files_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
CREATE TABLE "library_subjects" (
	"institute_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "library_subjects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "library_subjects_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
CREATE TABLE "library_topics" (
	"institute_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "library_topics_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"course_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "library_topics_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"institute_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subject_id" integer,
	"course_id" integer,
	"category" text NOT NULL,
	"title" text NOT NULL,
	"kind" "media_kind" NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"file_key" text,
	"size_bytes" bigint DEFAULT 0 NOT NULL,
	"video_id" text,
	"is_readonly" boolean DEFAULT false NOT NULL,
	"shared_on" date NOT NULL,
	"download_count" integer DEFAULT 0 NOT NULL,
	"watch_count" integer DEFAULT 0 NOT NULL,
	"watch_seconds" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "documents_institute_id_id_pk" PRIMARY KEY("institute_id","id"),
	CONSTRAINT "documents_audience" CHECK (("documents"."subject_id" is null) <> ("documents"."course_id" is null)),
	CONSTRAINT "documents_category" CHECK ("documents"."category" in ('Assignment', 'EBook', 'Exam', 'Vimeo', 'Youtube', 'Other'))
);
--> statement-breakpoint
CREATE TABLE "office_previews" (
	"source_file_key" text PRIMARY KEY NOT NULL,
	"preview_file_key" text,
	"failed" boolean DEFAULT false NOT NULL,
	"converted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "library_courses" ADD CONSTRAINT "library_courses_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_courses" ADD CONSTRAINT "library_courses_institute_id_standard_id_standards_institute_id_id_fk" FOREIGN KEY ("institute_id","standard_id") REFERENCES "public"."standards"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_courses" ADD CONSTRAINT "library_courses_institute_id_product_id_products_institute_id_id_fk" FOREIGN KEY ("institute_id","product_id") REFERENCES "public"."products"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_files" ADD CONSTRAINT "library_files_institute_id_topic_id_library_topics_institute_id_id_fk" FOREIGN KEY ("institute_id","topic_id") REFERENCES "public"."library_topics"("institute_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_subjects" ADD CONSTRAINT "library_subjects_institute_id_course_id_library_courses_institute_id_id_fk" FOREIGN KEY ("institute_id","course_id") REFERENCES "public"."library_courses"("institute_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_topics" ADD CONSTRAINT "library_topics_institute_id_subject_id_library_subjects_institute_id_id_fk" FOREIGN KEY ("institute_id","subject_id") REFERENCES "public"."library_subjects"("institute_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_topics" ADD CONSTRAINT "library_topics_institute_id_parent_id_library_topics_institute_id_id_fk" FOREIGN KEY ("institute_id","parent_id") REFERENCES "public"."library_topics"("institute_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_institute_id_subject_id_subjects_institute_id_id_fk" FOREIGN KEY ("institute_id","subject_id") REFERENCES "public"."subjects"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_institute_id_course_id_library_courses_institute_id_id_fk" FOREIGN KEY ("institute_id","course_id") REFERENCES "public"."library_courses"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "library_courses_institute_id_standard_id_index" ON "library_courses" USING btree ("institute_id","standard_id");--> statement-breakpoint
CREATE INDEX "library_courses_institute_id_product_id_index" ON "library_courses" USING btree ("institute_id","product_id");--> statement-breakpoint
CREATE INDEX "library_files_institute_id_course_id_index" ON "library_files" USING btree ("institute_id","course_id");--> statement-breakpoint
CREATE INDEX "library_files_institute_id_topic_id_index" ON "library_files" USING btree ("institute_id","topic_id");--> statement-breakpoint
CREATE INDEX "library_files_institute_id_video_id_index" ON "library_files" USING btree ("institute_id","video_id");--> statement-breakpoint
CREATE INDEX "library_subjects_institute_id_course_id_index" ON "library_subjects" USING btree ("institute_id","course_id");--> statement-breakpoint
CREATE INDEX "library_topics_institute_id_course_id_index" ON "library_topics" USING btree ("institute_id","course_id");--> statement-breakpoint
CREATE INDEX "library_topics_institute_id_parent_id_index" ON "library_topics" USING btree ("institute_id","parent_id");--> statement-breakpoint
CREATE INDEX "documents_institute_id_subject_id_shared_on_index" ON "documents" USING btree ("institute_id","subject_id","shared_on");--> statement-breakpoint
CREATE INDEX "documents_institute_id_course_id_shared_on_index" ON "documents" USING btree ("institute_id","course_id","shared_on");--> statement-breakpoint
CREATE INDEX "documents_institute_id_video_id_index" ON "documents" USING btree ("institute_id","video_id");