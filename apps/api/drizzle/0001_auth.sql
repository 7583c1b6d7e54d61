CREATE TYPE "public"."session_scope" AS ENUM('main', 'examdesk', 'scorecard');--> statement-breakpoint
CREATE TYPE "public"."sso_token_kind" AS ENUM('link', 'key');--> statement-breakpoint
CREATE TABLE "institute_api_keys" (
	"institute_id" integer NOT NULL,
	"key_hash" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"institute_id" integer NOT NULL,
	"login" text NOT NULL,
	"failed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"institute_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"login_id" text NOT NULL,
	"scope" "session_scope" NOT NULL,
	"token_hash" text NOT NULL,
	"account_user_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"student_id" integer,
	"user_type" integer NOT NULL,
	"device_id" text NOT NULL,
	"source" text DEFAULT 'WEB' NOT NULL,
	"academic_year_ids" integer[] NOT NULL,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"institute_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "sms_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"phone" text NOT NULL,
	"purpose" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "sms_outbox_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
CREATE TABLE "sso_tokens" (
	"institute_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "sso_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" "sso_token_kind" NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"redirect_url" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "sso_tokens_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
CREATE TABLE "temporary_passwords" (
	"institute_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"password_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "temporary_passwords_institute_id_user_id_pk" PRIMARY KEY("institute_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "institute_api_keys" ADD CONSTRAINT "institute_api_keys_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_failures" ADD CONSTRAINT "login_failures_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_institute_id_account_user_id_users_institute_id_id_fk" FOREIGN KEY ("institute_id","account_user_id") REFERENCES "public"."users"("institute_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_institute_id_institutes_id_fk" FOREIGN KEY ("institute_id") REFERENCES "public"."institutes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_tokens" ADD CONSTRAINT "sso_tokens_institute_id_user_id_users_institute_id_id_fk" FOREIGN KEY ("institute_id","user_id") REFERENCES "public"."users"("institute_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "temporary_passwords" ADD CONSTRAINT "temporary_passwords_institute_id_user_id_users_institute_id_id_fk" FOREIGN KEY ("institute_id","user_id") REFERENCES "public"."users"("institute_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "institute_api_keys_institute_id_index" ON "institute_api_keys" USING btree ("institute_id");--> statement-breakpoint
CREATE INDEX "login_failures_institute_id_login_failed_at_index" ON "login_failures" USING btree ("institute_id","login","failed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_index" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_institute_id_account_user_id_expires_at_index" ON "sessions" USING btree ("institute_id","account_user_id","expires_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_institute_id_phone_created_at_index" ON "sms_outbox" USING btree ("institute_id","phone","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sso_tokens_token_hash_index" ON "sso_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sso_tokens_institute_id_user_id_index" ON "sso_tokens" USING btree ("institute_id","user_id") WHERE "sso_tokens"."used_at" is null;