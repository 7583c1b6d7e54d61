CREATE TYPE "public"."delivery_mode" AS ENUM('ONLINE', 'OFFLINE', 'HYBRID_BLENDED');--> statement-breakpoint
CREATE TYPE "public"."material_mode" AS ENUM('STUDY_MATERIAL', 'FILE_MANEGER', 'BOTH', 'NONE');--> statement-breakpoint
CREATE TABLE "academic_years" (
	"institute_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "academic_years_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	CONSTRAINT "academic_years_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
CREATE TABLE "batches" (
	"institute_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"standard_id" integer NOT NULL,
	"academic_year_id" integer NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "batches_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
CREATE TABLE "standards" (
	"institute_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "standards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	CONSTRAINT "standards_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
CREATE TABLE "subjects" (
	"institute_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "subjects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"standard_id" integer NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "subjects_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
CREATE TABLE "institute_hosts" (
	"host" text PRIMARY KEY NOT NULL,
	"institute_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "institutes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "institutes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"is_school" boolean NOT NULL,
	"logo_url" text DEFAULT '' NOT NULL,
	"favicon_url" text DEFAULT '' NOT NULL,
	"time_zone" text DEFAULT 'Asia/Kolkata' NOT NULL,
	"country_calling_code" text DEFAULT '91' NOT NULL,
	"currency_code" text DEFAULT 'INR' NOT NULL,
	"classes_mode" "delivery_mode" NOT NULL,
	"exam_mode" "delivery_mode" NOT NULL,
	"material_mode" "material_mode" NOT NULL,
	"is_store_enabled" boolean DEFAULT false NOT NULL,
	"is_marketing_and_banner" boolean DEFAULT false NOT NULL,
	"is_fee_struct_linked" boolean DEFAULT false NOT NULL,
	"is_fee_receipt_enabled" boolean DEFAULT false NOT NULL,
	"is_elearn_enabled" boolean DEFAULT false NOT NULL,
	"is_online_assignment_enabled" boolean DEFAULT false NOT NULL,
	"is_course_structure" boolean DEFAULT false NOT NULL,
	"is_zoom_enabled" boolean DEFAULT false NOT NULL,
	"is_profile_update_allowed" boolean DEFAULT false NOT NULL,
	"help_url" text DEFAULT '' NOT NULL,
	"twitter_url" text DEFAULT '' NOT NULL,
	"facebook_url" text DEFAULT '' NOT NULL,
	"linkedin_url" text DEFAULT '' NOT NULL,
	"whatsapp_url" text DEFAULT '' NOT NULL,
	"youtube_url" text DEFAULT '' NOT NULL,
	"instagram_url" text DEFAULT '' NOT NULL,
	"privacy_policy_url" text DEFAULT '' NOT NULL,
	"terms_url" text DEFAULT '' NOT NULL,
	"store_url" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enrolments" (
	"institute_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"academic_year_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"roll_no" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "enrolments_institute_id_student_id_academic_year_id_batch_id_pk" PRIMARY KEY("institute_id","student_id","academic_year_id","batch_id")
);
--> statement-breakpoint
CREATE TABLE "student_parents" (
	"institute_id" integer NOT NULL,
	"parent_user_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	CONSTRAINT "student_parents_institute_id_parent_user_id_student_id_pk" PRIMARY KEY("institute_id","parent_user_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "students" (
	"institute_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "students_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"display_id" text NOT NULL,
	CONSTRAINT "students_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"institute_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_type" smallint NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"email" text,
	"password_hash" text NOT NULL,
	"photo_url" text DEFAULT '' NOT NULL,
	"is_blocked" boolean DEFAULT false NOT NULL,
	"is_login_allowed" smallint DEFAULT 1 NOT NULL,
	"registered_device_id" text,
	"join_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "academic_years" ADD CONSTRAINT "academic_years_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_institute_id_standard_id_standards_institute_id_id_fk" FOREIGN KEY ("institute_id","standard_id") REFERENCES "public"."standards"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_institute_id_academic_year_id_academic_years_institute_id_id_fk" FOREIGN KEY ("institute_id","academic_year_id") REFERENCES "public"."academic_years"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "standards" ADD CONSTRAINT "standards_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subjects" ADD CONSTRAINT "subjects_institute_id_standard_id_standards_institute_id_id_fk" FOREIGN KEY ("institute_id","standard_id") REFERENCES "public"."standards"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institute_hosts" ADD CONSTRAINT "institute_hosts_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_institute_id_student_id_students_institute_id_id_fk" FOREIGN KEY ("institute_id","student_id") REFERENCES "public"."students"("institute_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_institute_id_academic_year_id_academic_years_institute_id_id_fk" FOREIGN KEY ("institute_id","academic_year_id") REFERENCES "public"."academic_years"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolments" ADD CONSTRAINT "enrolments_institute_id_batch_id_batches_institute_id_id_fk" FOREIGN KEY ("institute_id","batch_id") REFERENCES "public"."batches"("institute_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_parents" ADD CONSTRAINT "student_parents_institute_id_parent_user_id_users_institute_id_id_fk" FOREIGN KEY ("institute_id","parent_user_id") REFERENCES "public"."users"("institute_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_parents" ADD CONSTRAINT "student_parents_institute_id_student_id_students_institute_id_id_fk" FOREIGN KEY ("institute_id","student_id") REFERENCES "public"."students"("institute_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_institute_id_user_id_users_institute_id_id_fk" FOREIGN KEY ("institute_id","user_id") REFERENCES "public"."users"("institute_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "academic_years_institute_id_start_date_index" ON "academic_years" USING btree ("institute_id","start_date");--> statement-breakpoint
CREATE INDEX "batches_institute_id_academic_year_id_standard_id_index" ON "batches" USING btree ("institute_id","academic_year_id","standard_id");--> statement-breakpoint
CREATE INDEX "subjects_institute_id_standard_id_index" ON "subjects" USING btree ("institute_id","standard_id");--> statement-breakpoint
CREATE INDEX "enrolments_institute_id_batch_id_index" ON "enrolments" USING btree ("institute_id","batch_id");--> statement-breakpoint
CREATE INDEX "student_parents_institute_id_student_id_index" ON "student_parents" USING btree ("institute_id","student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "students_institute_id_user_id_index" ON "students" USING btree ("institute_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "students_institute_id_display_id_index" ON "students" USING btree ("institute_id","display_id");--> statement-breakpoint
CREATE INDEX "users_institute_id_phone_index" ON "users" USING btree ("institute_id","phone");--> statement-breakpoint
CREATE INDEX "users_institute_id_email_lower_idx" ON "users" USING btree ("institute_id",lower("email"));