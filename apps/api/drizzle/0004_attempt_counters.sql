CREATE TABLE "attempt_counters" (
	"institute_id" integer NOT NULL,
	"bucket" text NOT NULL,
	"key" text NOT NULL,
	"attempts" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	CONSTRAINT "attempt_counters_institute_id_bucket_key_pk" PRIMARY KEY("institute_id","bucket","key")
);
--> statement-breakpoint
DROP TABLE "login_failures" CASCADE;