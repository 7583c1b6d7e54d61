CREATE TABLE "alert_deliveries" (
	"institute_id" integer NOT NULL,
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "alert_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"alert_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"channel" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"digest_day" date,
	"next_try_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	CONSTRAINT "alert_deliveries_institute_id_id_pk" PRIMARY KEY("institute_id","id")
);
--> statement-breakpoint
CREATE TABLE "alert_digests" (
	"institute_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"channel" text NOT NULL,
	"day" date NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"next_try_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"alert_count" integer,
	CONSTRAINT "alert_digests_institute_id_user_id_channel_day_pk" PRIMARY KEY("institute_id","user_id","channel","day")
);
--> statement-breakpoint
DROP INDEX "sms_outbox_to_send";--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "planned_at" timestamp with time zone;--> statement-breakpoint
-- Alerts produced before channels existed stay in the bell only: none of them is sent late by SMS, email or push.
UPDATE "alerts" SET "planned_at" = "created_at";--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_institute_id_alert_id_alerts_institute_id_id_fk" FOREIGN KEY ("institute_id","alert_id") REFERENCES "public"."alerts"("institute_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_digests" ADD CONSTRAINT "alert_digests_institute_id_user_id_users_institute_id_id_fk" FOREIGN KEY ("institute_id","user_id") REFERENCES "public"."users"("institute_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_deliveries_once" ON "alert_deliveries" USING btree ("institute_id","alert_id","channel");--> statement-breakpoint
CREATE INDEX "alert_deliveries_to_send" ON "alert_deliveries" USING btree ("next_try_at") WHERE "alert_deliveries"."next_try_at" is not null;--> statement-breakpoint
CREATE INDEX "alert_deliveries_of_digest" ON "alert_deliveries" USING btree ("institute_id","user_id","channel","digest_day") WHERE "alert_deliveries"."digest_day" is not null and "alert_deliveries"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "alert_digests_to_send" ON "alert_digests" USING btree ("next_try_at") WHERE "alert_digests"."next_try_at" is not null;--> statement-breakpoint
CREATE INDEX "alerts_to_plan" ON "alerts" USING btree ("institute_id","id") WHERE "alerts"."planned_at" is null;--> statement-breakpoint
CREATE INDEX "sms_outbox_to_send" ON "sms_outbox" USING btree ("created_at") WHERE "sms_outbox"."sent_at" is null and "sms_outbox"."purpose" in ('forgot_password', 'first_password', 'alert');