CREATE TABLE "alert_settings" (
	"institute_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"channels" jsonb NOT NULL,
	"quiet_start" text NOT NULL,
	"quiet_end" text NOT NULL,
	"urgent" jsonb NOT NULL,
	"digest" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "alert_settings_institute_id_user_id_pk" PRIMARY KEY("institute_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"institute_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "push_subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "push_subscriptions_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
ALTER TABLE "alert_settings" ADD CONSTRAINT "alert_settings_institute_id_user_id_users_institute_id_id_fk" FOREIGN KEY ("institute_id","user_id") REFERENCES "public"."users"("institute_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_institute_id_user_id_users_institute_id_id_fk" FOREIGN KEY ("institute_id","user_id") REFERENCES "public"."users"("institute_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint" ON "push_subscriptions" USING btree ("institute_id","endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_of_account" ON "push_subscriptions" USING btree ("institute_id","user_id");